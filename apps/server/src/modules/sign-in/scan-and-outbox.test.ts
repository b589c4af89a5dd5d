import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../../seed.js';
import { bearer, ENGINES, TEST_DEMO, type TestApp } from '../../testing/harness.js';
import { CAPTCHA, nextIp, nextPhone, OUTBOX, outbox, SMS_CODE, useClock } from '../../testing/sign-in.js';
import { blockApp } from '../../testing/suite-app.js';
import { LIMITS } from './limits.js';
import type { SmsProvider } from './providers.js';
import { captchas, smsCodes } from './schema.js';
import { expireScan } from './test-support.js';

const QRCODE = '/webapi/v0/pms/users/login_wechat/qrcode';
const POLL = '/webapi/v0/pms/users/login_wechat';
const CONFIRM = '/webapi/v0/pms/users/login_wechat/confirm';

describe.each(ENGINES)('scan sign-in on %s', (engine) => {
  let t: TestApp;
  blockApp(engine, (app) => (t = app));
  afterEach(() => {
    vi.useRealTimers();
  });

  const create = async (ip = nextIp()) => {
    const response = await t.app.inject({ method: 'POST', url: QRCODE, remoteAddress: ip });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: string; url: string; expires_in: number }>();
  };
  const poll = (id: string) =>
    t.app.inject({ method: 'POST', url: POLL, payload: { id }, headers: { 'accept-language': 'en' } });
  const confirm = (id: string, account: string = TEST_DEMO.account) =>
    t.app.inject({ method: 'POST', url: CONFIRM, payload: { id, account } });

  it('creates a QR code valid 2 minutes and records the confirm link in the outbox', async () => {
    const scan = await create();
    expect(scan.expires_in).toBe(120);
    expect(scan.url).toContain(scan.id);
    const [entry] = await outbox(t.app, scan.id);
    expect(entry).toMatchObject({ kind: 'scan', to: scan.id, link: CONFIRM });
  });

  it('answers 202 while pending, 200 with a token once confirmed, and 410 afterwards (single use)', async () => {
    const scan = await create();
    const pending = await poll(scan.id);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ state: 'pending' });
    expect((await confirm(scan.id)).statusCode).toBe(204);
    const done = await poll(scan.id);
    expect(done.statusCode).toBe(200);
    const info = await t.app.inject({
      method: 'GET',
      url: '/webapi/v1/pms/user',
      headers: bearer(done.json().token),
    });
    expect(info.json().phone).toBe(TEST_DEMO.account);
    const again = await poll(scan.id);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      code: 'scan_expired',
      message: 'The QR code has expired, please refresh it',
    });
    // A used code cannot be confirmed again either.
    expect((await confirm(scan.id)).statusCode).toBe(410);
  });

  it('answers 410 for an expired QR code, which can no longer be confirmed', async () => {
    const scan = await create();
    await expireScan(t.database.db, scan.id);
    expect((await poll(scan.id)).statusCode).toBe(410);
    expect((await confirm(scan.id)).statusCode).toBe(410);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await poll(randomUUID())).statusCode).toBe(404);
    const malformed = await poll('abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation_failed');
    expect((await confirm(randomUUID())).statusCode).toBe(404);
  });

  it('confirms only for an existing account', async () => {
    const scan = await create();
    expect((await confirm(scan.id, nextPhone())).statusCode).toBe(404);
    expect((await confirm(scan.id, TEST_DEMO.email)).statusCode).toBe(204);
    expect((await poll(scan.id)).statusCode).toBe(200);
  });

  it(`allows ${LIMITS.scanQrcodesPerIp.max} QR codes per address in 10 minutes`, async () => {
    // On a controlled clock: a run that crossed a 10-minute boundary would start counting again.
    useClock();
    const ip = nextIp();
    for (let i = 0; i < LIMITS.scanQrcodesPerIp.max; i++) await create(ip);
    const refused = await t.app.inject({ method: 'POST', url: QRCODE, remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
  });
});

describe.each(ENGINES)('without DEV_OUTBOX, on %s', (engine) => {
  const sent: string[] = [];
  let failing = false;
  const provider: SmsProvider = {
    async send(phone, code) {
      if (failing) throw new Error('gateway down');
      sent.push(`${phone}:${code}`);
    },
  };
  let t: TestApp;
  blockApp(engine, { smsProvider: provider, devOutbox: false }, (app) => (t = app));

  it('has no development outbox and no development scan confirmation', async () => {
    expect((await t.app.inject({ method: 'GET', url: OUTBOX })).statusCode).toBe(404);
    const confirm = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      payload: { id: randomUUID(), account: TEST_DEMO.account },
    });
    expect(confirm.statusCode).toBe(404);
    // Captchas still work, but their answers are nowhere but in the database.
    expect((await t.app.inject({ method: 'POST', url: CAPTCHA })).statusCode).toBe(200);
  });

  it('sends codes through the configured provider, and answers 503 keeping no code when it fails', async () => {
    const solved = async () => {
      const { id } = (await t.app.inject({ method: 'POST', url: CAPTCHA, remoteAddress: nextIp() })).json();
      // Without the outbox the test reads the answer where the server keeps it.
      const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, id));
      return { captcha_id: id as string, captcha_x: row?.answerX ?? -1 };
    };
    const phone = nextPhone();
    const ok = await t.app.inject({
      method: 'POST',
      url: SMS_CODE,
      payload: { phone, purpose: 'signup', ...(await solved()) },
    });
    expect(ok.statusCode).toBe(204);
    const [delivered] = sent;
    expect(delivered).toMatch(new RegExp(`^${phone}:\\d{6}$`));
    const code = delivered?.split(':')[1] ?? '';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/webapi/v0/pms/users/signup',
      payload: { phone, sms_code: code, password: md5Hex('via-provider-1') },
    });
    expect(signup.statusCode).toBe(200);

    failing = true;
    const other = nextPhone();
    const down = await t.app.inject({
      method: 'POST',
      url: SMS_CODE,
      payload: { phone: other, purpose: 'signup', ...(await solved()) },
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('service_unavailable');
    expect(await t.database.db.select().from(smsCodes).where(eq(smsCodes.phone, other))).toEqual([]);
  });
});
