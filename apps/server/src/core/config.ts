/**
 * The server's configuration, read once from the environment. A bad value stops start-up with a
 * message that names the variable, the rule and the value it got.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import type { AliyunAccess } from './aliyun.js';
import { IMPORT_SLOTS } from './http/import-slots.js';
import { DEFAULT_CONSOLE_DIR } from './paths.js';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const httpUrl = z.string().regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// address');

const DURATION = /^(\d+)\s*(s|m|h|d)?$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** `3600`, `30m`, `12h`, `7d` → seconds. */
export function parseDuration(value: string): number | undefined {
  const match = DURATION.exec(value.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * UNIT_SECONDS[(match[2] ?? 's') as keyof typeof UNIT_SECONDS];
  return seconds > 0 ? seconds : undefined;
}

/** Simulated devices `npm start` connects with the demo data. */
export const DEFAULT_DEMO_DEVICES = 20;

/** Rows the MQTT log keeps at most by default: about a day of a busy company's traffic. */
export const DEFAULT_MQTT_LOG_MAX_ROWS = 1_000_000;

/**
 * What the broker lets one client hold or try (docs/operations.md, "The broker's limits"): the
 * largest packet (MQTT_MAX_PACKET_SIZE), and the failed connects counted per client id and user
 * name and per address before the broker refuses them outright for the rest of the window.
 */
export interface MqttLimits {
  /** Bytes of the largest MQTT packet accepted, and of a WebSocket message at /mqtt. */
  maxPacketSize: number;
  /** Failed connects of one client id, or one user name, per window. */
  failuresPerClient: number;
  /** Failed connects from one address per window. */
  failuresPerAddress: number;
  failureWindowMs: number;
}

/**
 * A device's telemetry, events and replies are a few KB; 256 KB leaves room for a configuration
 * or a white list while an unauthenticated socket can make the broker hold no more than that.
 * The failures follow the sign-in's (5 an account, 20 an address in 15 minutes), raised because
 * devices retry on their own and many of a site share one address behind its router.
 */
export const DEFAULT_MQTT_LIMITS: MqttLimits = {
  maxPacketSize: 256 * 1024,
  failuresPerClient: 10,
  failuresPerAddress: 100,
  failureWindowMs: 15 * 60_000,
};

/** MQTT's own ceiling: the largest remaining length its four-byte encoding can say, and its header. */
const MQTT_PACKET_CEILING = 268_435_455 + 5;

/** Where a detection engine's boxes are (modules/lvlm-lab answer.ts). */
export const LVLM_COORDINATE_SPACES = ['pixels', 'normalized_1000', 'normalized_1'] as const;

/** The suffix of every company's SIP domain (`c{id}.{SIP_DOMAIN}`, modules/voip/domain.ts) by default. */
export const DEFAULT_SIP_DOMAIN = 'sip.localhost';

/** A DNS name of labels of letters, digits and `-`, at least two of them. */
const SIP_DOMAIN_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Where phones register: `udp:`, `tcp:` or `tls:` host and port (as Kamailio names its listeners),
 * or a `ws://` / `wss://` URL for browsers.
 */
const SIP_SERVER_PATTERN =
  /^((udp|tcp|tls):[a-z0-9.-]+|(udp|tcp|tls):\[[0-9a-f:.]+\]):\d{1,5}$|^wss?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i;

/** A whole number from `min` to `max`; every refusal says the one `message`. */
function wholeNumber(min: number, max: number, message: string) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A number of bytes, at least 1 KB. */
const bytes = z.coerce
  .number({ error: 'must be a number of bytes' })
  .int('must be a whole number of bytes')
  .min(1024, 'must be at least 1024 bytes');

/** The broker's allowance of failed connects in a window. */
const failedConnects = z.coerce
  .number({ error: 'must be a number of failed connects' })
  .int('must be a whole number of failed connects')
  .min(1, 'must be at least 1')
  .max(1_000_000, 'must be at most 1000000');

/** A duration (`parseDuration`) of at most `maxSeconds`, in seconds; `message` says what is refused. */
function duration(fallback: string, message: string, maxSeconds = Number.POSITIVE_INFINITY) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const seconds = parseDuration(value);
      if (seconds === undefined || seconds > maxSeconds) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return seconds;
    });
}

