import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../seed.js';
import { type FarEnd, startFarEnd } from '../../testing/far-end.js';
import { bearer, createTestApp, TEST_DEMO, type TestApp } from '../../testing/harness.js';
import { nextIp } from '../../testing/sign-in.js';
import { scanBindings } from './schema.js';
import { expireScan } from './test-support.js';
import { WechatScanLoginProvider } from './wechat.js';

const QRCODE = '/webapi/v0/pms/users/login_wechat/qrcode';
const POLL = '/webapi/v0/pms/users/login_wechat';
const CALLBACK = '/webapi/v0/pms/users/login_wechat/callback';
const BIND = '/webapi/v1/pms/user/login_wechat/bind';
const REDIRECT = 'https://vap.example.com/webapi/v0/pms/users/login_wechat/callback';

/** What the fake WeChat answers for each OAuth code: the user who confirmed, or a refusal. */
const CODES: Record<string, object> = {
  'code-owner': { access_token: 'at', openid: 'o-owner', unionid: 'u-owner', scope: 'snsapi_login' },
  'code-owner-again': { access_token: 'at', openid: 'o-owner', unionid: 'u-owner' },
  'code-stranger': { access_token: 'at', openid: 'o-stranger', unionid: 'u-stranger' },
  'code-openid-only': { access_token: 'at', openid: 'o-only' },
};

