import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConsole } from './console-static.js';

const JS = 'export const app = "the console";\n'.repeat(100);
const HTML = `<!doctype html><title>VAP</title>${'<p>console</p>'.repeat(100)}`;

async function app(consoleDir: string, serveSourceMaps: boolean): Promise<FastifyInstance> {
  const server = Fastify();
  await registerConsole(server, consoleDir, { serveSourceMaps });
  await server.ready();
  return server;
}

describe('the console build as the browser gets it', () => {
  let dir: string;
  let server: FastifyInstance;
  let production: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vap-console-static-'));
    await mkdir(join(dir, 'assets'));
    const files: Record<string, string> = { 'index.html': HTML, 'assets/app-1a2b3c.js': JS };
    for (const [name, text] of Object.entries(files)) {
      await writeFile(join(dir, name), text);
      await writeFile(join(dir, `${name}.br`), brotliCompressSync(text));
      await writeFile(join(dir, `${name}.gz`), gzipSync(text));
    }
    await writeFile(join(dir, 'assets/app-1a2b3c.js.map'), '{"version":3}');
    server = await app(dir, true);
    production = await app(dir, false);
  });
  afterAll(async () => {
    await server.close();
    await production.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string, on = server) =>
    on.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,*/*', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends the brotli copy when the browser accepts it, else gzip, else the file itself', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(JS.length / 5);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  it('caches hashed assets for a year as immutable, and revalidates index.html on every load', async () => {
    expect((await get('/assets/app-1a2b3c.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/index.html', '/login', '/system/user?page=2']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers.vary, url).toMatch(/accept-encoding/i);
    }
  });

  it('serves source maps only when asked to (not in production by default)', async () => {
    expect((await get('/assets/app-1a2b3c.js.map')).statusCode).toBe(200);
    expect((await get('/assets/app-1a2b3c.js.map', undefined, production)).statusCode).toBe(404);
    expect((await get('/assets/app-1a2b3c.js', undefined, production)).statusCode).toBe(200);
  });
});

describe('index.html in the visitor’s language', () => {
  const MESSAGES = {
    'zh-CN': '/assets/messages-zh-CN-a1.js',
    en: '/assets/messages-en-b2.js',
    'zh-TW': '/assets/messages-zh-TW-c3.js',
  };
  const INDEX = `<!doctype html><head><link rel="modulepreload" crossorigin href="/assets/sign-in-d4.js"><link rel="modulepreload" crossorigin href="${MESSAGES['zh-CN']}" data-language="zh-CN"></head>${'<p>console</p>'.repeat(100)}`;
  let dir: string;
  let server: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vap-console-index-'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(
      join(dir, 'first-load.json'),
      JSON.stringify({ defaultLanguage: 'zh-CN', messages: MESSAGES }),
    );
    server = await app(dir, false);
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const page = (cookie?: string, encoding?: string) =>
    server.inject({
      method: 'GET',
      url: '/device/maintenance',
      headers: {
        accept: 'text/html',
        ...(cookie ? { cookie } : {}),
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
    });
  const preloads = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

  it('preloads the zh-CN strings on a first visit, which has no language cookie', async () => {
    expect(preloads((await page()).body)).toEqual(['/assets/sign-in-d4.js', MESSAGES['zh-CN']]);
  });

  it('preloads the strings of the language the cookie names instead, and only those', async () => {
    for (const language of ['en', 'zh-TW'] as const) {
      const answer = await page(`theme=dark; vap_language=${language}`);
      expect(preloads(answer.body), language).toEqual(['/assets/sign-in-d4.js', MESSAGES[language]]);
      expect(answer.body).toContain(`data-language="${language}"`);
    }
  });

  it('takes a cookie naming no language of the console, or an oversized header, as a first visit', async () => {
    for (const cookie of ['vap_language=fr', 'vap_language=%00', `vap_language=en; x=${'y'.repeat(9000)}`]) {
      expect(preloads((await page(cookie)).body), cookie.slice(0, 20)).toContain(MESSAGES['zh-CN']);
    }
  });

  it('is compressed as the browser accepts, revalidated on every load and kept apart per cookie by caches', async () => {
    const br = await page('vap_language=en', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(MESSAGES.en);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/cookie/i);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await page('vap_language=en', 'gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(MESSAGES.en);
    expect((await page('vap_language=en')).headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