const envSchema = z.object({
  PORT: wholeNumber(0, 65_535, 'must be a port number from 0 to 65535').default(8080),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// address')
    .optional(),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// address')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// address')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: duration('12h', 'must be a duration such as 3600, 30m, 12h or 7d'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  CONSOLE_DIR: z.string().min(1).optional(),
  BODY_LIMIT: bytes.default(1_048_576),
  /** Spreadsheet imports read at once on this server (core/http/import-slots.ts). */
  IMPORT_CONCURRENCY: wholeNumber(1, 64, 'must be a whole number from 1 to 64').default(IMPORT_SLOTS.server),
  VERIFY_COMPANY: boolean.default(true),
  /** Seed the demo company and its owner on an empty database; by default everywhere but production. */
  DEMO_SEED: boolean.optional(),
  /**
   * The development providers of SMS codes and scan sign-in also keep what they "send" for
   * `GET /webapi/dev/outbox` (tests, demos). Never on in production.
   */
  DEV_OUTBOX: boolean.default(false),
  DEMO_ACCOUNT: z.string().min(1).default('13800138000'),
  DEMO_EMAIL: z.string().min(1).default('owner@vap-demo.com'),
  DEMO_PASSWORD: z.string().min(6, 'must be at least 6 characters').default('vap123456'),
  /** Simulated demo devices connected in-process (apps/device-sim); 20 with the demo, 0 without. */
  DEMO_DEVICES: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a number of devices from 0 to 9999 (0: none)')
    .transform(Number)
    .optional(),
  /** Serve the console's source maps; by default everywhere but production. */
  SERVE_SOURCEMAPS: boolean.optional(),
  NODE_ENV: z.string().optional(),
  /** Run production on the embedded PGlite, which is not power-loss durable (docs/operations.md). */
  EMBEDDED_DB_IN_PRODUCTION: boolean.default(false),
  /** Run production on the development SMS and scan providers, or with the development outbox. */
  ALLOW_DEV_PROVIDERS: boolean.default(false),
  /** Where objects (logos, verification images) are kept: `local` (DATA_DIR/objects) or `s3`. */
  OBJECT_STORE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolean.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/, 'must be folder names ending in /, such as vap/')
    .optional(),
  /** Who sends SMS codes and scan sign-ins, and mails (docs/operations.md, "Providers"). */
  SMS_PROVIDER: z
    .enum(['dev', 'aliyun', 'webhook'], { error: 'must be dev, aliyun or webhook' })
    .default('dev'),
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().default('dysmsapi.aliyuncs.com'),
  SMS_WEBHOOK_URL: httpUrl.optional(),
  SMS_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SCAN_PROVIDER: z.enum(['dev', 'wechat'], { error: 'must be dev or wechat' }).default('dev'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_REDIRECT_URI: httpUrl.optional(),
  WECHAT_OPEN_BASE: httpUrl.default('https://open.weixin.qq.com'),
  WECHAT_API_BASE: httpUrl.default('https://api.weixin.qq.com'),
  /**
   * Who takes online recharges (docs/operations.md, "Payments"): `dev` (the development page; the
   * default but in production), `alipay`, `wechatpay`, or `none` (bank transfer only; production's
   * default).
   */
  PAYMENT_PROVIDER: z
    .enum(['dev', 'alipay', 'wechatpay', 'none'], { error: 'must be dev, alipay, wechatpay or none' })
    .optional(),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  /** PEM files: the application's private key, and Alipay's public key. */
  ALIPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  ALIPAY_GATEWAY: httpUrl.default('https://openapi.alipay.com/gateway.do'),
  WECHATPAY_MCH_ID: z.string().min(1).optional(),
  WECHATPAY_APP_ID: z.string().min(1).optional(),
  /** The merchant API certificate's serial number and its private key's PEM file (apiclient_key.pem). */
  WECHATPAY_CERT_SERIAL: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_API_V3_KEY: z
    .string()
    .refine((key) => Buffer.byteLength(key) === 32, 'must be the 32 characters of the APIv3 key')
    .optional(),
  /** WeChat Pay's public key (PEM file) and its id (`PUB_KEY_ID_…`), and/or its platform certificates. */
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_CERT_FILES: z.string().min(1).optional(),
  WECHATPAY_BASE_URL: httpUrl.default('https://api.mch.weixin.qq.com'),
  /** Who reads licence plates (docs/operations.md, "Plate recognition"). */
  PLATE_ENGINE: z.enum(['dev', 'aliyun', 'http'], { error: 'must be dev, aliyun or http' }).default('dev'),
  ALIYUN_OCR_ENDPOINT: z.string().default('ocr-api.cn-hangzhou.aliyuncs.com'),
  PLATE_ENGINE_URL: httpUrl.optional(),
  PLATE_ENGINE_TOKEN: z.string().min(1).optional(),
  PRS_TRIALS_PER_DAY: wholeNumber(0, 10_000, 'must be a whole number from 0 to 10000').default(20),
  EMAIL_PROVIDER: z.enum(['dev', 'smtp'], { error: 'must be dev or smtp' }).default('dev'),
  /** The detection lab's engine (docs/operations.md, "The detection lab"). */
  LVLM_ENGINE: z.enum(['dev', 'openai'], { error: 'must be dev or openai' }).default('dev'),
  LVLM_BASE_URL: httpUrl.optional(),
  LVLM_MODEL: z.string().trim().min(1).max(200).optional(),
  LVLM_API_KEY: z.string().min(1).optional(),
  LVLM_COORDINATES: z
    .enum(LVLM_COORDINATE_SPACES, { error: 'must be pixels, normalized_1000 or normalized_1' })
    .default('normalized_1000'),
  LVLM_TIMEOUT: duration('60s', 'must be a duration up to 10 minutes, such as 30, 60s or 2m', 600).transform(
    (seconds) => seconds * 1000,
  ),
  LVLM_DAILY_TRIALS: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a number of trials a company a day, from 0 to 999999')
    .default('20')
    .transform(Number),
  MQTT_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, 'must be a port number from 0 to 65535, or off')
    .refine(
      (value) => value === 'off' || Number(value) <= 65_535,
      'must be a port number from 0 to 65535, or off',
    )
    .optional(),
  /** false: this server is no broker node (no MQTT over TCP or at /mqtt); docs/operations.md. */
  MQTT_BROKER: boolean.default(true),
  MQTT_TLS_CERT: z.string().min(1).optional(),
  MQTT_TLS_KEY: z.string().min(1).optional(),
  BANK_ACCOUNT_NAME: z.string().trim().min(1).max(100).optional(),
  BANK_NAME: z.string().trim().min(1).max(100).optional(),
  BANK_ACCOUNT_NUMBER: z.string().trim().min(1).max(40).optional(),
  MQTT_MAX_PACKET_SIZE: bytes
    .max(MQTT_PACKET_CEILING, `must be at most ${MQTT_PACKET_CEILING} bytes (MQTT's own limit)`)
    .default(DEFAULT_MQTT_LIMITS.maxPacketSize),
  MQTT_AUTH_FAILURES_PER_CLIENT: failedConnects.default(DEFAULT_MQTT_LIMITS.failuresPerClient),
  MQTT_AUTH_FAILURES_PER_ADDRESS: failedConnects.default(DEFAULT_MQTT_LIMITS.failuresPerAddress),
  MQTT_AUTH_FAILURE_WINDOW: duration(
    '15m',
    'must be a duration up to a day, such as 60, 15m or 1h',
    86_400,
  ).transform((seconds) => seconds * 1000),
  MQTT_LOG_MAX_ROWS: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a number of rows (0 turns the MQTT log off)')
    .default(String(DEFAULT_MQTT_LOG_MAX_ROWS))
    .transform(Number),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// address')
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address such as "VAP <noreply@example.com>"')
    .default('VAP <noreply@localhost>'),
  SIP_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .max(
      52,
      "must be at most 52 characters (a company's SIP domain, c{id}.SIP_DOMAIN, is at most Kamailio's 64)",
    )
    .regex(SIP_DOMAIN_PATTERN, 'must be a domain name such as sip.example.com')
    .default(DEFAULT_SIP_DOMAIN),
  SIP_SERVER: z
    .string()
    .trim()
    .max(300, 'must be at most 300 characters')
    .regex(
      SIP_SERVER_PATTERN,
      'must be an address such as udp:sip.example.com:5060 or wss://sip.example.com/ws',
    )
    .optional(),
  SIP_WEBSOCKET: z
    .string()
    .trim()
    .max(300, 'must be at most 300 characters')
    .regex(/^wss?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i, 'must be a WebSocket URL such as wss://sip.example.com/ws')
    .optional(),
  ARGON2_CONCURRENCY: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(64, 'must be at most 64')
    .default(2),
});

