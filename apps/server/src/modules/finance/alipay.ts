/**
 * Alipay (PAYMENT_PROVIDER=alipay; docs/operations.md "Payments"): the computer website payment
 * (`alipay.trade.page.pay`) through `alipay-sdk`. The payer's browser goes to the gateway's page at
 * the address `open` answers; Alipay posts its asynchronous notification, signed RSA2 with Alipay's
 * key, to POST /webapi/v1/payments/alipay/notify, and is answered `success` once it is taken. An
 * order closed here is closed at the gateway with `alipay.trade.close`, whose answer is verified
 * against Alipay's key too. The gateway's address is configurable (ALIPAY_GATEWAY: the sandbox's,
 * or a test's fake).
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AlipaySdk } from 'alipay-sdk';
import { beijingTime, fenOfYuan, yuanOfFen } from './payment-money.js';
import {
  NotificationRefused,
  type OpenedPayment,
  type PaymentNotice,
  type PaymentNotifications,
  type PaymentProvider,
  type PaymentRequest,
} from './payments.js';

export interface AlipaySettings {
  appId: string;
  /** The application's private key, PEM (PKCS#1 or PKCS#8), which signs our requests. */
  privateKey: string;
  /** Alipay's public key, PEM, which verifies its answers and notifications. */
  alipayPublicKey: string;
  /** The gateway, `https://openapi.alipay.com/gateway.do` in production. */
  gateway: string;
  /** Where Alipay posts its notifications (PUBLIC_URL + the notify route). */
  notifyUrl: string;
  /** Where the payer's browser comes back once paid (the console's recharge page). */
  returnUrl?: string;
  /** How long a call to the gateway may take (ms). */
  timeoutMs?: number;
}

/** Trade states of a payment taken (`TRADE_FINISHED`: taken, and no longer refundable). */
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

// Half a second to load: read by the first Alipay provider, not by every start (as core/aliyun.ts).
const require = createRequire(import.meta.url);
const alipaySdk = () => require('alipay-sdk') as typeof import('alipay-sdk');

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  readonly notifications: PaymentNotifications;
  private readonly sdk: AlipaySdk;

  constructor(private readonly settings: AlipaySettings) {
    this.sdk = new (alipaySdk().AlipaySdk)({
      appId: settings.appId,
      // The SDK reads PKCS#1 by default; Alipay's key tool writes PKCS#8: either is accepted here.
      privateKey: createPrivateKey(settings.privateKey).export({ type: 'pkcs1', format: 'pem' }).toString(),
      keyType: 'PKCS1',
      alipayPublicKey: createPublicKey(settings.alipayPublicKey)
        .export({ type: 'spki', format: 'pem' })
        .toString(),
      gateway: settings.gateway,
      signType: 'RSA2',
      camelcase: false,
      timeout: settings.timeoutMs ?? 10_000,
    });
    this.notifications = {
      acknowledgement: 'success',
      read: ({ body }) => this.read(body),
    };
  }

  async open({ number, amount, expiresAt }: PaymentRequest): Promise<OpenedPayment> {
    const payUrl = this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: number,
        total_amount: yuanOfFen(amount),
        subject: `VAP ${number}`,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        // The gateway stops taking the payment when the order stops waiting for it.
        time_expire: beijingTime(expiresAt),
      },
      notifyUrl: this.settings.notifyUrl,
      ...(this.settings.returnUrl ? { returnUrl: this.settings.returnUrl } : {}),
    });
    return { ref: number, payUrl };
  }

  async close(ref: string): Promise<'closed' | 'absent'> {
    const result = await this.sdk.exec(
      'alipay.trade.close',
      { bizContent: { out_trade_no: ref } },
      { validateSign: true },
    );
    if (result.code === '10000') return 'closed';
    // A trade the payer has not opened does not exist at the gateway (yet): nothing to close now.
    if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return 'absent';
    throw new Error(
      `alipay.trade.close ${ref}: ${result.code} ${result.sub_code ?? ''} ${result.sub_msg ?? ''}`,
    );
  }

  /** A notification's form, its RSA2 signature checked against Alipay's key and its app checked. */
  private read(body: string): PaymentNotice {
    const form = Object.fromEntries(new URLSearchParams(body));
    // Values as received (the form decoded once), the way Alipay signed them.
    if (!this.sdk.checkNotifySignV2(form)) throw new NotificationRefused('alipay: signature does not verify');
    if (form.app_id !== this.settings.appId) throw new NotificationRefused('alipay: another application');
    const ref = form.out_trade_no;
    const amount = fenOfYuan(form.total_amount ?? '');
    if (!ref || amount === null) throw new NotificationRefused('alipay: no order number or amount');
    return { ref, amount, paid: PAID_STATES.has(form.trade_status ?? ''), trade: form.trade_no ?? '' };
  }
}
