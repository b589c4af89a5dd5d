import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { users } from '../db/schema.js';

describe('compressed /webapi answers', () => {
  let t: TestApp;
  let token: string;
  blockApp('pglite', async (app) => {
    t = app;
    token = await t.signIn();
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends large JSON answers in brotli when asked, else gzip, which unpack to the same JSON', async () => {
    const plain = await get('/webapi/v1/pms/user');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/webapi/v1/pms/user', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/webapi/api.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('sends a compressed answer up to 64 KB in one piece, with its length, not as a stream', async () => {
    const br = await get('/webapi/v1/pms/user', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
  });

  it('answers user info compressed again once what it shows has changed', async () => {
    const unpack = async () =>
      JSON.parse(brotliDecompressSync((await get('/webapi/v1/pms/user', 'br')).rawPayload).toString());
    const before = await unpack();
    expect(await unpack()).toEqual(before);
    await t.database.db.update(users).set({ remark: 'changed meanwhile' }).where(eq(users.id, before.id));
    expect(await unpack()).toEqual({ ...before, remark: 'changed meanwhile' });
    expect((await get('/webapi/v1/pms/user')).json()).toEqual({ ...before, remark: 'changed meanwhile' });
  });

  it('leaves small answers, errors included, as they are', async () => {
    expect((await get('/webapi/healthz', 'br')).headers['content-encoding']).toBeUndefined();
    const missing = await get('/webapi/v1/nothing-here', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
