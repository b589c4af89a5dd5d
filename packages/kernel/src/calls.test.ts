// @vitest-environment node
import { declareCalls, decodeListParam, encodeListParam } from '@vap/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { clientOf, sendCall } from './calls.js';
import { ApiError, HttpClient } from './http.js';
import { json, startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.handlers.clear());

const area = {
  thing: z.object({ id: z.number(), name: z.string() }),
  things: z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })), total: z.number() }),
  idParams: z.object({ id: z.coerce.number() }),
  rename: z.object({ name: z.string().max(8) }),
  dryRun: z.object({ dry_run: z.enum(['true', 'false']).optional() }),
  filter: z.object({ wheres: z.string().optional(), orders: z.string().optional() }),
  count: z.object({ count: z.number() }),
  range: z.object({ from: z.string() }),
};
const CALLS = declareCalls(async () => area, {
  things: {
    method: 'GET',
    path: '/v1/things',
    access: { page: 'dashboard' },
    tags: [],
    summary: 'Things',
    schemas: (s) => ({ response: s.things, list: { filters: {}, orders: ['name'] } }),
  },
  rename: {
    method: 'PUT',
    path: '/v1/things/:id',
    access: { page: 'dashboard', button: 'edit' },
    tags: [],
    summary: 'Renames a thing',
    schemas: (s) => ({ params: s.idParams, query: s.dryRun, body: s.rename, response: s.thing }),
  },
  remove: {
    method: 'DELETE',
    path: '/v1/things/:id',
    access: 'owner',
    tags: [],
    summary: 'Removes a thing',
    schemas: (s) => ({ params: s.idParams, response: null }),
  },
  signIn: {
    method: 'POST',
    path: '/v0/sign_in',
    access: 'public',
    tags: [],
    summary: 'Signs in',
    schemas: (s) => ({ body: s.rename, response: s.thing }),
  },
  sheet: {
    method: 'GET',
    path: '/v1/things/export',
    access: { page: 'dashboard' },
    file: true,
    tags: [],
    summary: 'The things as a file',
    schemas: () => ({ response: null }),
  },
  count: {
    method: 'GET',
    path: '/v1/things/count',
    access: { page: 'dashboard' },
    tags: [],
    summary: 'How many things match',
    schemas: (s) => ({ query: s.filter, response: s.count }),
  },
  rangeSheet: {
    method: 'POST',
    path: '/v1/things/range/export',
    access: { page: 'dashboard' },
    file: true,
    tags: [],
    summary: 'The things of a range as a file',
    schemas: (s) => ({ body: s.range, response: null }),
  },
});

const http = () =>
  new HttpClient({
    baseURL: server.base,
    token: () => 'the-token',
    language: () => 'en',
    localMessage: (code) => `local:${code}`,
  });

