/**
 * The real providers SMS_PROVIDER and SCAN_PROVIDER choose; none for `dev`, so that the module
 * builds the development ones on its own logger and outbox.
 */
import type { ScanConfig, SmsConfig } from '../../core/config.js';
import type { ScanLoginProvider, SmsProvider } from './providers.js';
import { AliyunSmsProvider, WebhookSmsProvider } from './sms-gateways.js';
import { WechatScanLoginProvider } from './wechat.js';

export function configuredProviders(config: { sms: SmsConfig; scan: ScanConfig }): {
  smsProvider?: SmsProvider;
  scanProvider?: ScanLoginProvider;
} {
  const { sms, scan } = config;
  const smsProvider =
    sms.provider === 'aliyun'
      ? new AliyunSmsProvider(sms)
      : sms.provider === 'webhook'
        ? new WebhookSmsProvider(sms)
        : undefined;
  const scanProvider = scan.provider === 'wechat' ? new WechatScanLoginProvider(scan) : undefined;
  return { ...(smsProvider ? { smsProvider } : {}), ...(scanProvider ? { scanProvider } : {}) };
}
