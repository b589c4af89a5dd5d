import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AliyunSmsProvider, WebhookSmsProvider } from './sms-gateways.js';

interface Recorded {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The far end, local: records each call and answers what the test says. */
function fakeGateway() {
  const calls: Recorded[] = [];
  let answer = { status: 200, body: '{}' };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      calls.push({
        method: request.method ?? '',
        url: new URL(request.url ?? '/', 'http://fake'),
        headers: request.headers,
        body,
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  return {
    calls,
    answer: (status: number, body: unknown) => {
      answer = { status, body: JSON.stringify(body) };
    },
    start: () => new Promise<void>((done) => server.listen(0, '127.0.0.1', done)),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const gateway = fakeGateway();
beforeAll(() => gateway.start());
afterAll(() => gateway.stop());
beforeEach(() => {
  gateway.calls.length = 0;
});

describe('the Alibaba Cloud SMS provider (its SDK, against a local Dysmsapi)', () => {
  const provider = () =>
    new AliyunSmsProvider({
      accessKeyId: 'LTAI-test-id',
      accessKeySecret: 'test-secret-never-sent',
      signName: '维安普',
      templateCode: 'SMS_154950909',
      endpoint: gateway.url(),
    });

  it('sends SendSms with the phone, the sign name, the template and the code as its parameter', async () => {
    gateway.answer(200, { Code: 'OK', Message: 'OK', BizId: '9', RequestId: 'r' });
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
    gateway.answer(200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit', RequestId: 'r' });
    await expect(provider().send('13912345678', '483920', 'login')).rejects.toThrow(
      'isv.BUSINESS_LIMIT_CONTROL',
    );
  });

  it('fails when the gateway answers an error status', async () => {
    gateway.answer(400, { Code: 'InvalidAccessKeyId.NotFound', Message: 'no such key', RequestId: 'r' });
    await expect(provider().send('13912345678', '483920', 'login')).rejects.toThrow();
  });
});

describe('the webhook SMS provider', () => {
  it('POSTs the phone, code and purpose as JSON, signed with the secret over the timestamp and body', async () => {
    gateway.answer(204, '');
    const at = Date.UTC(2026, 10, 24, 12);
    await new WebhookSmsProvider({ url: `${gateway.url()}/sms`, secret: 'hook-secret' }, () => at).send(
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
    gateway.answer(200, {});
    await new WebhookSmsProvider({ url: gateway.url(), secret: undefined }).send('13912345678', '1', 'login');
    expect(gateway.calls[0]?.headers['x-vap-signature']).toBeUndefined();
  });

  it('fails on an answer other than 2xx', async () => {
    gateway.answer(502, { error: 'down' });
    await expect(
      new WebhookSmsProvider({ url: gateway.url(), secret: undefined }).send('13912345678', '1', 'login'),
    ).rejects.toThrow('SMS webhook answered 502');
  });
});
