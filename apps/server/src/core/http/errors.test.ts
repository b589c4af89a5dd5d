import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { ERROR_CODES, encodeListParam, JSON_MAX_DEPTH } from '@vap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../seed.js';
import { bearer, createTestApp, TEST_DEMO, type TestApp } from '../../testing/harness.js';
import { keptLines } from '../../testing/kept-log.js';
import { blockApp } from '../../testing/suite-app.js';
import { LANGUAGES, translate } from './i18n.js';

describe('error answers', () => {
  let t: TestApp;
  blockApp('pglite', { bodyLimit: 2048 }, (app) => (t = app));

  it('has a message for every error code in every language', () => {
    for (const language of LANGUAGES) {
      for (const code of ERROR_CODES) expect(translate(language, `errors.${code}`)).not.toMatch(/^errors\./);
    }
  });

  it('answers an oversized body with 413 payload_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webapi/v0/pms/users/login_password',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ account: 'x'.repeat(4096), password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'payload_too_large', message: 'The request body is too large' });
  });

  it('refuses a NUL character in a JSON body or a query string with 400, never a database error', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/webapi/v0/pms/users/login_password',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ account: '138\u00000013800', password: 'y' }),
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ code: 'bad_request', message: 'Text must not contain NUL characters' });
    const token = await t.signIn();
    const query = await t.app.inject({
      method: 'GET',
      url: '/webapi/v1/pms/company/users?page=1&size=20&nickname=%00',
      headers: bearer(token),
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe('bad_request');
  });

  it('refuses a NUL character in a list filter with 400 invalid_list_query', async () => {
    const token = await t.signIn();
    const wheres = encodeURIComponent(encodeListParam([{ k: 'nickname', o: 'like', v: '\u0000' }]));
    for (const path of ['/v1/pms/company/users', '/v1/ntc/notices', '/v1/ntc/messages']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/webapi${path}?page=1&size=20&wheres=${wheres}`,
        headers: bearer(token),
      });
      expect([path, response.statusCode]).toEqual([path, 400]);
      expect(response.json().code).toBe('invalid_list_query');
    }
  });

  describe('requests the routes never see, sent as raw bytes', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });

    /** The status and JSON body of the answer to these bytes. */
    const raw = (request: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => {
          // An interim 100 Continue is not the answer.
          answer = (answer + chunk).replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
          // A connection kept alive is not closed by the server: the first complete answer is enough.
          const split = answer.indexOf('\r\n\r\n');
          const length = /\r\ncontent-length: (\d+)/i.exec(answer.slice(0, split))?.[1];
          if (split >= 0 && length && Buffer.byteLength(answer.slice(split + 4)) >= Number(length))
            socket.end();
        });
        socket.on('close', () => {
          const split = answer.indexOf('\r\n\r\n');
          let body: unknown = answer.slice(split + 4);
          try {
            body = JSON.parse(String(body));
          } catch {
            // Left as text: the expectation below shows it.
          }
          resolve({ status: Number(answer.split(' ')[1]), body });
        });
        socket.on('error', reject);
      });

    const zh = (code: string) => ({ code, message: translate('zh-CN', `errors.${code}`) });

    // Broken framing Node's parser refuses: each was answered in Fastify's or Node's own shape once.
    const BROKEN: Record<string, string> = {
      'a Content-Length that is no number':
        'POST /webapi/healthz HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'a negative Content-Length': 'POST /webapi/healthz HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'two different Content-Lengths':
        'POST /webapi/healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
      'Content-Length with Transfer-Encoding':
        'POST /webapi/healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      // To a route that reads its body: one without (a 404) may answer before the body is parsed.
      'a chunk size that is no number':
        'POST /webapi/v0/pms/users/login_password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n',
      'a Transfer-Encoding not ending in chunked':
        'POST /webapi/healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n',
      'a garbage request line': 'NOT AN HTTP REQUEST\r\n\r\n',
      'an unknown HTTP version': 'GET /webapi/healthz HTTP/9.9\r\nHost: x\r\n\r\n',
      'a method with symbols': 'G@T /webapi/healthz HTTP/1.1\r\nHost: x\r\n\r\n',
      'a control character in the path': 'GET /webapi/he\u0001althz HTTP/1.1\r\nHost: x\r\n\r\n',
      'a NUL in a header': 'GET /webapi/healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n',
      'bare LF line endings': 'GET /webapi/healthz HTTP/1.1\nHost: x\n\n',
      'a space in a header name': 'GET /webapi/healthz HTTP/1.1\r\nHost: x\r\nX A: b\r\n\r\n',
      'a header without a colon': 'GET /webapi/healthz HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n',
      'a folded header line': 'GET /webapi/healthz HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n',
      'a CR alone inside a header': 'GET /webapi/healthz HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n',
      'a space before the colon': 'GET /webapi/healthz HTTP/1.1\r\nHost : x\r\n\r\n',
    };

    it.each(Object.entries(BROKEN))('answers %s with 400 {code, message}', async (_name, request) => {
      expect(await raw(request)).toEqual({ status: 400, body: zh('bad_request') });
    });

    it('answers broken framing in the language of its Accept-Language where the parser got that far', async () => {
      const request =
        'POST /webapi/healthz HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nContent-Length: abc\r\n\r\n';
      expect(await raw(request)).toEqual({
        status: 400,
        body: { code: 'bad_request', message: 'The request is malformed' },
      });
    });

    it('answers an HTTP/1.1 request without a Host header with 400 {code, message}, and HTTP/1.0 without one normally', async () => {
      expect(await raw('GET /webapi/healthz HTTP/1.1\r\nAccept-Language: en\r\n\r\n')).toEqual({
        status: 400,
        body: { code: 'bad_request', message: 'The request has no Host header' },
      });
      expect((await raw('GET /webapi/healthz HTTP/1.0\r\n\r\n')).status).toBe(200);
    });

    it('answers an Expect header other than 100-continue with 417 {code, message}', async () => {
      const request = (expectation: string, language = 'zh-CN') =>
        `POST /webapi/v0/pms/puzzle_captcha HTTP/1.1\r\nHost: x\r\nAccept-Language: ${language}\r\n` +
        `Expect: ${expectation}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
      expect(await raw(request('something-else'))).toEqual({ status: 417, body: zh('expectation_failed') });
      expect(await raw(request('something-else', 'en'))).toEqual({
        status: 417,
        body: {
          code: 'expectation_failed',
          message: 'The server cannot meet the Expect header of the request',
        },
      });
      expect((await raw(request('100-continue'))).status).toBe(200);
    });

    it('answers headers over the limit with 431 and a URL over it with 414, both {code, message}', async () => {
      const big = `GET /webapi/healthz HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`;
      expect(await raw(big)).toEqual({
        status: 431,
        body: { code: 'request_header_too_large', message: 'The request headers are too large' },
      });
      const long = `GET /webapi/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`;
      expect(await raw(long)).toEqual({ status: 414, body: zh('uri_too_long') });
    });

    it('answers a path parameter over 100 characters with 414 and a path of bad percent-encoding with 400, {code, message}', async () => {
      const param = `PUT /webapi/v1/ntc/messages/${'1'.repeat(200)}/read HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n`;
      expect(await raw(param)).toEqual({
        status: 414,
        body: { code: 'uri_too_long', message: 'The request address is too long' },
      });
      expect(await raw('GET /webapi/%zz HTTP/1.1\r\nHost: x\r\n\r\n')).toEqual({
        status: 400,
        body: zh('bad_request'),
      });
    });
  });

  it('answers an unknown /webapi path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/webapi/v1/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: '请求的资源不存在' });
  });

  it('answers a known path with the wrong method with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/webapi/v1/pms/user' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('refuses to start when a /webapi route does not declare who may call it', async () => {
    t.app.log.level = 'silent';
    const { buildApp } = await import('../../app.js');
    const { app } = await buildApp({
      database: t.database,
      passwords: new (await import('../auth/passwords.js')).PasswordHasher(1),
      serverSecret: t.serverSecret,
      jwtExpiresIn: 60,
      bodyLimit: 1024,
      verifyCompany: true,
      consoleDir: null,
      dataDir: t.dataDir,
      devOutbox: false,
    });
    expect(() => app.get('/webapi/open', () => 'x')).toThrow(/must declare config.access/);
    await app.close();
  });

  it('serves the OpenAPI document of the routes at /webapi/api.json without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/webapi/api.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v0/pms/users/login_password', '/v1/pms/user', '/v1/mtx/company/version']),
    );
    expect(document.paths['/v0/pms/users/login_password'].post.requestBody).toBeDefined();
  });

  it('answers healthz with the database engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/webapi/healthz' });
    expect(response.json()).toEqual({ status: 'ok', database: 'pglite' });
  });
});

