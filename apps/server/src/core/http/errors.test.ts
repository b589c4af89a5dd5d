import { connect } from 'node:net';
import { ERROR_CODES, encodeListParam } from '@vap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/harness.js';
import { LANGUAGES, translate } from './i18n.js';

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { bodyLimit: 2048 });
  });
  afterAll(() => t.close());

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

  it('answers headers over the limit with 431 and a malformed request with 400, both {code, message}', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        socket.on('data', (chunk) => {
          answer += chunk;
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const big = await raw(`GET /webapi/healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`);
    expect(big.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'request_header_too_large',
      message: '请求头过大',
    });
    const malformed = await raw('NOT AN HTTP REQUEST\r\n\r\n');
    expect(malformed.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(malformed.slice(malformed.indexOf('\r\n\r\n') + 4)).code).toBe('bad_request');
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
    const app = await buildApp({
      database: t.database,
      passwords: new (await import('../auth/passwords.js')).PasswordHasher(1),
      jwtSecret: t.jwtSecret,
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
  beforeAll(async () => {
    t = await createTestApp('pglite', { timeouts: { headersMs: 500, requestMs: 1_000 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

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
