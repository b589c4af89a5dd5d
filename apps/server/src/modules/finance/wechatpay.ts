/**
 * WeChat Pay API v3, Native payment (PAYMENT_PROVIDER=wechatpay; docs/operations.md "Payments"),
 * with `node:crypto`: `wechatpay-node-v3` has WeChat's address written in and knows only platform
 * certificates, while the base address here is configurable (WECHATPAY_BASE_URL: a test's fake) and
 * WeChat Pay's public key is accepted as well as its platform certificates.
 *
 * Each request is signed `WECHATPAY2-SHA256-RSA2048` with the merchant's API key; each answer, and
 * each notification posted to POST /webapi/v1/payments/wechatpay/notify, is verified against the
 * key its `Wechatpay-Serial` names (a `PUB_KEY_ID_…` public key or a platform certificate's serial),
 * its timestamp within five minutes, and the notification's resource decrypted (AEAD_AES_256_GCM
 * under the APIv3 key). The order's payment address is the `code_url` (`weixin://…`) the console
 * shows as a QR code; a closed order is closed at the gateway (`…/out-trade-no/{no}/close`).
 */
import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';
import { beijingRfc3339 } from './payment-money.js';
import {
  NotificationRefused,
  type OpenedPayment,
  type PaymentNotice,
  type PaymentNotifications,
  type PaymentProvider,
  type PaymentRequest,
} from './payments.js';

/** A key WeChat Pay signs with: its public key (id `PUB_KEY_ID_…`) or a platform certificate. */
export type WechatPayVerifier = { publicKeyId: string; publicKey: string } | { certificate: string };

export interface WechatPaySettings {
  mchId: string;
  /** The application (official account, mini program, …) the payment is made for. */
  appId: string;
  /** The merchant API certificate's serial number and its private key (apiclient_key.pem). */
  serialNo: string;
  privateKey: string;
  /** The APIv3 key (32 characters), which decrypts the notifications' resources. */
  apiV3Key: string;
  /** The keys WeChat Pay's answers and notifications may be signed with. */
  verifiers: readonly WechatPayVerifier[];
  /** `https://api.mch.weixin.qq.com` in production. */
  baseUrl: string;
  /** Where WeChat Pay posts its notifications (PUBLIC_URL + the notify route). */
  notifyUrl: string;
  timeoutMs?: number;
  /** The clock the signatures' timestamps are checked against (ms). */
  now?: () => number;
}

/** How far a signature's timestamp may be from our clock. */
const SIGNATURE_SKEW_S = 300;
/** The most of an answer read from the gateway. */
const MAX_ANSWER_BYTES = 64 * 1024;