describe('slow clients', () => {
  let t: TestApp;
  blockApp('pglite', { timeouts: { headersMs: 500, requestMs: 1_000 } }, async (app) => {
    t = app;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('a client sending its headers too slowly is answered 408 {code, message} and let go', async () => {
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /webapi/healthz HTTP/1.1\r\nHost: x\r\n'),
      );
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'request_timeout',
      message: '请求超时',
    });
  });
});

describe('bodies that once answered 500', () => {
  let t: TestApp;
  const { stream, lines: logged } = keptLines();
  beforeAll(async () => {
    // With the server's logger on: the 400 of a bad gzip body was a 500 only while logging it.
    t = await createTestApp('pglite', { logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      payload,
    });

  it('refuses JSON nested beyond the bound with 400 json_too_deep, sign-in and signed-in routes alike', async () => {
    const token = await t.signIn();
    for (const depth of [JSON_MAX_DEPTH + 1, 4_000, 10_000]) {
      for (const payload of [
        `${'['.repeat(depth)}${']'.repeat(depth)}`,
        `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      ]) {
        const signIn = await post('/webapi/v0/pms/users/login_password', payload);
        expect([depth, signIn.statusCode, signIn.json()]).toEqual([
          depth,
          400,
          { code: 'json_too_deep', message: 'The request nests too deeply' },
        ]);
        const role = await post('/webapi/v1/pms/company/roles', payload, bearer(token));
        expect([depth, role.statusCode, role.json().code]).toEqual([depth, 400, 'json_too_deep']);
      }
    }
  });

  it('still parses a body nested as deep as the bound allows', async () => {
    const payload = JSON.stringify({
      account: '13800138000',
      password: 'x',
      deep: JSON.parse(`${'['.repeat(JSON_MAX_DEPTH - 1)}${']'.repeat(JSON_MAX_DEPTH - 1)}`),
    });
    const response = await post('/webapi/v0/pms/users/login_password', payload);
    expect(response.json().code).not.toBe('json_too_deep');
  });

  it('answers a body that is not the gzip its Content-Encoding names with 400 {code, message}', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const response = await post('/webapi/v0/pms/users/login_password', '{"account":"a"}', {
        'content-encoding': encoding,
      });
      expect([encoding, response.statusCode, response.json()]).toEqual([
        encoding,
        400,
        {
          code: 'body_not_decodable',
          message: 'The request body could not be decompressed with the encoding it names',
        },
      ]);
    }
    // Nothing was taken for a failure of the server's own.
    expect(logged()).toContain('"statusCode":400');
    expect(logged()).not.toContain('"level":50');
  });

  it('answers an unknown Content-Encoding with 415 unsupported_encoding', async () => {
    const response = await post('/webapi/v0/pms/users/login_password', '{}', {
      'content-encoding': 'zstd-x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_encoding');
  });

  it('refuses a gzip body that expands beyond the body limit with 413', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    const response = await post('/webapi/v0/pms/users/login_password', bomb, { 'content-encoding': 'gzip' });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });

  it('still reads a real gzip body', async () => {
    const body = gzipSync(JSON.stringify({ account: '13800138000', password: md5Hex(TEST_DEMO.password) }));
    const response = await post('/webapi/v0/pms/users/login_password', body, { 'content-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
  });
});