export type ObjectStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      prefix: string;
    };

/** The detection lab: its engine and the trials a company has a day. */
export interface LvlmLabConfig {
  engine:
    | { kind: 'dev' }
    | {
        kind: 'openai';
        baseUrl: string;
        model: string;
        apiKey: string | undefined;
        space: (typeof LVLM_COORDINATE_SPACES)[number];
        timeoutMs: number;
      };
  dailyTrials: number;
}
/** Plate recognition's engine (PLATE_ENGINE and its settings). */
export type PlateEngineConfig =
  | { engine: 'dev' }
  | ({ engine: 'aliyun' } & AliyunAccess)
  | { engine: 'http'; url: string; token: string | undefined };

/** Key files are paths, read when the server starts (modules/finance/configured.ts). */
export type PaymentConfig =
  | { provider: 'dev' | 'none' }
  | {
      provider: 'alipay';
      appId: string;
      privateKeyFile: string;
      alipayPublicKeyFile: string;
      gateway: string;
      /** PUBLIC_URL: the notifications' and the return's address are under it. */
      publicUrl: string;
    }
  | {
      provider: 'wechatpay';
      mchId: string;
      appId: string;
      serialNo: string;
      privateKeyFile: string;
      apiV3Key: string;
      publicKey: { id: string; file: string } | null;
      platformCertFiles: string[];
      baseUrl: string;
      publicUrl: string;
    };

