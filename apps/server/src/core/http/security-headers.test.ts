import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConsole } from './console-static.js';
import { registerSecurityHeaders } from './security-headers.js';

describe('security headers (issue 13 §3)', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vap-headers-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>VAP</title>');
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
    await writeFile(join(dir, 'assets', 'index-abc123.css'), 'body{}');
    app = Fastify();
    await registerSecurityHeaders(app);
    app.get('/webapi/ping', async () => ({ ok: true }));
    await registerConsole(app, dir, { serveSourceMaps: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('the console and /webapi forbid sniffing, referrers and framing, under a strict policy', async () => {
    for (const url of ['/', '/login?token=abc', '/webapi/ping']) {
      const { headers } = await get(url);
      expect([url, headers['x-content-type-options']]).toEqual([url, 'nosniff']);
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-frame-options']).toBe('DENY');
      const policy = String(headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("connect-src 'self' ws: wss:");
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).not.toContain('upgrade-insecure-requests');
    }
  });

  it("the build's scripts and stylesheets carry only the headers a subresource heeds", async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const { statusCode, headers } = await get(url);
      expect([url, statusCode]).toEqual([url, 200]);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['content-security-policy']).toBeUndefined();
      expect(headers['x-frame-options']).toBeUndefined();
      expect(headers['strict-transport-security']).toBeUndefined();
    }
    // Anything else under the console, a document or not, keeps the whole set.
    expect((await get('/assets/index-abc123.js.map')).headers['content-security-policy']).toBeDefined();
  });

  it('an error answer of /webapi carries them too', async () => {
    const { statusCode, headers } = await get('/webapi/none');
    expect(statusCode).toBe(404);
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('the pages meant to be embedded may be framed by any site, with the rest of the policy', async () => {
    const { headers } = await get('/open-pages/device-manager');
    expect(headers['x-frame-options']).toBeUndefined();
    const policy = String(headers['content-security-policy']);
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("script-src 'self'");
    expect(headers['referrer-policy']).toBe('no-referrer');
  });
});
