#!/usr/bin/env node
/**
 * `npm run db:generate -w @vap/server [-- drizzle-kit options]`: drizzle-kit sits at the root of
 * node_modules while npm keeps drizzle-orm inside apps/server, where drizzle-kit cannot import it.
 * A link at the root for the duration of the run lets it, and is removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'apps/server');
const link = join(root, 'node_modules/drizzle-orm');
const target = join(server, 'node_modules/drizzle-orm');
const linked = !existsSync(link) && existsSync(target);
if (linked) symlinkSync(relative(dirname(link), target), link, 'dir');
try {
  const result = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], {
    cwd: server,
    stdio: 'inherit',
  });
  process.exitCode = result.status ?? 1;
} finally {
  if (linked) rmSync(link);
}