export type SmsConfig =
  | { provider: 'dev' }
  | ({ provider: 'aliyun'; signName: string; templateCode: string } & AliyunAccess)
  | { provider: 'webhook'; url: string; secret: string | undefined };

export type ScanConfig =
  | { provider: 'dev' }
  | {
      provider: 'wechat';
      appId: string;
      appSecret: string;
      redirectUri: string;
      openBase: string;
      apiBase: string;
    };

export type EmailConfig = { provider: 'dev'; from: string } | { provider: 'smtp'; url: string; from: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where devices reach this server (PUBLIC_URL), for their firmware downloads; else its own address. */
  publicUrl: string | undefined;
  /** Redis shared by the nodes of one broker (REDIS_URL); without it each server's broker is alone. */
  redisUrl: string | undefined;
  /**
   * The root secret (JWT_SECRET): tokens are signed, and secrets sealed, under keys derived from it;
   * generated into DATA_DIR when not set.
   */
  serverSecret: string | undefined;
  /** Token lifetime in seconds. */
  jwtExpiresIn: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  consoleDir: string;
  /** Whether `*.map` files of the console build are served (not in production unless asked). */
  serveSourceMaps: boolean;
  bodyLimit: number;
  /** Spreadsheet imports read at once on this server. */
  importConcurrency: number;
  verifyCompany: boolean;
  devOutbox: boolean;
  demo: { seed: boolean; account: string; email: string; password: string; devices: number };
  argon2Concurrency: number;
  /** Where objects are kept (OBJECT_STORE and the S3_* variables). */
  objectStore: ObjectStoreConfig;
  /** NODE_ENV=production. */
  production: boolean;
  /** Production on the embedded database anyway (EMBEDDED_DB_IN_PRODUCTION). */
  embeddedDbInProduction: boolean;
  /** Production on development providers anyway (ALLOW_DEV_PROVIDERS). */
  allowDevProviders: boolean;
  sms: SmsConfig;
  scan: ScanConfig;
  /** Online recharge's gateway (PAYMENT_PROVIDER and its variables). */
  payment: PaymentConfig;
  lvlmLab: LvlmLabConfig;
  plateEngine: PlateEngineConfig;
  /** Plate recognition trials a company may make a day (PRS_TRIALS_PER_DAY). */
  prsTrialsPerDay: number;
  email: EmailConfig;
  mqtt: MqttConfig;
  /**
   * Whether this server is a broker node (MQTT_BROKER): false for a server that serves the console
   * and the API beside broker nodes sharing its database, or for a deployment without devices; the
   * console then shows its MQTT pages only while another server is one.
   */
  mqttBroker: boolean;
  /** Most rows the MQTT log keeps (besides its 7 days); 0: nothing is logged. */
  mqttLogMaxRows: number;
  /**
   * Internet telephony (issue 33): the suffix of each company's SIP domain (SIP_DOMAIN), and where
   * phones register (SIP_SERVER); without a SIP server every extension says it is not connected.
   * Agents' browser softphones connect to SIP_WEBSOCKET, or to SIP_SERVER when it is a WebSocket URL.
   */
  voip: { sipDomain: string; sipServer: string | undefined; sipWebSocket: string | undefined };
  /** The largest packet, and the failed connects allowed before the broker refuses them outright. */
  mqttLimits: MqttLimits;
  /**
   * Where companies send bank transfers (BANK_ACCOUNT_NAME, BANK_NAME, BANK_ACCOUNT_NUMBER); a
   * marked demo account where the demo is seeded and they are not set, none otherwise.
   */
  bankAccount: { accountName: BankText; bankName: BankText; accountNumber: string } | undefined;
}

