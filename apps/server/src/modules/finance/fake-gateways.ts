/**
 * Local fakes of Alipay's and WeChat Pay's gateways for the payment tests (test support, not part of
 * the server): small node:http servers speaking each gateway's protocol, with keys generated when
 * started. Each checks our requests' signatures as the real one does, signs its answers, and makes
 * the signed (and for WeChat Pay, encrypted) notifications the gateway would post once paid.
 */
import {
  createCipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSelfSigned } from '../../testing/self-signed.js';

const pem = (key: KeyObject, kind: 'public' | 'private') =>
  kind === 'public'
    ? key.export({ type: 'spki', format: 'pem' }).toString()
    : key.export({ type: 'pkcs8', format: 'pem' }).toString();

const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>) {
  const server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A merchant's key pair, as our side holds it (the private key, PKCS#8 PEM) and the gateway does. */
export function merchantKeys() {
  const { publicKey, privateKey } = rsaPair();
  return { privateKey: pem(privateKey, 'private'), publicKey };
}

// ---- Alipay --------------------------------------------------------------------------------------

/** Alipay's string to sign: the parameters but `sign` (and `sign_type` for notifications), sorted. */
const alipaySignString = (params: Record<string, string>, without: readonly string[]) =>
  Object.keys(params)
    .filter((key) => !without.includes(key) && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');

export interface AlipayTrade {
  outTradeNo: string;
  totalAmount: string;
  notifyUrl: string;
  state: 'WAIT_BUYER_PAY' | 'TRADE_CLOSED' | 'TRADE_SUCCESS';
}

export interface FakeAlipay {
  /** The gateway address (ALIPAY_GATEWAY). */
  gateway: string;
  /** Alipay's public key, PEM, which our side verifies with. */
  alipayPublicKey: string;
  /** The trades payers opened (by their order number), and those closed through the API. */
  trades: Map<string, AlipayTrade>;
  closeCalls: string[];
  /** Our requests whose signature did not verify. */
  badRequests: number;
  /** `alipay.trade.close` answers a system error while true. */
  failClose: boolean;
  /** The form Alipay posts once the trade is paid; `with` changes fields, `key` signs with another. */
  notification(outTradeNo: string, options?: { with?: Record<string, string>; key?: KeyObject }): string;
  close(): Promise<void>;
}

export async function startFakeAlipay(appId: string, appPublicKey: KeyObject): Promise<FakeAlipay> {
  const alipay = rsaPair();
  const trades = new Map<string, AlipayTrade>();
  let notifications = 0;

  const verified = (params: Record<string, string>) =>
    params.app_id === appId &&
    verify(
      'RSA-SHA256',
      Buffer.from(alipaySignString(params, ['sign'])),
      appPublicKey,
      Buffer.from(params.sign ?? '', 'base64'),
    );

  const answer = (response: ServerResponse, method: string, content: object) => {
    const key = `${method.replaceAll('.', '_')}_response`;
    const json = JSON.stringify(content);
    const signature = sign('RSA-SHA256', Buffer.from(json), alipay.privateKey).toString('base64');
    response.setHeader('content-type', 'application/json;charset=utf-8');
    response.end(`{"${key}":${json},"sign":"${signature}"}`);
  };

  const fake: FakeAlipay = {
    gateway: '',
    alipayPublicKey: pem(alipay.publicKey, 'public'),
    trades,
    closeCalls: [],
    badRequests: 0,
    failClose: false,
    notification(outTradeNo, options = {}) {
      const trade = trades.get(outTradeNo);
      notifications += 1;
      const params: Record<string, string> = {
        gmt_create: '2026-11-29 14:00:00',
        gmt_payment: '2026-11-29 14:00:05',
        notify_time: '2026-11-29 14:00:06',
        notify_type: 'trade_status_sync',
        notify_id: `notify${notifications}`,
        charset: 'utf-8',
        version: '1.0',
        app_id: appId,
        seller_id: '2088000000000001',
        buyer_id: '2088000000000002',
        out_trade_no: outTradeNo,
        trade_no: `2026112922001400000000${String(notifications).padStart(4, '0')}`,
        trade_status: 'TRADE_SUCCESS',
        total_amount: trade?.totalAmount ?? '0.01',
        receipt_amount: trade?.totalAmount ?? '0.01',
        subject: `VAP ${outTradeNo}`,
        sign_type: 'RSA2',
        ...options.with,
      };
      params.sign = sign(
        'RSA-SHA256',
        Buffer.from(alipaySignString(params, ['sign', 'sign_type'])),
        options.key ?? alipay.privateKey,
      ).toString('base64');
      return new URLSearchParams(params).toString();
    },
    close: () => closeServer(server),
  };

  const { server, base } = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (request.method === 'POST')
      Object.assign(params, Object.fromEntries(new URLSearchParams(await bodyOf(request))));
    if (url.pathname !== '/gateway.do' || !verified(params)) {
      fake.badRequests += 1;
      response.statusCode = 400;
      response.end('invalid-signature');
      return;
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const outTradeNo = biz.out_trade_no ?? '';
    if (params.method === 'alipay.trade.page.pay') {
      // The payer's browser at the cashier page: the trade exists from now on.
      trades.set(outTradeNo, {
        outTradeNo,
        totalAmount: biz.total_amount ?? '',
        notifyUrl: params.notify_url ?? '',
        state: 'WAIT_BUYER_PAY',
      });
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<html><body>Alipay cashier: ${outTradeNo} ¥${biz.total_amount}</body></html>`);
      return;
    }
    if (params.method === 'alipay.trade.close') {
      fake.closeCalls.push(outTradeNo);
      const trade = trades.get(outTradeNo);
      if (fake.failClose)
        return answer(response, params.method, {
          code: '20000',
          msg: 'Service Currently Unavailable',
          sub_code: 'isp.unknow-error',
        });
      if (!trade)
        return answer(response, params.method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      if (trade.state === 'TRADE_SUCCESS')
        return answer(response, params.method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_STATUS_ERROR',
        });
      trade.state = 'TRADE_CLOSED';
      return answer(response, params.method, { code: '10000', msg: 'Success', out_trade_no: outTradeNo });
    }
    response.statusCode = 400;
    response.end('unknown method');
  });
  fake.gateway = `${base}/gateway.do`;
  return fake;
}

// ---- WeChat Pay ----------------------------------------------------------------------------------

export interface FakeWechatPay {
  base: string;
  mchId: string;
  appId: string;
  apiV3Key: string;
  /** The keys it signs with: its public key and its id, and a platform certificate (openssl-made). */
  publicKeyId: string;
  publicKey: string;
  certificate: string;
  /** Sign answers and notifications with the platform certificate's key rather than the public key. */
  signWith: 'publicKey' | 'certificate';
  /** The orders placed (by number), their amount and the code URL given. */
  orders: Map<string, { total: number; codeUrl: string; notifyUrl: string; closed: boolean }>;
  closeCalls: string[];
  badRequests: number;
  failClose: boolean;
  /** The notification WeChat Pay posts once paid: headers and body; `total` or `key` change it. */
  notification(
    outTradeNo: string,
    options?: { total?: number; key?: KeyObject; tamper?: boolean },
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

/** A self-signed certificate with a known serial, made by openssl (the platform certificate). */
function platformCertificate(): { certificate: string; privateKey: KeyObject; serial: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vap-wxcert-'));
  const serial = randomBytes(16).toString('hex').toUpperCase().replace(/^0/, '1');
  try {
    const { certFile, keyFile } = writeSelfSigned(dir, '/CN=Tenpay.com Root CA test', [
      '-set_serial',
      `0x${serial}`,
    ]);
    return {
      certificate: readFileSync(certFile, 'utf8'),
      privateKey: createPrivateKey(readFileSync(keyFile, 'utf8')),
      serial,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startFakeWechatPay(
  merchantPublicKey: KeyObject,
  merchantSerial: string,
): Promise<FakeWechatPay> {
  const platform = rsaPair();
  const cert = platformCertificate();
  const mchId = '1900000001';
  const appId = 'wx0000000000000001';
  const publicKeyId = `PUB_KEY_ID_${randomBytes(8).toString('hex').toUpperCase()}`;
  let paid = 0;

  const signed = (body: string, key?: KeyObject) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const byCertificate = fake.signWith === 'certificate';
    const signature = sign(
      'RSA-SHA256',
      Buffer.from(`${timestamp}\n${nonce}\n${body}\n`),
      key ?? (byCertificate ? cert.privateKey : platform.privateKey),
    ).toString('base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': byCertificate ? cert.serial : publicKeyId,
    };
  };

  const authorised = (request: IncomingMessage, url: URL, body: string) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const fields = Object.fromEntries(
      [...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
    );
    if (fields.mchid !== mchId || fields.serial_no !== merchantSerial) return false;
    const message = `${request.method}\n${url.pathname}${url.search}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return verify(
      'RSA-SHA256',
      Buffer.from(message),
      merchantPublicKey,
      Buffer.from(fields.signature ?? '', 'base64'),
    );
  };

  const send = (response: ServerResponse, status: number, content: object | null) => {
    const body = content === null ? '' : JSON.stringify(content);
    for (const [name, value] of Object.entries(signed(body))) response.setHeader(name, value);
    if (content !== null) response.setHeader('content-type', 'application/json');
    response.statusCode = status;
    response.end(body);
  };

  const fake: FakeWechatPay = {
    base: '',
    mchId,
    appId,
    apiV3Key: randomBytes(16).toString('hex'),
    publicKeyId,
    publicKey: pem(createPublicKey(platform.privateKey), 'public'),
    certificate: cert.certificate,
    signWith: 'publicKey',
    orders: new Map(),
    closeCalls: [],
    badRequests: 0,
    failClose: false,
    notification(outTradeNo, options = {}) {
      const order = fake.orders.get(outTradeNo);
      paid += 1;
      const transaction = {
        mchid: mchId,
        appid: appId,
        out_trade_no: outTradeNo,
        transaction_id: `42000000002026112900000${String(paid).padStart(5, '0')}`,
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: '2026-11-29T14:00:05+08:00',
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: {
          total: options.total ?? order?.total ?? 1,
          payer_total: options.total ?? order?.total ?? 1,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      };
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(fake.apiV3Key), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('transaction'));
      const sealed = Buffer.concat([
        cipher.update(JSON.stringify(transaction)),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      if (options.tamper) sealed[0] = (sealed[0] ?? 0) ^ 1;
      const body = JSON.stringify({
        id: randomBytes(18).toString('hex'),
        create_time: '2026-11-29T14:00:06+08:00',
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: sealed.toString('base64'),
          associated_data: 'transaction',
          nonce,
        },
      });
      return { headers: { 'content-type': 'application/json', ...signed(body, options.key) }, body };
    },
    close: () => closeServer(server),
  };

  const { server, base } = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const body = await bodyOf(request);
    if (!authorised(request, url, body)) {
      fake.badRequests += 1;
      return send(response, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const order = JSON.parse(body) as {
        appid: string;
        mchid: string;
        out_trade_no: string;
        notify_url: string;
        amount: { total: number };
      };
      if (order.appid !== appId || order.mchid !== mchId)
        return send(response, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      const codeUrl = `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`;
      fake.orders.set(order.out_trade_no, {
        total: order.amount.total,
        codeUrl,
        notifyUrl: order.notify_url,
        closed: false,
      });
      return send(response, 200, { code_url: codeUrl });
    }
    const closing = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (request.method === 'POST' && closing) {
      const number = decodeURIComponent(closing[1] ?? '');
      fake.closeCalls.push(number);
      if (fake.failClose) return send(response, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
      const order = fake.orders.get(number);
      if (order) order.closed = true;
      return send(response, 204, null);
    }
    return send(response, 404, { code: 'NOT_FOUND', message: 'not found' });
  });
  fake.base = base;
  return fake;
}
