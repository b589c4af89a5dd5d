import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../seed.js';
import { bearer, ENGINES, TEST_DEMO, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

const LOGIN = '/webapi/v0/pms/users/login_password';
const USER = '/webapi/v1/pms/user';
const LOGOUT = '/webapi/v1/pms/user/logout';

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe.each(ENGINES)('password sign-in and tokens on %s', (engine) => {
  let t: TestApp;
  blockApp(engine, (app) => (t = app));

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: LOGIN, payload: payload as object, headers });
  const getUser = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: USER, headers });

  it('signs in with the phone and the md5 of the password, answering a token', async () => {
    const response = await login({ account: TEST_DEMO.account, password: md5Hex(TEST_DEMO.password) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String) });
  });

  it('signs in with the email in any letter case and an upper-case md5', async () => {
    const response = await login({
      account: TEST_DEMO.email.toUpperCase(),
      password: md5Hex(TEST_DEMO.password).toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password with 401 invalid_credentials and a message', async () => {
    const response = await login(
      { account: TEST_DEMO.account, password: md5Hex('wrong') },
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'invalid_credentials', message: 'Wrong account or password' });
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const response = await login({ account: '13900000000', password: md5Hex(TEST_DEMO.password) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'invalid_credentials', message: '账号或密码错误' });
  });

  it('answers a malformed md5 with 400 and the field message', async () => {
    const response = await login(
      { account: TEST_DEMO.account, password: TEST_DEMO.password },
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      message: 'The password must be an md5 hex digest',
      fields: { password: 'The password must be an md5 hex digest' },
    });
  });

  it('answers an account that is neither phone nor email with 400', async () => {
    const response = await login({ account: 'owner', password: md5Hex('x') }, { 'accept-language': 'zh-TW' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.account).toBe('請輸入正確的手機號碼或電子郵件');
  });

  it('answers an empty body with 400 and a message', async () => {
    const response = await t.app.inject({ method: 'POST', url: LOGIN, headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/body/),
    });
  });

  it.each([
    {
      body: 'broken JSON',
      type: 'application/json',
      payload: '{"account":',
      status: 400,
      code: 'bad_request',
    },
    {
      body: 'a form-encoded body',
      type: 'application/x-www-form-urlencoded',
      payload: 'account=1',
      status: 415,
      code: 'unsupported_media_type',
    },
  ])('answers $body with $status', async ({ type, payload, status, code }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': type },
      payload,
    });
    expect([response.statusCode, response.json().code]).toEqual([status, code]);
  });

  it('issues an HS256 JWT with sub, sid and an exp of the configured lifetime', async () => {
    const token = await t.signIn();
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    const claims = decode(token);
    expect(header.alg).toBe('HS256');
    expect(claims.sub).toMatch(/^\d+$/);
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('answers 401 unauthorized without a token or with a malformed header', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
    ];
    for (const headers of attempts) {
      const response = await getUser(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthorized');
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('answers 401 token_expired for an expired token', async () => {
    const live = decode(await t.signIn());
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ sid: live.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(live.sub))
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(t.serverSecret));
    const response = await getUser(bearer(expired));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('token_expired');
  });

  it('revokes the token on logout (204) and leaves other sessions signed in', async () => {
    const token = await t.signIn();
    const other = await t.signIn();
    const logout = await t.app.inject({ method: 'POST', url: LOGOUT, headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    const revoked = await getUser(bearer(token));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('unauthorized');
    expect((await getUser(bearer(other))).statusCode).toBe(200);
    // Logging out twice is not possible either.
    expect((await t.app.inject({ method: 'POST', url: LOGOUT, headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('answers 401 for forged tokens: another secret, alg none, HS512, an unknown session', async () => {
    const live = decode(await t.signIn());
    const exp = Math.floor(Date.now() / 1000) + 600;
    const sign = (secret: string, alg: string, sid = String(live.sid)) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg })
        .setSubject(String(live.sub))
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: live.sub, sid: live.sid, exp }),
    ).toString('base64url')}.`;
    const forged = [
      await sign('x'.repeat(48), 'HS256'),
      await sign(t.serverSecret, 'HS512'),
      await sign(t.serverSecret, 'HS256', randomUUID()),
      none,
      'not.a.jwt',
    ];
    for (const token of forged) {
      const response = await getUser(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthorized');
    }
  });

  it('takes the user id of a token only in its canonical decimal form: "1e0", " 1 ", "01", "1.0" are 401', async () => {
    const live = decode(await t.signIn());
    const id = String(live.sub);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const withSubject = (sub: string) =>
      new SignJWT({ sid: live.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(t.serverSecret));
    expect((await getUser(bearer(await withSubject(id)))).statusCode).toBe(200);
    for (const sub of [`${id}e0`, ` ${id} `, `0${id}`, `${id}.0`, `+${id}`, `0x${Number(id).toString(16)}`]) {
      const response = await getUser(bearer(await withSubject(sub)));
      expect([sub, response.statusCode]).toEqual([sub, 401]);
      expect(response.json().code).toBe('unauthorized');
    }
  });
});