/**
 * A name of the bank account: one text (a real account's legal names, as BANK_* give them), or one
 * per console language (the demo's, which is nobody's legal name).
 */
export type BankText = string | Readonly<Record<'zh-CN' | 'en' | 'zh-TW', string>>;

/** The bank account the demo shows, in the three languages; plainly not a real one. */
export const DEMO_BANK_ACCOUNT = {
  accountName: {
    'zh-CN': 'VAP 演示有限公司（演示账户）',
    en: 'VAP Demo Co., Ltd. (demo account)',
    'zh-TW': 'VAP 示範有限公司（示範帳戶）',
  },
  bankName: { 'zh-CN': '演示银行深圳分行', en: 'Demo Bank, Shenzhen Branch', 'zh-TW': '示範銀行深圳分行' },
  accountNumber: '0000 0000 0000 0000',
} as const;

/**
 * The MQTT broker's TCP listener (MQTT_PORT, MQTT_TLS_*): off, or a port that is either chosen
 * (taken means no start) or the default 1883 (taken means a free port, said at start).
 */
export type MqttConfig =
  | { tcp: 'off' }
  | { tcp: { port: number; chosen: boolean; tls: { certFile: string; keyFile: string } | null } };

export const DEFAULT_MQTT_PORT = 1883;

/** Variables whose value a refusal must not repeat: the message goes to the terminal and the log. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'ALIYUN_ACCESS_KEY_SECRET',
  'SMS_WEBHOOK_SECRET',
  'WECHAT_APP_SECRET',
  'SMTP_URL',
  'PLATE_ENGINE_TOKEN',
  'WECHATPAY_API_V3_KEY',
]);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The console build, relative to this file once bundled into `apps/server/dist`. */

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = SECRET_VARIABLES.has(name) ? undefined : env[name];
      return `${name} ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const objectStore = objectStoreOf(e);
  // A provider's settings are required only once it is chosen; every one missing is named at once.
  const missing: string[] = [];
  const need = (chosen: string, names: (keyof typeof e)[]) => {
    for (const name of names) if (e[name] === undefined) missing.push(`${name} is required with ${chosen}`);
  };
  if (e.SMS_PROVIDER === 'aliyun') {
    need('SMS_PROVIDER=aliyun', [...ALIYUN_ACCESS_KEY, 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE']);
  }
  if (e.PLATE_ENGINE === 'aliyun') need('PLATE_ENGINE=aliyun', [...ALIYUN_ACCESS_KEY]);
  if (e.PLATE_ENGINE === 'http') need('PLATE_ENGINE=http', ['PLATE_ENGINE_URL']);
  if (e.SMS_PROVIDER === 'webhook') need('SMS_PROVIDER=webhook', ['SMS_WEBHOOK_URL']);
  if (e.SCAN_PROVIDER === 'wechat') {
    need('SCAN_PROVIDER=wechat', ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_REDIRECT_URI']);
  }
  if (e.PAYMENT_PROVIDER === 'alipay')
    need('PAYMENT_PROVIDER=alipay', [
      'ALIPAY_APP_ID',
      'ALIPAY_PRIVATE_KEY_FILE',
      'ALIPAY_PUBLIC_KEY_FILE',
      'PUBLIC_URL',
    ]);
  if (e.PAYMENT_PROVIDER === 'wechatpay') {
    need('PAYMENT_PROVIDER=wechatpay', [
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_CERT_SERIAL',
      'WECHATPAY_PRIVATE_KEY_FILE',
      'WECHATPAY_API_V3_KEY',
      'PUBLIC_URL',
    ]);
    if (!e.WECHATPAY_PUBLIC_KEY_FILE && !e.WECHATPAY_PLATFORM_CERT_FILES)
      missing.push(
        'WECHATPAY_PUBLIC_KEY_FILE (with WECHATPAY_PUBLIC_KEY_ID) or WECHATPAY_PLATFORM_CERT_FILES is required with PAYMENT_PROVIDER=wechatpay',
      );
    if (e.WECHATPAY_PUBLIC_KEY_FILE) need('WECHATPAY_PUBLIC_KEY_FILE', ['WECHATPAY_PUBLIC_KEY_ID']);
  }
  const bank = [e.BANK_ACCOUNT_NAME, e.BANK_NAME, e.BANK_ACCOUNT_NUMBER];
  if (bank.some(Boolean) && !bank.every(Boolean))
    missing.push('BANK_ACCOUNT_NAME, BANK_NAME and BANK_ACCOUNT_NUMBER are set together');
  if (e.EMAIL_PROVIDER === 'smtp') need('EMAIL_PROVIDER=smtp', ['SMTP_URL']);
  if (e.LVLM_ENGINE === 'openai') need('LVLM_ENGINE=openai', ['LVLM_BASE_URL', 'LVLM_MODEL']);
  if (e.MQTT_TLS_CERT !== undefined) need('MQTT_TLS_CERT', ['MQTT_TLS_KEY']);
  if (e.MQTT_TLS_KEY !== undefined) need('MQTT_TLS_KEY', ['MQTT_TLS_CERT']);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration: ${missing.join('; ')}`);
  // `npm start` runs the server inside its workspace; relative paths mean where npm was started.
  const base = env.INIT_CWD || process.cwd();
  const production = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    redisUrl: e.REDIS_URL,
    serverSecret: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    logLevel: e.LOG_LEVEL,
    consoleDir: e.CONSOLE_DIR ? resolve(base, e.CONSOLE_DIR) : DEFAULT_CONSOLE_DIR,
    serveSourceMaps: e.SERVE_SOURCEMAPS ?? e.NODE_ENV !== 'production',
    bodyLimit: e.BODY_LIMIT,
    importConcurrency: e.IMPORT_CONCURRENCY,
    verifyCompany: e.VERIFY_COMPANY,
    devOutbox: e.DEV_OUTBOX,
    // A production database must not open with a published password: its first owner comes from
    // `npm run ops -- owner:create` or the sign-up.
    demo: {
      seed: e.DEMO_SEED ?? !production,
      devices: e.DEMO_DEVICES ?? ((e.DEMO_SEED ?? !production) ? DEFAULT_DEMO_DEVICES : 0),
      account: e.DEMO_ACCOUNT,
      email: e.DEMO_EMAIL,
      password: e.DEMO_PASSWORD,
    },
    argon2Concurrency: e.ARGON2_CONCURRENCY,
    objectStore,
    production,
    embeddedDbInProduction: e.EMBEDDED_DB_IN_PRODUCTION,
    allowDevProviders: e.ALLOW_DEV_PROVIDERS,
    // The `?? ''` never applies: `need` above has refused the start without the variable.
    sms:
      e.SMS_PROVIDER === 'aliyun'
        ? {
            provider: 'aliyun',
            ...aliyunAccessOf(e, e.ALIYUN_SMS_ENDPOINT),
            signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
            templateCode: e.ALIYUN_SMS_TEMPLATE_CODE ?? '',
          }
        : e.SMS_PROVIDER === 'webhook'
          ? { provider: 'webhook', url: e.SMS_WEBHOOK_URL ?? '', secret: e.SMS_WEBHOOK_SECRET }
          : { provider: 'dev' },
    payment: paymentOf(e, base, production),
    plateEngine:
      e.PLATE_ENGINE === 'aliyun'
        ? { engine: 'aliyun', ...aliyunAccessOf(e, e.ALIYUN_OCR_ENDPOINT) }
        : e.PLATE_ENGINE === 'http'
          ? { engine: 'http', url: e.PLATE_ENGINE_URL ?? '', token: e.PLATE_ENGINE_TOKEN }
          : { engine: 'dev' },
    prsTrialsPerDay: e.PRS_TRIALS_PER_DAY,
    scan:
      e.SCAN_PROVIDER === 'wechat'
        ? {
            provider: 'wechat',
            appId: e.WECHAT_APP_ID ?? '',
            appSecret: e.WECHAT_APP_SECRET ?? '',
            redirectUri: e.WECHAT_REDIRECT_URI ?? '',
            openBase: e.WECHAT_OPEN_BASE,
            apiBase: e.WECHAT_API_BASE,
          }
        : { provider: 'dev' },
    lvlmLab: {
      engine:
        e.LVLM_ENGINE === 'openai'
          ? {
              kind: 'openai',
              baseUrl: e.LVLM_BASE_URL ?? '',
              model: e.LVLM_MODEL ?? '',
              apiKey: e.LVLM_API_KEY,
              space: e.LVLM_COORDINATES,
              timeoutMs: e.LVLM_TIMEOUT,
            }
          : { kind: 'dev' },
      dailyTrials: e.LVLM_DAILY_TRIALS,
    },
    email:
      e.EMAIL_PROVIDER === 'smtp'
        ? { provider: 'smtp', url: e.SMTP_URL ?? '', from: e.MAIL_FROM }
        : { provider: 'dev', from: e.MAIL_FROM },
    mqttLogMaxRows: e.MQTT_LOG_MAX_ROWS,
    voip: {
      sipDomain: e.SIP_DOMAIN,
      sipServer: e.SIP_SERVER,
      // Browsers' softphones reach the SIP server by WebSocket only: SIP_SERVER when it is one.
      sipWebSocket:
        e.SIP_WEBSOCKET ?? (e.SIP_SERVER && /^wss?:/i.test(e.SIP_SERVER) ? e.SIP_SERVER : undefined),
    },
    mqttLimits: {
      maxPacketSize: e.MQTT_MAX_PACKET_SIZE,
      failuresPerClient: e.MQTT_AUTH_FAILURES_PER_CLIENT,
      failuresPerAddress: e.MQTT_AUTH_FAILURES_PER_ADDRESS,
      failureWindowMs: e.MQTT_AUTH_FAILURE_WINDOW,
    },
    bankAccount:
      e.BANK_ACCOUNT_NAME && e.BANK_NAME && e.BANK_ACCOUNT_NUMBER
        ? { accountName: e.BANK_ACCOUNT_NAME, bankName: e.BANK_NAME, accountNumber: e.BANK_ACCOUNT_NUMBER }
        : (e.DEMO_SEED ?? !production)
          ? { ...DEMO_BANK_ACCOUNT }
          : undefined,
    mqttBroker: e.MQTT_BROKER,
    mqtt:
      e.MQTT_PORT === 'off'
        ? { tcp: 'off' }
        : {
            tcp: {
              port: e.MQTT_PORT === undefined ? DEFAULT_MQTT_PORT : Number(e.MQTT_PORT),
              chosen: e.MQTT_PORT !== undefined,
              tls:
                e.MQTT_TLS_CERT && e.MQTT_TLS_KEY
                  ? { certFile: resolve(base, e.MQTT_TLS_CERT), keyFile: resolve(base, e.MQTT_TLS_KEY) }
                  : null,
            },
          },
  };
}

