import { ERROR_CODES, encodeListParam } from '@vap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../testing/harness.js';
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
    const { buildApp } = await import('../app.js');
    const app = await buildApp({
      database: t.database,
      passwords: new (await import('../modules/auth/passwords.js')).PasswordHasher(1),
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
