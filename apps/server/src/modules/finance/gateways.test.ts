/**
 * Real online payment (issue 34): Alipay (page payment through alipay-sdk, RSA2 notifications) and
 * WeChat Pay API v3 (Native QR, signed answers and notifications, resources decrypted), each against
 * a local fake of its gateway started here with keys made here. A notification credits its order
 * exactly once however often and however concurrently it comes; a wrong signature, an unknown order
 * or another amount is refused and logged; an order cancelled or unpaid for 30 minutes is closed at
 * the gateway too, again at the next tick when the gateway failed.
 */
import { createPrivateKey } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  FINANCE_PATHS,
  type Finance,
  PAYMENT_NOTIFY_PATHS,
  RECHARGE_PAYMENT_MINUTES,
  type RechargeOrder,
} from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.js';
import { ENGINES, type Engine, type TestApp } from '../../testing/harness.js';
import { suiteApp } from '../../testing/suite-app.js';
import { AlipayProvider } from './alipay.js';
import { configuredPayment } from './configured.js';
import {
  type FakeAlipay,
  type FakeWechatPay,
  merchantKeys,
  startFakeAlipay,
  startFakeWechatPay,
} from './fake-gateways.js';
import type { PaymentProvider } from './payments.js';
import { ledgerEntries, rechargeOrders } from './schema.js';
import { WechatPayProvider } from './wechatpay.js';

const NOTIFY_URL = 'https://console.example.com/webapi';

/** The app's log lines, to see refusals logged. */
function logSink() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

/**
 * What both gateways' suites share: the block's app on `engine` paying through `provider` (made as the
 * app starts, so after the suite's fake gateway), handed to `keep`; its demo owner, its clock and its
 * log; reading orders and money.
 */
function gatewaySuite(engine: Engine, provider: () => PaymentProvider, keep: (t: TestApp) => void) {
  const state = { owner: {} as Record<string, string>, companyId: 0, clock: Date.now() };
  let started: TestApp | undefined;
  const t = (): TestApp => {
    if (!started) throw new Error('the app has not started');
    return started;
  };
  const log = logSink();
  suiteApp(
    engine,
    (app) => {
      started = app.t;
      state.owner = app.owner;
      state.companyId = app.companyId;
      keep(app.t);
    },
    {
      app: {
        taskTickMs: 0,
        clock: () => state.clock,
        logger: log.logger,
        get paymentProvider() {
          return provider();
        },
      },
    },
  );
  return {
    log,
    /** Moves the app's clock past the payment window of the orders placed so far. */
    passPaymentWindow() {
      state.clock += RECHARGE_PAYMENT_MINUTES * 60_000 + 1_000;
    },
    async order(amount: number): Promise<RechargeOrder> {
      const response = await t().app.inject({
        method: 'POST',
        url: `/webapi${FINANCE_PATHS.recharges}`,
        headers: state.owner,
        payload: { amount },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RechargeOrder>();
    },
    async get(id: number): Promise<RechargeOrder> {
      const response = await t().app.inject({
        method: 'GET',
        url: `/webapi${FINANCE_PATHS.recharge(id)}`,
        headers: state.owner,
      });
      return response.json<RechargeOrder>();
    },
    async balance(): Promise<number> {
      const response = await t().app.inject({
        method: 'GET',
        url: `/webapi${FINANCE_PATHS.finance}`,
        headers: state.owner,
      });
      return response.json<Finance>().balance;
    },
    entriesOf: (number: string) =>
      t()
        .database.db.select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.companyId, state.companyId), eq(ledgerEntries.reference, number))),
    cancel: (id: number) =>
      t().app.inject({
        method: 'POST',
        url: `/webapi${FINANCE_PATHS.rechargeCancel(id)}`,
        headers: state.owner,
      }),
  };
}