/** The one AccessKey pair that both Alibaba Cloud services, SMS and plate OCR, sign with. */
const ALIYUN_ACCESS_KEY = ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET'] as const;

/** Alibaba Cloud's access to the service at `endpoint`, with the AccessKey pair. */
function aliyunAccessOf(e: z.infer<typeof envSchema>, endpoint: string): AliyunAccess {
  // The `?? ''` never apply: `need` has refused the start without the pair.
  return {
    accessKeyId: e.ALIYUN_ACCESS_KEY_ID ?? '',
    accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET ?? '',
    endpoint,
  };
}

/**
 * Online recharge's gateway. Unset, it is the development provider, but in production (bank
 * transfer only there, unless ALLOW_DEV_PROVIDERS keeps the development page).
 */
function paymentOf(e: z.infer<typeof envSchema>, base: string, production: boolean): PaymentConfig {
  // The `?? ''` never apply: `need` has refused the start without the variables.
  const publicUrl = e.PUBLIC_URL ?? '';
  switch (e.PAYMENT_PROVIDER ?? (production && !e.ALLOW_DEV_PROVIDERS ? 'none' : 'dev')) {
    case 'alipay':
      return {
        provider: 'alipay',
        appId: e.ALIPAY_APP_ID ?? '',
        privateKeyFile: resolve(base, e.ALIPAY_PRIVATE_KEY_FILE ?? ''),
        alipayPublicKeyFile: resolve(base, e.ALIPAY_PUBLIC_KEY_FILE ?? ''),
        gateway: e.ALIPAY_GATEWAY,
        publicUrl,
      };
    case 'wechatpay':
      return {
        provider: 'wechatpay',
        mchId: e.WECHATPAY_MCH_ID ?? '',
        appId: e.WECHATPAY_APP_ID ?? '',
        serialNo: e.WECHATPAY_CERT_SERIAL ?? '',
        privateKeyFile: resolve(base, e.WECHATPAY_PRIVATE_KEY_FILE ?? ''),
        apiV3Key: e.WECHATPAY_API_V3_KEY ?? '',
        publicKey: e.WECHATPAY_PUBLIC_KEY_FILE
          ? { id: e.WECHATPAY_PUBLIC_KEY_ID ?? '', file: resolve(base, e.WECHATPAY_PUBLIC_KEY_FILE) }
          : null,
        platformCertFiles: (e.WECHATPAY_PLATFORM_CERT_FILES ?? '')
          .split(',')
          .map((file) => file.trim())
          .filter(Boolean)
          .map((file) => resolve(base, file)),
        baseUrl: e.WECHATPAY_BASE_URL,
        publicUrl,
      };
    case 'none':
      return { provider: 'none' };
    default:
      return { provider: 'dev' };
  }
}