describe('scan sign-in with WeChat (the website QR connect, against a local WeChat)', () => {
  let wechat: FarEnd;
  let t: TestApp;
  beforeAll(async () => {
    wechat = await startFarEnd();
    wechat.answer((call) => ({
      status: 200,
      body: CODES[call.url.searchParams.get('code') ?? ''] ?? { errcode: 40029, errmsg: 'invalid code' },
    }));
    t = await createTestApp('pglite', {
      scanProvider: new WechatScanLoginProvider({
        appId: 'wx-test-app',
        appSecret: 'wechat-test-secret',
        redirectUri: REDIRECT,
        openBase: 'https://open.weixin.qq.com',
        apiBase: wechat.url,
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });
  beforeEach(() => {
    wechat.calls.length = 0;
  });

  const qrcode = async () => {
    const response = await t.app.inject({ method: 'POST', url: QRCODE, remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: string; url: string }>();
  };
  /** The callback as WeChat's redirect reaches it: where it sends the browser, and that page's query. */
  const callback = async (code: string | undefined, state: string) => {
    const response = await t.app.inject({
      url: CALLBACK,
      query: code === undefined ? { state } : { code, state },
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location ?? '', 'https://vap.example.com');
    expect(location.origin + location.pathname).toBe('https://vap.example.com/scan-done');
    return Object.fromEntries(location.searchParams);
  };
  const poll = (id: string) =>
    t.app.inject({ method: 'POST', url: POLL, payload: { id }, headers: { 'accept-language': 'en' } });
  const bindState = (token: string, id: string) =>
    t.app.inject({ url: `${BIND}/${id}`, headers: { ...bearer(token), 'accept-language': 'en' } });
  const binding = async (token: string) =>
    (await t.app.inject({ url: BIND, headers: bearer(token) })).json<{ bound: boolean }>();
  const bindAs = async (token: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: BIND,
      headers: bearer(token),
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: string; url: string }>();
  };

  it("shows WeChat's QR connect page for the app, the redirect address and the scan id as state", async () => {
    const scan = await qrcode();
    const url = new URL(scan.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx-test-app',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'snsapi_login',
      state: scan.id,
    });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('refuses a WeChat account bound to no one, with a message, and the poll learns it', async () => {
    const scan = await qrcode();
    expect(await callback('code-stranger', scan.id)).toEqual({ result: 'error', code: 'scan_not_bound' });
    const polled = await poll(scan.id);
    expect(polled.statusCode).toBe(403);
    expect(polled.json()).toEqual({
      code: 'scan_not_bound',
      message:
        'This WeChat account is not bound to any account: sign in another way first, then bind WeChat to your account',
    });
  });

  it('binds the WeChat account that scans a signed-in user’s bind code, then signs that user in by scan', async () => {
    const owner = await t.signIn();
    expect(await binding(owner)).toEqual({ bound: false });
    const bind = await bindAs(owner);
    const waiting = await bindState(owner, bind.id);
    expect([waiting.statusCode, waiting.json()]).toEqual([202, { state: 'pending' }]);
    expect(await callback('code-owner', bind.id)).toEqual({ result: 'ok', state: 'bound' });
    const bound = await bindState(owner, bind.id);
    expect([bound.statusCode, bound.json()]).toEqual([200, { state: 'bound' }]);
    expect(await binding(owner)).toEqual({ bound: true });
    // Another user's bind code is not theirs to watch.
    expect((await bindState(await t.signIn(DEMO_OPERATOR.phone), bind.id)).statusCode).toBe(404);
    // The code was exchanged at WeChat's token endpoint with the app's credentials.
    expect(wechat.calls).toHaveLength(1);
    expect(wechat.calls[0]?.url.pathname).toBe('/sns/oauth2/access_token');
    expect(Object.fromEntries(wechat.calls[0]?.url.searchParams ?? [])).toEqual({
      appid: 'wx-test-app',
      secret: 'wechat-test-secret',
      code: 'code-owner',
      grant_type: 'authorization_code',
    });
    // A bind code carries its user from the start; polling it never signs anyone in.
    expect((await poll(bind.id)).statusCode).toBe(404);

    const scan = await qrcode();
    expect((await poll(scan.id)).statusCode).toBe(202);
    expect(await callback('code-owner-again', scan.id)).toEqual({ result: 'ok', state: 'confirmed' });
    const signedIn = await poll(scan.id);
    expect(signedIn.statusCode).toBe(200);
    const info = await t.app.inject({ url: '/webapi/v1/pms/user', headers: bearer(signedIn.json().token) });
    expect(info.json().phone).toBe(TEST_DEMO.account);
    expect((await poll(scan.id)).statusCode).toBe(410);
  });

  it('keeps a WeChat account to the one user it is bound to', async () => {
    const first = await bindAs(await t.signIn());
    await callback('code-owner', first.id);
    const operator = await t.signIn(DEMO_OPERATOR.phone);
    const other = await bindAs(operator);
    expect(await callback('code-owner', other.id)).toEqual({ result: 'error', code: 'scan_account_bound' });
    // The console's poll of that code learns it at once.
    const refused = await bindState(operator, other.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'scan_account_bound',
      message: 'This WeChat account is already bound to another account',
    });
    expect(await binding(operator)).toEqual({ bound: false });
    const owners = await t.database.db
      .select()
      .from(scanBindings)
      .where(eq(scanBindings.externalId, 'u-owner'));
    expect(owners).toHaveLength(1);
  });

  it('binds by openid when WeChat gives no unionid', async () => {
    const bind = await bindAs(await t.signIn());
    expect(await callback('code-openid-only', bind.id)).toEqual({ result: 'ok', state: 'bound' });
    const [row] = await t.database.db
      .select()
      .from(scanBindings)
      .where(eq(scanBindings.externalId, 'o-only'));
    expect(row?.provider).toBe('wechat');
  });

  it('sends the browser to a refusal for a code WeChat refuses, and the QR code still waits', async () => {
    const scan = await qrcode();
    expect(await callback('forged', scan.id)).toEqual({ result: 'error', code: 'scan_code_invalid' });
    expect((await poll(scan.id)).statusCode).toBe(202);
  });

  it('sends the browser to a refusal when the user declined (WeChat sends no code), asking WeChat nothing', async () => {
    const scan = await qrcode();
    expect(await callback(undefined, scan.id)).toEqual({ result: 'error', code: 'scan_code_invalid' });
    expect(await callback('code-owner', 'not-a-scan-id')).toEqual({
      result: 'error',
      code: 'scan_code_invalid',
    });
    expect(wechat.calls).toHaveLength(0);
    expect((await poll(scan.id)).statusCode).toBe(202);
  });

  it('asks WeChat nothing for an expired or unknown scan', async () => {
    const scan = await qrcode();
    await expireScan(t.database.db, scan.id);
    expect(await callback('code-owner', scan.id)).toEqual({ result: 'error', code: 'scan_expired' });
    expect(await callback('code-owner', '00000000-0000-4000-8000-000000000000')).toEqual({
      result: 'error',
      code: 'not_found',
    });
    expect(wechat.calls).toHaveLength(0);
  });

  it('answers 503 when WeChat cannot be reached', async () => {
    const scan = await qrcode();
    wechat.answer({ status: 502, body: {} });
    try {
      expect(await callback('code-owner', scan.id)).toEqual({ result: 'error', code: 'service_unavailable' });
    } finally {
      wechat.answer((call) => ({
        status: 200,
        body: CODES[call.url.searchParams.get('code') ?? ''] ?? { errcode: 40029, errmsg: 'invalid code' },
      }));
    }
  });
});

describe('the development scan provider', () => {
  it('has no callback and no bind: no messaging app calls it back', async () => {
    const t = await createTestApp('pglite');
    try {
      const token = await t.signIn();
      expect((await t.app.inject({ method: 'POST', url: BIND, headers: bearer(token) })).statusCode).toBe(
        404,
      );
      // What the console asks to know whether to offer binding at all.
      expect((await t.app.inject({ url: BIND, headers: bearer(token) })).statusCode).toBe(404);
      const callback = await t.app.inject({
        url: CALLBACK,
        query: { code: 'x', state: '00000000-0000-4000-8000-000000000000' },
      });
      expect(callback.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