describe.each(ENGINES)('Alipay against its fake gateway on %s', (engine) => {
  const appKeys = merchantKeys();
  const appId = '2021000000000001';
  let fake: FakeAlipay;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeAlipay(appId, appKeys.publicKey);
  });
  afterAll(() => fake.close());

  const h = gatewaySuite(
    engine,
    () =>
      new AlipayProvider({
        appId,
        privateKey: appKeys.privateKey,
        alipayPublicKey: fake.alipayPublicKey,
        gateway: fake.gateway,
        notifyUrl: `${NOTIFY_URL}${PAYMENT_NOTIFY_PATHS.notify('alipay')}`,
      }),
    (app) => (t = app),
  );

  /** A notification as posted to the route of `provider` (Alipay's by default), of `contentType`. */
  const post = (
    body: string,
    contentType = 'application/x-www-form-urlencoded; charset=utf-8',
    provider = 'alipay',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi${PAYMENT_NOTIFY_PATHS.notify(provider)}`,
      headers: { 'content-type': contentType },
      payload: body,
    });
  const notify = (body: string) => post(body);

  /** The payer opens the order's address: the gateway's cashier page. */
  const openCashier = async (placed: RechargeOrder) => {
    const page = await fetch(placed.pay_url);
    expect(page.status).toBe(200);
  };

  it('sends the payer to the configured gateway, signed with the application key, in yuan, with the notification address', async () => {
    const placed = await h.order(12_345);
    expect(placed).toMatchObject({ provider: 'alipay', state: 'pending' });
    expect(placed.pay_url.startsWith(`${fake.gateway}?`)).toBe(true);
    await openCashier(placed);
    expect(fake.badRequests).toBe(0);
    expect(fake.trades.get(placed.number)).toMatchObject({
      totalAmount: '123.45',
      notifyUrl: `${NOTIFY_URL}/v1/payments/alipay/notify`,
    });
  });

  it('credits a paid order once, however often and however concurrently Alipay notifies, answering each `success`', async () => {
    const placed = await h.order(5_000);
    await openCashier(placed);
    const before = await h.balance();
    const body = fake.notification(placed.number);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toBe('success');
    }
    // Alipay notifies again later (a new notify_id): still once.
    expect((await notify(fake.notification(placed.number))).body).toBe('success');
    expect(await h.balance()).toBe(before + 5_000);
    expect(await h.entriesOf(placed.number)).toHaveLength(1);
    expect((await h.get(placed.id)).state).toBe('paid');
  });

  it('refuses a notification signed with another key, and logs it', async () => {
    const placed = await h.order(700);
    await openCashier(placed);
    const before = await h.balance();
    const forgedKey = createPrivateKey(merchantKeys().privateKey);
    const answer = await notify(fake.notification(placed.number, { key: forgedKey }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'payment_notification_invalid' });
    // Fields changed after signing do not verify either.
    const tampered = fake.notification(placed.number).replace('total_amount=7.00', 'total_amount=7000.00');
    expect((await notify(tampered)).statusCode).toBe(400);
    expect(await h.balance()).toBe(before);
    expect((await h.get(placed.id)).state).toBe('pending');
    expect(h.log.lines.some((line) => line.msg === 'payment notification refused')).toBe(true);
  });

  it('refuses and logs a signed notification of another amount or of no order of ours', async () => {
    const placed = await h.order(800);
    await openCashier(placed);
    const before = await h.balance();
    const other = await notify(fake.notification(placed.number, { with: { total_amount: '0.08' } }));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'payment_mismatch' });
    const unknown = await notify(fake.notification('R99990101000000', { with: { total_amount: '8.00' } }));
    expect(unknown.statusCode).toBe(404);
    expect(await h.balance()).toBe(before);
    expect((await h.get(placed.id)).state).toBe('pending');
    const refusals = h.log.lines.filter((line) =>
      String(line.msg).startsWith('payment notification refused:'),
    );
    expect(refusals.map((line) => [line.order, line.code])).toEqual(
      expect.arrayContaining([
        [placed.number, 'payment_mismatch'],
        ['R99990101000000', 'order_not_found'],
      ]),
    );
  });

  it('bounds what the public notification route reads: 64 KB of a form or JSON, for the gateway in use only', async () => {
    const big = await notify(`${fake.notification('R99990101000001')}&pad=${'x'.repeat(70 * 1024)}`);
    expect(big.statusCode).toBe(413);
    expect((await post('success', 'text/plain')).statusCode).toBe(415);
    // The other gateway's route, while Alipay is in use; a gateway the app does not know.
    expect((await post('{}', 'application/json', 'wechatpay')).statusCode).toBe(404);
    expect((await post('{}', 'application/json', 'paypal')).statusCode).toBe(400);
    // The API document describes the route while it is served.
    expect(JSON.stringify(t.app.swagger())).toContain('/v1/payments/{id}/notify');
  });

  it('closes a cancelled order at the gateway, and refuses its payment if the gateway still took one', async () => {
    const placed = await h.order(900);
    await openCashier(placed);
    expect((await h.cancel(placed.id)).statusCode).toBe(200);
    expect(fake.trades.get(placed.number)?.state).toBe('TRADE_CLOSED');
    const late = await notify(fake.notification(placed.number));
    expect(late.statusCode).toBe(409);
    expect(await h.entriesOf(placed.number)).toHaveLength(0);
  });

  it('closes a cancelled order the payer had not opened yet again at each tick until its window has passed', async () => {
    const placed = await h.order(950);
    expect((await h.cancel(placed.id)).statusCode).toBe(200);
    const rowOf = async () =>
      (await t.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, placed.id)))[0];
    // No trade at the gateway yet: not noted closed, since the payer may still open the cashier.
    expect(fake.closeCalls).toContain(placed.number);
    expect((await rowOf())?.gatewayClosedAt).toBeNull();
    await openCashier(placed);
    await t.services.finance.schedule.tick();
    expect(fake.trades.get(placed.number)?.state).toBe('TRADE_CLOSED');
    expect((await rowOf())?.gatewayClosedAt).not.toBeNull();
  });

  it('closes an order unpaid for 30 minutes at the gateway, trying again at the next tick when the gateway fails', async () => {
    const opened = await h.order(1_000);
    await openCashier(opened);
    const neverOpened = await h.order(1_100);
    fake.failClose = true;
    h.passPaymentWindow();
    await t.services.finance.schedule.tick();
    expect((await h.get(opened.id)).state).toBe('expired');
    expect(fake.trades.get(opened.number)?.state).toBe('WAIT_BUYER_PAY');
    fake.failClose = false;
    const calls = fake.closeCalls.length;
    await t.services.finance.schedule.tick();
    expect(fake.trades.get(opened.number)?.state).toBe('TRADE_CLOSED');
    // A trade the payer never opened does not exist there, and past its window never will: noted
    // closed, not tried again.
    await t.services.finance.schedule.tick();
    expect(fake.closeCalls.slice(calls).filter((number) => number === neverOpened.number)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.id, neverOpened.id));
    expect(row?.gatewayClosedAt).not.toBeNull();
  });
});

describe.each(
  ENGINES.flatMap((engine) => (['publicKey', 'certificate'] as const).map((mode) => [engine, mode] as const)),
)('WeChat Pay against its fake gateway on %s, verified by its %s', (engine, mode) => {
  const merchant = merchantKeys();
  const serial = '3775B6A45ACD588826D15E583A95F5DD00000000';
  let fake: FakeWechatPay;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeWechatPay(merchant.publicKey, serial);
    fake.signWith = mode;
  });
  afterAll(() => fake.close());

  const h = gatewaySuite(
    engine,
    () =>
      new WechatPayProvider({
        mchId: fake.mchId,
        appId: fake.appId,
        serialNo: serial,
        privateKey: merchant.privateKey,
        apiV3Key: fake.apiV3Key,
        verifiers:
          mode === 'publicKey'
            ? [{ publicKeyId: fake.publicKeyId, publicKey: fake.publicKey }]
            : [{ certificate: fake.certificate }],
        baseUrl: fake.base,
        notifyUrl: `${NOTIFY_URL}${PAYMENT_NOTIFY_PATHS.notify('wechatpay')}`,
      }),
    (app) => (t = app),
  );

  const notify = ({ headers, body }: { headers: Record<string, string>; body: string }) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi${PAYMENT_NOTIFY_PATHS.notify('wechatpay')}`,
      headers,
      payload: body,
    });

  it('places a Native order signed with the merchant key and answers its QR code address, the answer verified', async () => {
    const placed = await h.order(12_345);
    expect(placed).toMatchObject({ provider: 'wechatpay', state: 'pending' });
    expect(placed.pay_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.badRequests).toBe(0);
    expect(fake.orders.get(placed.number)).toMatchObject({
      total: 12_345,
      codeUrl: placed.pay_url,
      notifyUrl: `${NOTIFY_URL}/v1/payments/wechatpay/notify`,
    });
  });

  it('credits a paid order once, however often and however concurrently WeChat Pay notifies, answering each 204', async () => {
    const placed = await h.order(5_000);
    const before = await h.balance();
    const notification = fake.notification(placed.number);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(notification)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(204);
    expect((await notify(fake.notification(placed.number))).statusCode).toBe(204);
    expect(await h.balance()).toBe(before + 5_000);
    expect(await h.entriesOf(placed.number)).toHaveLength(1);
    expect((await h.get(placed.id)).state).toBe('paid');
  });

  it('refuses a notification signed with another key or whose resource does not decrypt, and logs it', async () => {
    const placed = await h.order(700);
    const before = await h.balance();
    const forgedKey = createPrivateKey(merchantKeys().privateKey);
    for (const notification of [
      fake.notification(placed.number, { key: forgedKey }),
      fake.notification(placed.number, { tamper: true }),
    ]) {
      const answer = await notify(notification);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'payment_notification_invalid' });
    }
    expect(await h.balance()).toBe(before);
    expect(h.log.lines.some((line) => line.msg === 'payment notification refused')).toBe(true);
  });

  it('refuses and logs a signed notification of another amount or of no order of ours', async () => {
    const placed = await h.order(800);
    const before = await h.balance();
    const other = await notify(fake.notification(placed.number, { total: 8 }));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'payment_mismatch' });
    expect((await notify(fake.notification('R99990101000000', { total: 800 }))).statusCode).toBe(404);
    expect(await h.balance()).toBe(before);
    const refusals = h.log.lines.filter((line) =>
      String(line.msg).startsWith('payment notification refused:'),
    );
    expect(refusals.map((line) => line.code)).toEqual(
      expect.arrayContaining(['payment_mismatch', 'order_not_found']),
    );
  });

  it('closes cancelled orders and orders unpaid for 30 minutes at the gateway, again at the next tick when it failed', async () => {
    const cancelled = await h.order(900);
    expect((await h.cancel(cancelled.id)).statusCode).toBe(200);
    expect(fake.orders.get(cancelled.number)?.closed).toBe(true);

    const unpaid = await h.order(1_000);
    fake.failClose = true;
    h.passPaymentWindow();
    await t.services.finance.schedule.tick();
    expect((await h.get(unpaid.id)).state).toBe('expired');
    expect(fake.orders.get(unpaid.number)?.closed).toBe(false);
    fake.failClose = false;
    await t.services.finance.schedule.tick();
    expect(fake.orders.get(unpaid.number)?.closed).toBe(true);
    const calls = fake.closeCalls.length;
    await t.services.finance.schedule.tick();
    expect(fake.closeCalls.length).toBe(calls);
  });
});

