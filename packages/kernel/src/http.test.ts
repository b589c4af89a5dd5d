// @vitest-environment node
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, HttpClient, type Where } from './http.js';
import { json, startTestServer, type TestServer } from './test-server.js';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.base;
});
afterAll(() => server.close());
beforeEach(() => server.handlers.clear());

function echo(req: IncomingMessage, res: ServerResponse, body: string) {
  json(res, 200, {
    url: req.url,
    authorization: req.headers.authorization ?? null,
    language: req.headers['accept-language'],
    body,
  });
}

function client(overrides: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) {
  return new HttpClient({
    baseURL: base,
    token: () => 'the-token',
    language: () => 'en',
    localMessage: (code) => `local:${code}`,
    ...overrides,
  });
}

describe('HTTP client (spec §7)', () => {
  it('sends the bearer token and the UI language on every call', async () => {
    server.handlers.set('/webapi/echo', echo);
    const answer = await client().get<{ authorization: string; language: string }>('/echo');
    expect(answer.authorization).toBe('Bearer the-token');
    expect(answer.language).toBe('en');
  });

  it('sends no bearer token on calls marked auth: false (password sign-in)', async () => {
    server.handlers.set('/webapi/echo', echo);
    const answer = await client().post<{ authorization: null; body: string }>(
      '/echo',
      { a: 1 },
      { auth: false },
    );
    expect(answer.authorization).toBeNull();
    expect(JSON.parse(answer.body)).toEqual({ a: 1 });
  });

  it('sends wheres as base64 of the JSON list and omits them when empty', async () => {
    server.handlers.set('/webapi/echo', echo);
    const wheres: Where[] = [{ k: 'state', o: '=', v: 0 }];
    const withWheres = await client().get<{ url: string }>('/echo', { wheres, query: { page: 1, size: 20 } });
    const query = new URLSearchParams(withWheres.url.split('?')[1]);
    expect(JSON.parse(atob(query.get('wheres') ?? ''))).toEqual(wheres);
    expect(query.get('page')).toBe('1');
    const without = await client().get<{ url: string }>('/echo', { wheres: [] });
    expect(without.url).not.toContain('wheres');
  });

  it('a list call sends page, size, wheres and orders, and checks the page it gets', async () => {
    server.handlers.set('/webapi/users', (req, res) =>
      json(res, 200, { items: [{ id: 1 }], total: 31, url: req.url }),
    );
    const page = await client().list(
      '/users',
      {
        page: 2,
        size: 10,
        wheres: [{ k: 'nickname', o: 'like', v: '管理员' }],
        orders: [{ k: 'id', o: 'desc' }],
      },
      z.object({ id: z.number() }),
    );
    expect(page).toEqual({ items: [{ id: 1 }], total: 31 });
    server.handlers.set('/webapi/users', echo);
    const echoed = await client().get<{ url: string }>('/users', {
      orders: [{ k: 'id', o: 'desc' }],
      wheres: [{ k: 'nickname', o: 'like', v: '管理员' }],
    });
    const query = new URLSearchParams(echoed.url.split('?')[1]);
    const decode = (value: string | null) =>
      JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(value ?? ''), (c) => c.charCodeAt(0))));
    expect(decode(query.get('orders'))).toEqual([{ k: 'id', o: 'desc' }]);
    expect(decode(query.get('wheres'))).toEqual([{ k: 'nickname', o: 'like', v: '管理员' }]);
    server.handlers.set('/webapi/bad', (_req, res) => json(res, 200, { rows: [] }));
    await expect(
      client().list('/bad', { page: 1, size: 10, wheres: [], orders: [] }, z.object({})),
    ).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('passes the server message of an error through (spec §8)', async () => {
    server.handlers.set('/webapi/fail', (_req, res) =>
      json(res, 409, { code: 'taken', message: 'Phone already used', fields: { phone: 'used' } }),
    );
    const error = await client()
      .get('/fail')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'taken',
      message: 'Phone already used',
      fields: { phone: 'used' },
    });
  });

  it('reports a 401 to a signed-in call, but not to an anonymous one', async () => {
    server.handlers.set('/webapi/private', (_req, res) =>
      json(res, 401, { code: 'token_expired', message: 'expired' }),
    );
    const onUnauthorized = vi.fn();
    await client({ onUnauthorized })
      .get('/private')
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await client({ onUnauthorized })
      .post('/private', {}, { auth: false })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('announces other failures with the server message; quiet calls (polls) are only logged', async () => {
    server.handlers.set('/webapi/broken', (_req, res) =>
      json(res, 409, { code: 'conflict', message: 'in use' }),
    );
    const onError = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await client({ onError })
      .get('/broken')
      .catch(() => undefined);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 409, message: 'in use' }));
    await client({ onError })
      .get('/broken', { quiet: true })
      .catch(() => undefined);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('GET /broken failed: in use');
    warn.mockRestore();
  });

  it('does not announce a 401 of a signed-in call as an ordinary error', async () => {
    server.handlers.set('/webapi/private', (_req, res) =>
      json(res, 401, { code: 'unauthorized', message: 'x' }),
    );
    const onError = vi.fn();
    const onUnauthorized = vi.fn();
    await client({ onError, onUnauthorized })
      .get('/private')
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('times out after the configured time with the local timeout message', async () => {
    server.handlers.set('/webapi/slow', (_req, res) => setTimeout(() => json(res, 200, {}), 500));
    const error = await client({ timeoutMs: 50 })
      .get('/slow')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'timeout', message: 'local:timeout' });
  });

  it("waits for a call as long as its own timeout says, longer than the client's", async () => {
    server.handlers.set('/webapi/slow', (_req, res) => setTimeout(() => json(res, 200, { made: true }), 200));
    const slow = client({ timeoutMs: 50 });
    expect(await slow.get('/slow', { timeoutMs: 1_000 })).toEqual({ made: true });
    expect(await slow.get('/slow').catch((e: unknown) => e)).toMatchObject({ code: 'timeout' });
  });

  it('cancels every pending request at once, with the cancelled message', async () => {
    server.handlers.set('/webapi/slow', (_req, res) => setTimeout(() => json(res, 200, {}), 500));
    const onError = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const http = client({ onError });
    const pending = [http.get('/slow'), http.get('/slow')].map((p) => p.catch((e: unknown) => e));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(http.pendingCount).toBe(2);
    http.cancelAll();
    const errors = await Promise.all(pending);
    expect(errors.map((e) => (e as ApiError).code)).toEqual(['cancelled', 'cancelled']);
    expect(http.pendingCount).toBe(0);
    // Cancels are the console's own doing: not announced.
    expect(onError).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("a call's own signal cancels that call only, unannounced, and an aborted signal cancels at once", async () => {
    server.handlers.set('/webapi/slow', (_req, res) => setTimeout(() => json(res, 200, { done: true }), 200));
    const onError = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const http = client({ onError });
    const leaving = new AbortController();
    const left = http.get('/slow', { signal: leaving.signal }).catch((e: unknown) => e);
    const kept = http.get('/slow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    leaving.abort();
    expect(await left).toMatchObject({ status: 0, code: 'cancelled' });
    expect(await kept).toEqual({ done: true });
    const early = await http.get('/slow', { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(early).toMatchObject({ code: 'cancelled' });
    expect(onError).not.toHaveBeenCalled();
    expect(http.pendingCount).toBe(0);
    warn.mockRestore();
  });

  it('cancelAll reaches file downloads too', async () => {
    server.handlers.set('/webapi/export', (_req, res) => setTimeout(() => json(res, 200, {}), 300));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const http = client();
    const download = http.download('/export').catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    http.cancelAll();
    expect(await download).toMatchObject({ code: 'cancelled' });
    warn.mockRestore();
  });

  it('rejects an answer that does not match the expected schema', async () => {
    server.handlers.set('/webapi/shape', (_req, res) => json(res, 200, { unexpected: true }));
    const error = await client()
      .get('/shape', { schema: z.object({ token: z.string() }) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_response' });
  });

  it('turns an unreachable server into the local network message', async () => {
    const error = await client({ baseURL: 'http://127.0.0.1:1/webapi' })
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network', message: 'local:network' });
  });

  it('parses with a schema given as a loader, loaded alongside the call', async () => {
    server.handlers.set('/webapi/shape', (_req, res) => json(res, 200, { token: 't', extra: 1 }));
    const schema = z.object({ token: z.string() });
    let loads = 0;
    const answer = await client().get('/shape', {
      schema: async () => {
        loads += 1;
        return schema;
      },
    });
    expect(answer).toEqual({ token: 't' });
    expect(loads).toBe(1);
    server.handlers.set('/webapi/other', (_req, res) => json(res, 200, { unexpected: true }));
    const error = await client()
      .get('/other', { schema: async () => schema })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_response' });
  });

  it('a schema that cannot load fails the call as a network failure, announced like one', async () => {
    server.handlers.set('/webapi/shape', (_req, res) => json(res, 200, { token: 't' }));
    const onError = vi.fn();
    const error = await client({ onError })
      .get('/shape', { schema: () => Promise.reject(new Error('chunk failed')) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network', message: 'local:network' });
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('a list call takes its item schema as a loader too', async () => {
    server.handlers.set('/webapi/rows', (_req, res) => json(res, 200, { items: [{ id: 1 }], total: 1 }));
    const page = await client().list('/rows', { page: 1, size: 20, wheres: [], orders: [] }, async () =>
      z.object({ id: z.number() }),
    );
    expect(page).toEqual({ items: [{ id: 1 }], total: 1 });
  });
});

describe('file answers (CSV exports)', () => {
  it('download answers the bytes and headers, with the token and list params sent as on any call', async () => {
    server.handlers.set('/webapi/export', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '7' });
      res.end(`\uFEFFid,auth\n1,${req.headers.authorization}\n${req.url}`);
    });
    const { blob, headers } = await client().download('/export', {
      wheres: [{ k: 'user_id', o: '=', v: 3 }],
    });
    const text = await blob.text();
    expect(headers.get('x-total-count')).toBe('7');
    expect(text).toContain('1,Bearer the-token');
    expect(text).toContain('wheres=');
  });

  it('receives a file that keeps coming for longer than the timeout, and gives up on one that stalls', async () => {
    const piecewise = (pieces: number, gapMs: number) => (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let sent = 0;
      const next = () => {
        if (sent === pieces) return res.end();
        res.write(`piece ${sent++};`);
        setTimeout(next, gapMs);
      };
      next();
    };
    server.handlers.set('/webapi/export', piecewise(6, 30));
    const { blob } = await client({ timeoutMs: 100 }).download('/export');
    expect(await blob.text()).toBe('piece 0;piece 1;piece 2;piece 3;piece 4;piece 5;');
    server.handlers.set('/webapi/export', piecewise(2, 400));
    const stalled = await client({ timeoutMs: 100 })
      .download('/export')
      .catch((error: unknown) => error);
    expect(stalled).toMatchObject({ code: 'timeout' });
  });

  it("a refused download carries the server's code and message and is announced", async () => {
    server.handlers.set('/webapi/export', (_req, res) =>
      json(res, 403, { code: 'forbidden', message: 'Not yours' }),
    );
    const onError = vi.fn();
    const failure = await client({ onError })
      .download('/export')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, code: 'forbidden', message: 'Not yours' });
    expect(onError).toHaveBeenCalledWith(failure);
  });
});

describe('requests and answers on the wire', () => {
  function headersAndBody(req: IncomingMessage, res: ServerResponse, body: string) {
    json(res, 200, {
      contentType: req.headers['content-type'] ?? null,
      accept: req.headers.accept ?? null,
      body,
    });
  }

  it('joins the base and the path, leaves undefined query values out and sends others as text', async () => {
    server.handlers.set('/webapi/echo', echo);
    const answer = await client().get<{ url: string }>('/echo?a=1&page=9', {
      query: { page: 2, size: undefined, dry_run: true, off: false, keyword: 'a b/c+d&e=f', empty: null },
      wheres: [{ k: 'name', o: 'like', v: '管理员?' }],
    });
    const [pathname, search] = answer.url.split('?');
    expect(pathname).toBe('/webapi/echo');
    const query = new URLSearchParams(search);
    expect([...query.keys()]).toEqual(['a', 'page', 'dry_run', 'off', 'keyword', 'empty', 'wheres']);
    expect(query.get('a')).toBe('1');
    expect(query.get('page')).toBe('2');
    expect(query.get('dry_run')).toBe('true');
    expect(query.get('off')).toBe('false');
    expect(query.get('keyword')).toBe('a b/c+d&e=f');
    expect(query.get('empty')).toBe('');
    const wheres = query.get('wheres') ?? '';
    expect(
      JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(wheres), (c) => c.charCodeAt(0)))),
    ).toEqual([{ k: 'name', o: 'like', v: '管理员?' }]);
  });

  it('sends a body as JSON with its content type, and a call without a body sends neither', async () => {
    server.handlers.set('/webapi/headers', headersAndBody);
    const withBody = await client().post('/headers', { a: [1], b: 'x' });
    expect(withBody).toEqual({
      contentType: 'application/json',
      accept: 'application/json',
      body: '{"a":[1],"b":"x"}',
    });
    const without = await client().post<{ contentType: string | null; body: string }>('/headers');
    expect(without.contentType).toBeNull();
    expect(without.body).toBe('');
  });

  it('passes FormData to fetch unchanged, for fetch to encode', async () => {
    server.handlers.set('/webapi/headers', headersAndBody);
    const form = new FormData();
    form.set('filename', 'logo.png');
    const answer = await client().post<{ contentType: string; body: string }>('/headers', form);
    expect(answer.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.body).toContain('logo.png');
  });

  it('answers undefined for 204 No Content, and the text of a text answer', async () => {
    server.handlers.set('/webapi/none', (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    server.handlers.set('/webapi/text', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('pong');
    });
    await expect(client().delete('/none')).resolves.toBeUndefined();
    await expect(client().get('/text')).resolves.toBe('pong');
  });

  it('an error answer that is not the server JSON becomes http_error with the status text', async () => {
    server.handlers.set('/webapi/gateway', (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
    });
    server.handlers.set('/webapi/garbled', (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"code":');
    });
    const quiet = { quiet: true };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gateway = await client()
      .get('/gateway', quiet)
      .catch((e: unknown) => e);
    expect(gateway).toBeInstanceOf(ApiError);
    expect(gateway).toMatchObject({ status: 502, code: 'http_error', message: 'Bad Gateway' });
    const garbled = await client()
      .get('/garbled', quiet)
      .catch((e: unknown) => e);
    expect(garbled).toMatchObject({ status: 500, code: 'http_error', message: 'Internal Server Error' });
    warn.mockRestore();
  });

  it("a refused call's field messages reach the caller", async () => {
    server.handlers.set('/webapi/users', (_req, res) =>
      json(res, 422, {
        code: 'invalid',
        message: 'Check the form',
        fields: { email: 'taken', phone: 'bad' },
      }),
    );
    const onError = vi.fn();
    const error = await client({ onError })
      .post('/users', { email: 'a@b.c' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      code: 'invalid',
      message: 'Check the form',
      fields: { email: 'taken', phone: 'bad' },
    });
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('calls the given fetch with the URL below /webapi as a string; its failure is a network error', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    const onError = vi.fn();
    const error = await client({ baseURL: undefined, fetch, onError })
      .put('/v1/thing', { a: 1 }, { query: { id: 3 } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network', message: 'local:network' });
    expect(onError).toHaveBeenCalledWith(error);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/webapi/v1/thing?id=3');
    expect(init).toMatchObject({ method: 'PUT', body: '{"a":1}' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });
});