describe('a client derived from declared calls', () => {
  it('fills the path, sends the query and body, and parses the answer with the call’s schema', async () => {
    let seen: { url?: string; method?: string; body?: string } = {};
    server.handlers.set('/webapi/v1/things/12', (req, res, body) => {
      seen = { url: req.url, method: req.method, body };
      json(res, 200, { id: 12, name: 'new', extra: 'dropped' });
    });
    const answer = await clientOf(http(), CALLS).rename({
      params: { id: 12 },
      query: { dry_run: 'true' },
      body: { name: 'new' },
    });
    expect(seen).toEqual({ url: '/webapi/v1/things/12?dry_run=true', method: 'PUT', body: '{"name":"new"}' });
    expect(answer).toEqual({ id: 12, name: 'new' });
    expectTypeOf(answer).toEqualTypeOf<{ id: number; name: string }>();
  });

  it('sends a list query as page and size with wheres and orders in base64 JSON (spec §7)', async () => {
    let url = '';
    server.handlers.set('/webapi/v1/things', (req, res) => {
      url = req.url ?? '';
      json(res, 200, { items: [{ id: 1, name: 'a' }], total: 1 });
    });
    const page = await clientOf(http(), CALLS).things({
      query: { page: 2, size: 20, wheres: [{ k: 'name', o: 'like', v: 'a' }], orders: [] },
    });
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('page')).toBe('2');
    expect(query.get('size')).toBe('20');
    expect(decodeListParam(query.get('wheres') ?? '')).toEqual([{ k: 'name', o: 'like', v: 'a' }]);
    expect(query.has('orders')).toBe(false);
    expect(page.total).toBe(1);
  });

  it('takes an answer that breaks the call’s schema as invalid_response', async () => {
    server.handlers.set('/webapi/v1/things/3', (_req, res) => json(res, 200, { id: 'three' }));
    const failure = await sendCall(
      http(),
      CALLS.rename,
      { params: { id: 3 }, body: { name: 'x' } },
      { quiet: true },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('invalid_response');
  });

  it('answers nothing for a 204 call, and carries the server’s {code, message} on a refusal', async () => {
    server.handlers.set('/webapi/v1/things/5', (req, res) => {
      if (req.method === 'DELETE') {
        res.writeHead(204);
        res.end();
      }
    });
    await expect(clientOf(http(), CALLS).remove({ params: { id: 5 } })).resolves.toBeUndefined();
    server.handlers.set('/webapi/v1/things/6', (_req, res) =>
      json(res, 409, { code: 'in_use', message: 'In use' }),
    );
    await expect(
      clientOf(http(), CALLS).remove({ params: { id: 6 } }, { quiet: true }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'in_use',
      message: 'In use',
    });
  });

  it('sends no token on a public call, and the token on every other', async () => {
    const authorization: (string | null)[] = [];
    server.handlers.set('/webapi/v0/sign_in', (req, res) => {
      authorization.push(req.headers.authorization ?? null);
      json(res, 200, { id: 1, name: 'me' });
    });
    server.handlers.set('/webapi/v1/things/1', (req, res) => {
      authorization.push(req.headers.authorization ?? null);
      json(res, 200, { id: 1, name: 'me' });
    });
    const client = clientOf(http(), CALLS);
    await client.signIn({ body: { name: 'me' } });
    await client.rename({ params: { id: 1 }, body: { name: 'me' } });
    expect(authorization).toEqual([null, 'Bearer the-token']);
  });

  it('receives a file call’s bytes with its headers', async () => {
    server.handlers.set('/webapi/v1/things/export', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="t.csv"',
      });
      res.end('id,name\n1,a\n');
    });
    const file = await clientOf(http(), CALLS).sheet();
    expect(await file.blob.text()).toBe('id,name\n1,a\n');
    expect(file.headers.get('content-disposition')).toContain('t.csv');
  });

  it('sends wheres and orders a call’s own query declares as their encoded text, as they are', async () => {
    let url = '';
    server.handlers.set('/webapi/v1/things/count', (req, res) => {
      url = req.url ?? '';
      json(res, 200, { count: 3 });
    });
    const wheres = encodeListParam([{ k: 'name', o: '=', v: 'a' }]);
    const answer = await clientOf(http(), CALLS).count({ query: { wheres } });
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('wheres')).toBe(wheres);
    expect(decodeListParam(query.get('wheres') ?? '')).toEqual([{ k: 'name', o: '=', v: 'a' }]);
    expect(query.has('orders')).toBe(false);
    expect(answer).toEqual({ count: 3 });
  });

  it('posts a file call of method POST with its body and receives the bytes', async () => {
    let seen: { method?: string; body?: string } = {};
    server.handlers.set('/webapi/v1/things/range/export', (req, res, body) => {
      seen = { method: req.method, body };
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end('bytes');
    });
    const file = await clientOf(http(), CALLS).rangeSheet({ body: { from: '2026-01-01' } });
    expect(seen).toEqual({ method: 'POST', body: '{"from":"2026-01-01"}' });
    expect(await file.blob.text()).toBe('bytes');
  });

  it('makes one client per HTTP client and area', () => {
    const one = http();
    expect(clientOf(one, CALLS)).toBe(clientOf(one, CALLS));
    expect(clientOf(http(), CALLS)).not.toBe(clientOf(one, CALLS));
  });
});
