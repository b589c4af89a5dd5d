/**
 * `npm run bench`: the kernel's own gzip size, and its boot time — from navigation to the first
 * routed render with 20 plugins registered — against an empty React root built and measured in
 * the same run (architecture §5: ratios, never wall-clock limits).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { ROOT } from '../support/server.js';

const RUNS = 15;
const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

let outDir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'vap-bench-'));
  const root = resolve(import.meta.dirname, 'boot');
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  process.env.NODE_ENV = 'production';
  await build({
    mode: 'production',
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: { kernel: join(root, 'kernel.html'), empty: join(root, 'empty.html') } },
    },
  });
  server = createServer((req, res) => {
    const file = join(outDir, new URL(req.url ?? '/', 'http://x').pathname);
    try {
      const body = readFileSync(file);
      const type = extname(file) === '.html' ? 'text/html' : 'text/javascript';
      res.writeHead(200, { 'content-type': type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server?.close();
  await rm(outDir, { recursive: true, force: true });
});

/** Gzip bytes of the JavaScript a page loads: its entry script and the modules it preloads. */
function pageScriptBytes(html: string): number {
  const text = readFileSync(join(outDir, html), 'utf8');
  const files = [...text.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  return [...new Set(files)].reduce((sum, file) => sum + gzip(join(outDir, file)), 0);
}

it('reports the kernel size and boot time against an empty React root', async () => {
  const kernelDist = join(ROOT, 'packages/kernel/dist');
  const ownFiles = readdirSync(kernelDist).filter(
    (file) => file.endsWith('.js') && !file.startsWith('testing'),
  );
  const own = ownFiles.reduce((sum, file) => sum + gzip(join(kernelDist, file)), 0);

  const browser = await launchChromium();
  const times: Record<'kernel' | 'empty', number[]> = { kernel: [], empty: [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const name of ['empty', 'kernel'] as const) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${base}/${name}.html`);
        const at = await page.waitForFunction(() => window.__firstRender, undefined, { timeout: 30_000 });
        times[name].push(Number(await at.jsonValue()));
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }

  const kernelBoot = median(times.kernel);
  const emptyBoot = median(times.empty);
  const kernelJs = pageScriptBytes('kernel.html');
  const emptyJs = pageScriptBytes('empty.html');
  console.log(
    [
      'Kernel benchmark (median of %d runs, headless Chromium)',
      `  kernel dist, own code (gzip):              ${kb(own)}`,
      `  JS of the 20-plugin boot page (gzip):      ${kb(kernelJs)}   empty React root: ${kb(emptyJs)}   ratio ${(kernelJs / emptyJs).toFixed(2)}`,
      `  navigation → first routed render:          ${kernelBoot.toFixed(1)} ms   empty React root: ${emptyBoot.toFixed(1)} ms   ratio ${(kernelBoot / emptyBoot).toFixed(2)}`,
    ].join('\n'),
    RUNS,
  );
  // A benchmark reports; it only checks that it measured something.
  expect(times.kernel).toHaveLength(RUNS);
});

declare global {
  interface Window {
    __firstRender?: number;
  }
}
