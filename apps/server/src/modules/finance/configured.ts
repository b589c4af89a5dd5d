/**
 * The payment provider main.ts starts with, from PAYMENT_PROVIDER and its variables (core/config.ts;
 * docs/operations.md "Payments"); its key files are read here, once, at start.
 */
import { readFileSync } from 'node:fs';
import { PAYMENT_NOTIFY_PATHS } from '@vap/contracts';
import type { PaymentConfig } from '../../core/config.js';
import { AlipayProvider } from './alipay.js';
import type { PaymentProvider } from './payments.js';
import { WechatPayProvider } from './wechatpay.js';

const notifyUrlOf = (publicUrl: string, gateway: string) =>
  `${publicUrl.replace(/\/+$/, '')}/webapi${PAYMENT_NOTIFY_PATHS.notify(gateway)}`;

/**
 * `paymentProvider` for buildApp: a real gateway, null for none (bank transfer only), nothing for
 * the development provider.
 */
export function configuredPayment(payment: PaymentConfig): { paymentProvider?: PaymentProvider | null } {
  const read = (file: string) => readFileSync(file, 'utf8');
  switch (payment.provider) {
    case 'alipay':
      return {
        paymentProvider: new AlipayProvider({
          appId: payment.appId,
          privateKey: read(payment.privateKeyFile),
          alipayPublicKey: read(payment.alipayPublicKeyFile),
          gateway: payment.gateway,
          notifyUrl: notifyUrlOf(payment.publicUrl, 'alipay'),
          // The payer's browser comes back to the console, whose recharge page has followed the order.
          returnUrl: `${payment.publicUrl.replace(/\/+$/, '')}/`,
        }),
      };
    case 'wechatpay':
      return {
        paymentProvider: new WechatPayProvider({
          mchId: payment.mchId,
          appId: payment.appId,
          serialNo: payment.serialNo,
          privateKey: read(payment.privateKeyFile),
          apiV3Key: payment.apiV3Key,
          verifiers: [
            ...(payment.publicKey
              ? [{ publicKeyId: payment.publicKey.id, publicKey: read(payment.publicKey.file) }]
              : []),
            ...payment.platformCertFiles.map((file) => ({ certificate: read(file) })),
          ],
          baseUrl: payment.baseUrl,
          notifyUrl: notifyUrlOf(payment.publicUrl, 'wechatpay'),
        }),
      };
    case 'none':
      return { paymentProvider: null };
    default:
      return {};
  }
}