describe('the configured payment provider (PAYMENT_PROVIDER)', () => {
  it('reads the gateway key files at start: Alipay, WeChat Pay, none (bank transfer only), or the development one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vap-payment-keys-'));
    try {
      const app = merchantKeys();
      const gateway = merchantKeys();
      const file = async (name: string, text: string) => {
        await writeFile(join(dir, name), text);
        return join(dir, name);
      };
      const privateKeyFile = await file('app.pem', app.privateKey);
      const publicKeyFile = await file(
        'gateway.pem',
        gateway.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      );
      const base = { PUBLIC_URL: 'https://console.example.com/' };
      const alipay = configuredPayment(
        loadConfig({
          ...base,
          PAYMENT_PROVIDER: 'alipay',
          ALIPAY_APP_ID: '2021000000000001',
          ALIPAY_PRIVATE_KEY_FILE: privateKeyFile,
          ALIPAY_PUBLIC_KEY_FILE: publicKeyFile,
        }).payment,
      ).paymentProvider;
      expect(alipay).toBeInstanceOf(AlipayProvider);
      const placed = await alipay?.open({ number: 'R20261129000001', amount: 1, expiresAt: new Date() });
      expect(new URL(placed?.payUrl ?? '').searchParams.get('notify_url')).toBe(
        'https://console.example.com/webapi/v1/payments/alipay/notify',
      );
      const wechatpay = configuredPayment(
        loadConfig({
          ...base,
          PAYMENT_PROVIDER: 'wechatpay',
          WECHATPAY_MCH_ID: '1900000001',
          WECHATPAY_APP_ID: 'wx0000000000000001',
          WECHATPAY_CERT_SERIAL: '3775B6A45ACD588826D15E583A95F5DD00000000',
          WECHATPAY_PRIVATE_KEY_FILE: privateKeyFile,
          WECHATPAY_API_V3_KEY: 'k'.repeat(32),
          WECHATPAY_PUBLIC_KEY_FILE: publicKeyFile,
          WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0000',
        }).payment,
      ).paymentProvider;
      expect(wechatpay).toBeInstanceOf(WechatPayProvider);
      expect(configuredPayment(loadConfig({ PAYMENT_PROVIDER: 'none' }).payment)).toEqual({
        paymentProvider: null,
      });
      expect(configuredPayment(loadConfig({}).payment)).toEqual({});
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