/** The object store's settings; the S3 variables are checked together, as they only work together. */
function objectStoreOf(e: z.infer<typeof envSchema>): ObjectStoreConfig {
  if (e.OBJECT_STORE === 'local') return { kind: 'local' };
  if (!e.S3_BUCKET) throw new ConfigError('Invalid configuration: OBJECT_STORE=s3 needs S3_BUCKET');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all ' +
        '(then the AWS SDK finds credentials itself: AWS_* variables, an instance role)',
    );
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    // S3-compatible servers (MinIO, Ceph, …) are mostly addressed by path, AWS by bucket host name.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: e.S3_PREFIX ?? '',
  };
}

/**
 * What a production server (NODE_ENV=production) refuses to start with, unless the operator says
 * otherwise: the embedded database, which an OS crash or a power cut can lose acknowledged writes
 * from, and the development outbox, which hands out every sign-in code. The operator commands do
 * not ask: they run where the server already runs.
 */
export function assertProductionReady(config: Config): void {
  if (!config.production) return;
  if (!config.databaseUrl && !config.embeddedDbInProduction) {
    throw new ConfigError(
      'NODE_ENV=production needs DATABASE_URL (postgres://…): the embedded database is not durable ' +
        'across an OS crash or a power cut (docs/operations.md). Set EMBEDDED_DB_IN_PRODUCTION=true to run on it anyway.',
    );
  }
  if (config.payment.provider === 'dev' && !config.allowDevProviders) {
    throw new ConfigError(
      'NODE_ENV=production with PAYMENT_PROVIDER=dev would credit balances no one paid: set PAYMENT_PROVIDER=alipay, ' +
        'wechatpay or none (docs/operations.md, "Payments"), or set ALLOW_DEV_PROVIDERS=true to run with it anyway.',
    );
  }
  if (config.devOutbox && !config.allowDevProviders) {
    throw new ConfigError(
      'NODE_ENV=production with DEV_OUTBOX=true would hand out every sign-in code at /webapi/dev/outbox: ' +
        'unset DEV_OUTBOX (or set ALLOW_DEV_PROVIDERS=true to run with it anyway).',
    );
  }
}
