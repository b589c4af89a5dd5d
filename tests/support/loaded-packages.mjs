/**
 * A preload (`node --import`) that tells which files a process has loaded: every URL its ES module
 * imports resolve to (through a resolve hook) and every CommonJS module in `require.cache`, the
 * ones ES modules import included. On SIGUSR2 it writes their paths, as JSON `{ files: [paths] }`,
 * to the file named by LOADED_PACKAGES_OUT. integration/server-start.test.ts starts the server with it.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';

const imported = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => imported.add(url));
// The channel keeps no process alive.
port1.unref();
register('./loaded-packages-hooks.mjs', {
  parentURL: import.meta.url,
  data: { port: port2 },
  transferList: [port2],
});

process.on('SIGUSR2', () => {
  const files = [...imported].filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
  files.push(...Object.keys(createRequire(import.meta.url).cache));
  // Whole or not at all: the reader waits for the file to appear.
  const out = process.env.LOADED_PACKAGES_OUT ?? 'loaded-packages.json';
  writeFileSync(`${out}.partial`, JSON.stringify({ files }));
  renameSync(`${out}.partial`, out);
});