interface Resource {
  algorithm?: string;
  ciphertext?: string;
  nonce?: string;
  associated_data?: string;
}

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechatpay';
  readonly notifications: PaymentNotifications;
  private readonly privateKey: KeyObject;
  private readonly keys = new Map<string, KeyObject>();
  private readonly now: () => number;

  constructor(private readonly settings: WechatPaySettings) {
    if (Buffer.byteLength(settings.apiV3Key) !== 32)
      throw new Error('the WeChat Pay APIv3 key is 32 characters');
    this.privateKey = createPrivateKey(settings.privateKey);
    for (const verifier of settings.verifiers) {
      if ('certificate' in verifier) {
        const certificate = new X509Certificate(verifier.certificate);
        this.keys.set(certificate.serialNumber.toUpperCase(), certificate.publicKey);
      } else {
        this.keys.set(verifier.publicKeyId.toUpperCase(), createPublicKey(verifier.publicKey));
      }
    }
    if (this.keys.size === 0) throw new Error('WeChat Pay needs its public key or a platform certificate');
    this.now = settings.now ?? Date.now;
    this.notifications = { acknowledgement: null, read: (request) => this.read(request) };
  }

  async open({ number, amount, expiresAt }: PaymentRequest): Promise<OpenedPayment> {
    const answer = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.settings.appId,
      mchid: this.settings.mchId,
      description: `VAP ${number}`,
      out_trade_no: number,
      time_expire: beijingRfc3339(expiresAt),
      notify_url: this.settings.notifyUrl,
      amount: { total: amount, currency: 'CNY' },
    });
    const codeUrl = (JSON.parse(answer.body) as { code_url?: unknown }).code_url;
    if (answer.status !== 200 || typeof codeUrl !== 'string' || !codeUrl.startsWith('weixin://'))
      throw new Error(`wechatpay native ${number}: ${answer.status} ${answer.body.slice(0, 200)}`);
    return { ref: number, payUrl: codeUrl };
  }

  async close(ref: string): Promise<'closed'> {
    const answer = await this.call(
      'POST',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(ref)}/close`,
      {
        mchid: this.settings.mchId,
      },
    );
    if (answer.status !== 204 && answer.status !== 200)
      throw new Error(`wechatpay close ${ref}: ${answer.status} ${answer.body.slice(0, 200)}`);
    return 'closed';
  }

  /** A signed request to the gateway; its answer's signature verified before it is read. */
  private async call(
    method: 'POST' | 'GET',
    path: string,
    body?: object,
  ): Promise<{ status: number; body: string }> {
    const url = new URL(path, this.settings.baseUrl);
    const text = body ? JSON.stringify(body) : '';
    const timestamp = String(Math.floor(this.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signed = `${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n${text}\n`;
    const signature = sign('RSA-SHA256', Buffer.from(signed), this.privateKey).toString('base64');
    const response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization:
          `WECHATPAY2-SHA256-RSA2048 mchid="${this.settings.mchId}",nonce_str="${nonce}",` +
          `signature="${signature}",timestamp="${timestamp}",serial_no="${this.settings.serialNo}"`,
      },
      ...(body ? { body: text } : {}),
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
    });
    const answer = await response.text();
    if (Buffer.byteLength(answer) > MAX_ANSWER_BYTES) throw new Error('wechatpay: answer too large');
    this.verify(Object.fromEntries(response.headers), answer);
    return { status: response.status, body: answer };
  }

  /** Throws unless the `Wechatpay-*` headers sign `body` with a key we hold, recently. */
  private verify(headers: Readonly<Record<string, string | string[] | undefined>>, body: string): void {
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' ? value : '';
    };
    const timestamp = header('wechatpay-timestamp');
    const nonce = header('wechatpay-nonce');
    const signature = header('wechatpay-signature');
    const key = this.keys.get(header('wechatpay-serial').toUpperCase());
    if (!key || !/^\d{1,12}$/.test(timestamp) || !nonce || !signature)
      throw new NotificationRefused('wechatpay: unsigned, or signed with a key we do not hold');
    if (Math.abs(this.now() / 1000 - Number(timestamp)) > SIGNATURE_SKEW_S)
      throw new NotificationRefused('wechatpay: signature too old');
    const message = Buffer.from(`${timestamp}\n${nonce}\n${body}\n`);
    if (!verify('RSA-SHA256', message, key, Buffer.from(signature, 'base64')))
      throw new NotificationRefused('wechatpay: signature does not verify');
  }

  private read({
    headers,
    body,
  }: {
    headers: Readonly<Record<string, string | string[] | undefined>>;
    body: string;
  }): PaymentNotice {
    this.verify(headers, body);
    let notification: { event_type?: string; resource?: Resource };
    try {
      notification = JSON.parse(body);
    } catch {
      throw new NotificationRefused('wechatpay: not JSON');
    }
    const transaction = this.decrypt(notification.resource ?? {});
    if (transaction.mchid !== this.settings.mchId || transaction.appid !== this.settings.appId)
      throw new NotificationRefused('wechatpay: another merchant or application');
    const ref = transaction.out_trade_no;
    const amount = transaction.amount?.total;
    if (!ref || typeof amount !== 'number' || !Number.isSafeInteger(amount))
      throw new NotificationRefused('wechatpay: no order number or amount');
    return {
      ref,
      amount,
      paid: notification.event_type === 'TRANSACTION.SUCCESS' && transaction.trade_state === 'SUCCESS',
      trade: transaction.transaction_id ?? '',
    };
  }

  /** The resource decrypted with the APIv3 key (AES-256-GCM; the tag the ciphertext's last 16 bytes). */
  private decrypt(resource: Resource): Transaction {
    if (resource.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce)
      throw new NotificationRefused('wechatpay: no resource');
    const sealed = Buffer.from(resource.ciphertext, 'base64');
    if (sealed.length <= 16) throw new NotificationRefused('wechatpay: resource too short');
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        Buffer.from(this.settings.apiV3Key),
        Buffer.from(resource.nonce),
      );
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
      const plain = Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - 16)),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString('utf8')) as Transaction;
    } catch {
      throw new NotificationRefused('wechatpay: resource does not decrypt');
    }
  }
}
