/**
 * Real SMS providers: Alibaba Cloud SMS (Dysmsapi, through its SDK) and a generic HTTP webhook for
 * any other gateway. Neither logs the code or a secret; a failure rejects, which the SMS-code route
 * answers 503 without keeping the code.
 */
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import type { SmsPurpose } from '@vap/contracts';
import { type AliyunAccess, aliyunConfig } from '../../core/aliyun.js';
import type { SmsProvider } from './providers.js';

type Dysmsapi = typeof import('@alicloud/dysmsapi20170525');

// Read by `require` at the first Aliyun provider, as core/aliyun.ts says.
const require = createRequire(import.meta.url);
const dysmsapi = () => require('@alicloud/dysmsapi20170525') as Dysmsapi;

/** A gateway that takes longer than this is treated as down: the console's user is waiting. */
const GATEWAY_TIMEOUT_MS = 10_000;

/** Alibaba Cloud SMS's access, at `dysmsapi.aliyuncs.com` by default, and the message it sends. */
export interface AliyunSmsOptions extends AliyunAccess {
  signName: string;
  templateCode: string;
}

export class AliyunSmsProvider implements SmsProvider {
  private readonly client: InstanceType<Dysmsapi['default']>;

  constructor(private readonly options: AliyunSmsOptions) {
    this.client = new (dysmsapi().default)(aliyunConfig(options, GATEWAY_TIMEOUT_MS));
  }

  async send(phone: string, code: string, _purpose: SmsPurpose): Promise<void> {
    const response = await this.client.sendSms(
      new (dysmsapi().SendSmsRequest)({
        phoneNumbers: phone,
        signName: this.options.signName,
        templateCode: this.options.templateCode,
        templateParam: JSON.stringify({ code }),
      }),
    );
    // Alibaba answers refusals (an unapproved template, a phone over its quota) with HTTP 200.
    const { code: result, message } = response.body ?? {};
    if (result !== 'OK') throw new Error(`Aliyun SMS refused the message: ${result} ${message ?? ''}`.trim());
  }
}

export interface WebhookSmsOptions {
  url: string;
  /** Keys the `X-VAP-Signature` header, so that the gateway can tell the server's calls apart. */
  secret: string | undefined;
}

/**
 * POSTs `{"phone","code","purpose"}` as JSON. With a secret, `X-VAP-Timestamp` carries the Unix time
 * in seconds and `X-VAP-Signature` is `sha256=` and the hex HMAC-SHA256 of `{timestamp}.{body}`: the
 * timestamp lets the receiver refuse a replayed call. Any answer but 2xx is a failure.
 */
export class WebhookSmsProvider implements SmsProvider {
  constructor(
    private readonly options: WebhookSmsOptions,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async send(phone: string, code: string, purpose: SmsPurpose): Promise<void> {
    const body = JSON.stringify({ phone, code, purpose });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.secret) {
      const timestamp = String(Math.floor(this.now() / 1000));
      const signature = createHmac('sha256', this.options.secret)
        .update(`${timestamp}.${body}`)
        .digest('hex');
      headers['x-vap-timestamp'] = timestamp;
      headers['x-vap-signature'] = `sha256=${signature}`;
    }
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
  }
}
