import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../seed.js';
import { farEndSuite } from '../../testing/far-end.js';
import { bearer, createTestApp } from '../../testing/harness.js';
import { nextIp, nextPhone, requestCode } from '../../testing/sign-in.js';
import { AliyunSmsProvider, WebhookSmsProvider } from './sms-gateways.js';

const gateway = farEndSuite();

describe('the Alibaba Cloud SMS provider (its SDK, against a local Dysmsapi)', () => {
  const provider = () =>
    new AliyunSmsProvider({
      accessKeyId: 'LTAI-test-id',
      accessKeySecret: 'test-secret-never-sent',
      signName: '维安普',
      templateCode: 'SMS_154950909',
      endpoint: gateway.url,
    });

  it('sends SendSms with the phone, the sign name, the template and the code as its parameter', async () => {
    gateway.answer({ status: 200, body: { Code: 'OK', Message: 'OK', BizId: '9', RequestId: 'r' } });
    await provider().send('13912345678', '483920', 'login');
    expect(gateway.calls).toHaveLength(1);
    const [call] = gateway.calls;
    expect(call?.headers['x-acs-action']).toBe('SendSms');
    expect(call?.headers['x-acs-version']).toBe('2017-05-25');
    const query = call?.url.searchParams;
    expect(query?.get('PhoneNumbers')).toBe('13912345678');
    expect(query?.get('SignName')).toBe('维安普');
    expect(query?.get('TemplateCode')).toBe('SMS_154950909');
    expect(JSON.parse(query?.get('TemplateParam') ?? '')).toEqual({ code: '483920' });
    // Signed with the key, which is named; the secret itself never travels.
    expect(call?.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI-test-id,/);
    expect(JSON.stringify(call)).not.toContain('test-secret-never-sent');
  });

  it('fails when the gateway refuses the message, though it answers HTTP 200', async () => {
    gateway.answer({
      status: 200,
      body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit', RequestId: 'r' },
    });
    await expect(provider().send('13912345678', '483920', 'login')).rejects.toThrow(
      'isv.BUSINESS_LIMIT_CONTROL',
    );
  });

  it('fails when the gateway answers an error status', async () => {
    gateway.answer({
      status: 400,
      body: { Code: 'InvalidAccessKeyId.NotFound', Message: 'no such key', RequestId: 'r' },
    });
    await expect(provider().send('13912345678', '483920', 'login')).rejects.toThrow();
  });
});

describe('the webhook SMS provider', () => {
  it('POSTs the phone, code and purpose as JSON, signed with the secret over the timestamp and body', async () => {
    gateway.answer({ status: 202, body: {} });
    const at = Date.UTC(2026, 10, 24, 12);
    await new WebhookSmsProvider({ url: `${gateway.url}/sms`, secret: 'hook-secret' }, () => at).send(
      '13912345678',
      '483920',
      'reset',
    );
    const [call] = gateway.calls;
    expect(call?.method).toBe('POST');
    expect(call?.url.pathname).toBe('/sms');
    expect(JSON.parse(call?.body ?? '')).toEqual({ phone: '13912345678', code: '483920', purpose: 'reset' });
    const timestamp = String(at / 1000);
    expect(call?.headers['x-vap-timestamp']).toBe(timestamp);
    const expected = createHmac('sha256', 'hook-secret').update(`${timestamp}.${call?.body}`).digest('hex');
    expect(call?.headers['x-vap-signature']).toBe(`sha256=${expected}`);
  });

  it('sends no signature without a secret', async () => {
    gateway.answer({ status: 200, body: {} });
    await new WebhookSmsProvider({ url: gateway.url, secret: undefined }).send('13912345678', '1', 'login');
    expect(gateway.calls[0]?.headers['x-vap-signature']).toBeUndefined();
  });

  it('fails on an answer other than 2xx', async () => {
    gateway.answer({ status: 502, body: { error: 'down' } });
    await expect(
      new WebhookSmsProvider({ url: gateway.url, secret: undefined }).send('13912345678', '1', 'login'),
    ).rejects.toThrow('SMS webhook answered 502');
  });
});

describe('signing up with a code the Alibaba Cloud provider sent', () => {
  it('delivers the code through the gateway, and that code signs the new user up', async () => {
    const t = await createTestApp('pglite', {
      smsProvider: new AliyunSmsProvider({
        accessKeyId: 'LTAI-test-id',
        accessKeySecret: 'test-secret',
        signName: 'VAP',
        templateCode: 'SMS_1',
        endpoint: gateway.url,
      }),
    });
    try {
      gateway.answer({ status: 200, body: { Code: 'OK', Message: 'OK', RequestId: 'r' } });
      const phone = nextPhone();
      expect((await requestCode(t.app, phone, 'signup', nextIp())).statusCode).toBe(204);
      const sent = gateway.calls.at(-1)?.url.searchParams;
      expect(sent?.get('PhoneNumbers')).toBe(phone);
      const { code } = JSON.parse(sent?.get('TemplateParam') ?? '{}') as { code: string };
      const signup = await t.app.inject({
        method: 'POST',
        url: '/webapi/v0/pms/users/signup',
        payload: { phone, sms_code: code, password: md5Hex('a-good-password-1') },
      });
      expect(signup.statusCode).toBe(200);
      const info = await t.app.inject({ url: '/webapi/v1/pms/user', headers: bearer(signup.json().token) });
      expect(info.json().phone).toBe(phone);

      // A refused message is answered 503 and its code is not kept.
      gateway.answer({
        status: 200,
        body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'no', RequestId: 'r' },
      });
      expect((await requestCode(t.app, nextPhone(), 'signup', nextIp())).statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});
