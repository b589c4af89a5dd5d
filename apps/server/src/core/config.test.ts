import { describe, expect, it } from 'vitest';
import {
  assertProductionReady,
  ConfigError,
  DEMO_BANK_ACCOUNT,
  loadConfig,
  parseDuration,
} from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      serverSecret: undefined,
      jwtExpiresIn: 12 * 3600,
      logLevel: 'info',
      bodyLimit: 1_048_576,
      importConcurrency: 2,
      verifyCompany: true,
      demo: {
        seed: true,
        account: '13800138000',
        email: 'owner@vap-demo.com',
        password: 'vap123456',
        devices: 20,
      },
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.consoleDir).toMatch(/apps\/console\/dist$/);
  });

  it('resolves a relative DATA_DIR against the directory npm was started in', () => {
    expect(loadConfig({ INIT_CWD: '/srv/vap', DATA_DIR: './data' }).dataDir).toBe('/srv/vap/data');
    expect(loadConfig({ INIT_CWD: '/srv/vap', DATA_DIR: '/var/lib/vap' }).dataDir).toBe('/var/lib/vap');
  });

  it('serves source maps except in production, unless SERVE_SOURCEMAPS says otherwise', () => {
    expect(loadConfig({}).serveSourceMaps).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).serveSourceMaps).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SERVE_SOURCEMAPS: 'true' }).serveSourceMaps).toBe(true);
    expect(loadConfig({ SERVE_SOURCEMAPS: 'false' }).serveSourceMaps).toBe(false);
  });

  it('shows a marked demo bank account only where the demo is seeded, and takes the three BANK_* together', () => {
    expect(loadConfig({}).bankAccount).toEqual(DEMO_BANK_ACCOUNT);
    expect(loadConfig({ NODE_ENV: 'production' }).bankAccount).toBeUndefined();
    const bank = {
      BANK_ACCOUNT_NAME: 'VAP Ltd',
      BANK_NAME: 'CMB Shenzhen',
      BANK_ACCOUNT_NUMBER: '7559 0001',
    };
    expect(loadConfig({ ...bank, NODE_ENV: 'production' }).bankAccount).toEqual({
      accountName: 'VAP Ltd',
      bankName: 'CMB Shenzhen',
      accountNumber: '7559 0001',
    });
    expect(() => loadConfig({ BANK_NAME: 'CMB Shenzhen' })).toThrow(/set together/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('stops on a bad value with a message naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      new ConfigError('Invalid configuration: PORT must be a port number from 0 to 65535 (got "abc")'),
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a port number/);
  });

  it('is a broker node unless MQTT_BROKER=false says otherwise', () => {
    expect(loadConfig({}).mqttBroker).toBe(true);
    expect(loadConfig({ MQTT_BROKER: 'false' }).mqttBroker).toBe(false);
    expect(() => loadConfig({ MQTT_BROKER: 'sometimes' })).toThrow(/MQTT_BROKER/);
  });

  it('reads how many imports run at once, from 1 to 64', () => {
    expect(loadConfig({ IMPORT_CONCURRENCY: '4' }).importConcurrency).toBe(4);
    for (const bad of ['0', '65', '1.5', 'many'])
      expect(() => loadConfig({ IMPORT_CONCURRENCY: bad }), bad).toThrow(/IMPORT_CONCURRENCY/);
  });

  it('names every bad variable at once', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', VERIFY_COMPANY: 'maybe' }),
    ).toThrow(
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ address \(got "mysql:\/\/x"\); JWT_SECRET must be at least 32 characters; VERIFY_COMPANY must be true or false/,
    );
  });

  it('reads booleans, durations and a PostgreSQL address', () => {
    const config = loadConfig({
      VERIFY_COMPANY: 'false',
      DEMO_SEED: '0',
      JWT_EXPIRES_IN: '30m',
      DATABASE_URL: 'postgresql://vap@db:5432/vap',
    });
    expect(config).toMatchObject({
      verifyCompany: false,
      demo: expect.objectContaining({ seed: false }),
      jwtExpiresIn: 1800,
      databaseUrl: 'postgresql://vap@db:5432/vap',
    });
  });
});

describe('the object store (OBJECT_STORE, S3_*)', () => {
  it('keeps objects under DATA_DIR by default', () => {
    expect(loadConfig({}).objectStore).toEqual({ kind: 'local' });
  });

  it('reads an S3-compatible bucket, addressed by path when it has an endpoint', () => {
    const config = loadConfig({
      OBJECT_STORE: 's3',
      S3_BUCKET: 'vap',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'console/',
    });
    expect(config.objectStore).toEqual({
      kind: 's3',
      bucket: 'vap',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      prefix: 'console/',
    });
  });

  it("leaves AWS S3's addressing and credentials to the SDK when no endpoint or keys are given", () => {
    expect(
      loadConfig({ OBJECT_STORE: 's3', S3_BUCKET: 'vap', S3_REGION: 'eu-central-1' }).objectStore,
    ).toEqual({
      kind: 's3',
      bucket: 'vap',
      endpoint: undefined,
      region: 'eu-central-1',
      forcePathStyle: false,
      credentials: undefined,
      prefix: '',
    });
  });

  it('stops on an S3 store without a bucket, with half a key pair, or on a bad value', () => {
    expect(() => loadConfig({ OBJECT_STORE: 's3' })).toThrow(/OBJECT_STORE=s3 needs S3_BUCKET/);
    expect(() => loadConfig({ OBJECT_STORE: 's3', S3_BUCKET: 'vap', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/,
    );
    expect(() => loadConfig({ OBJECT_STORE: 'gcs' })).toThrow(/OBJECT_STORE must be local or s3/);
    expect(() => loadConfig({ OBJECT_STORE: 's3', S3_BUCKET: 'vap', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT must be an http/,
    );
    expect(() => loadConfig({ OBJECT_STORE: 's3', S3_BUCKET: 'vap', S3_PREFIX: '/x' })).toThrow(/S3_PREFIX/);
  });
});

describe('providers', () => {
  it('are the development ones by default', () => {
    expect(loadConfig({})).toMatchObject({
      sms: { provider: 'dev' },
      scan: { provider: 'dev' },
      email: { provider: 'dev' },
    });
  });

  it('reads the Alibaba Cloud SMS settings, with the public endpoint unless one is given', () => {
    const env = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'LTAI5t',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '维安普',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    };
    expect(loadConfig(env).sms).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI5t',
      accessKeySecret: 'secret',
      signName: '维安普',
      templateCode: 'SMS_1',
      endpoint: 'dysmsapi.aliyuncs.com',
    });
    expect(loadConfig({ ...env, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9' }).sms).toMatchObject({
      endpoint: 'http://127.0.0.1:9',
    });
  });

  it('names every setting a chosen provider lacks', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'x' })).toThrow(
      new ConfigError(
        'Invalid configuration: ALIYUN_ACCESS_KEY_SECRET is required with SMS_PROVIDER=aliyun; ' +
          'ALIYUN_SMS_SIGN_NAME is required with SMS_PROVIDER=aliyun; ' +
          'ALIYUN_SMS_TEMPLATE_CODE is required with SMS_PROVIDER=aliyun',
      ),
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'webhook' })).toThrow(
      /SMS_WEBHOOK_URL is required with SMS_PROVIDER=webhook/,
    );
    expect(() => loadConfig({ SCAN_PROVIDER: 'wechat', WECHAT_APP_ID: 'wx1' })).toThrow(
      /WECHAT_APP_SECRET is required with SCAN_PROVIDER=wechat; WECHAT_REDIRECT_URI is required/,
    );
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(
      /SMTP_URL is required with EMAIL_PROVIDER=smtp/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      /SMS_PROVIDER must be dev, aliyun or webhook/,
    );
  });

  it("reads the webhook, WeChat and SMTP settings, with WeChat's public addresses by default", () => {
    const config = loadConfig({
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      SMS_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters',
      SCAN_PROVIDER: 'wechat',
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 's',
      WECHAT_REDIRECT_URI: 'https://vap.example.com/webapi/v0/pms/users/login_wechat/callback',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtps://user:pass@smtp.example.com',
      MAIL_FROM: 'VAP <noreply@example.com>',
    });
    expect(config).toMatchObject({
      sms: {
        provider: 'webhook',
        url: 'https://sms.example.com/send',
        secret: 'a-webhook-secret-of-32-characters',
      },
      scan: {
        provider: 'wechat',
        openBase: 'https://open.weixin.qq.com',
        apiBase: 'https://api.weixin.qq.com',
      },
      email: {
        provider: 'smtp',
        url: 'smtps://user:pass@smtp.example.com',
        from: 'VAP <noreply@example.com>',
      },
    });
  });

  it('reads the payment gateways: the development one by default, Alipay or WeChat Pay with their addresses', () => {
    expect(loadConfig({}).payment).toEqual({ provider: 'dev' });
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).payment).toEqual({ provider: 'none' });
    const alipay = {
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY_FILE: '/keys/app.pem',
      ALIPAY_PUBLIC_KEY_FILE: '/keys/alipay.pem',
      PUBLIC_URL: 'https://console.example.com',
    };
    expect(loadConfig(alipay).payment).toEqual({
      provider: 'alipay',
      appId: '2021000000000001',
      privateKeyFile: '/keys/app.pem',
      alipayPublicKeyFile: '/keys/alipay.pem',
      gateway: 'https://openapi.alipay.com/gateway.do',
      publicUrl: 'https://console.example.com',
    });
    expect(
      loadConfig({ ...alipay, ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do' })
        .payment,
    ).toMatchObject({ gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do' });
    const wechatpay = {
      PAYMENT_PROVIDER: 'wechatpay',
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_APP_ID: 'wx0000000000000001',
      WECHATPAY_CERT_SERIAL: '3775B6A45ACD588826D15E583A95F5DD00000000',
      WECHATPAY_PRIVATE_KEY_FILE: '/keys/apiclient_key.pem',
      WECHATPAY_API_V3_KEY: 'k'.repeat(32),
      WECHATPAY_PUBLIC_KEY_FILE: '/keys/pub_key.pem',
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0000',
      WECHATPAY_PLATFORM_CERT_FILES: '/keys/a.pem, /keys/b.pem',
      PUBLIC_URL: 'https://console.example.com',
    };
    expect(loadConfig(wechatpay).payment).toEqual({
      provider: 'wechatpay',
      mchId: '1900000001',
      appId: 'wx0000000000000001',
      serialNo: '3775B6A45ACD588826D15E583A95F5DD00000000',
      privateKeyFile: '/keys/apiclient_key.pem',
      apiV3Key: 'k'.repeat(32),
      publicKey: { id: 'PUB_KEY_ID_0000', file: '/keys/pub_key.pem' },
      platformCertFiles: ['/keys/a.pem', '/keys/b.pem'],
      baseUrl: 'https://api.mch.weixin.qq.com',
      publicUrl: 'https://console.example.com',
    });
  });

  it('names what a payment gateway lacks, and never repeats the APIv3 key', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'alipay' })).toThrow(
      /ALIPAY_APP_ID is required with PAYMENT_PROVIDER=alipay.*ALIPAY_PRIVATE_KEY_FILE.*ALIPAY_PUBLIC_KEY_FILE.*PUBLIC_URL/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'wechatpay' })).toThrow(
      /WECHATPAY_MCH_ID is required.*WECHATPAY_API_V3_KEY.*WECHATPAY_PUBLIC_KEY_FILE \(with WECHATPAY_PUBLIC_KEY_ID\) or WECHATPAY_PLATFORM_CERT_FILES/,
    );
    const short = () => loadConfig({ WECHATPAY_API_V3_KEY: 'secret-v3-key' });
    expect(short).toThrow(/WECHATPAY_API_V3_KEY must be the 32 characters/);
    expect(short).not.toThrow(/secret-v3-key/);
  });

  it('reads the plate recognition engine: development by default, Alibaba Cloud OCR or the vendor HTTP engine', () => {
    expect(loadConfig({})).toMatchObject({ plateEngine: { engine: 'dev' }, prsTrialsPerDay: 20 });
    expect(
      loadConfig({ PLATE_ENGINE: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'LTAI5t', ALIYUN_ACCESS_KEY_SECRET: 's' })
        .plateEngine,
    ).toEqual({
      engine: 'aliyun',
      accessKeyId: 'LTAI5t',
      accessKeySecret: 's',
      endpoint: 'ocr-api.cn-hangzhou.aliyuncs.com',
    });
    expect(
      loadConfig({
        PLATE_ENGINE: 'http',
        PLATE_ENGINE_URL: 'http://10.0.0.5:8080/plates',
        PRS_TRIALS_PER_DAY: '5',
      }),
    ).toMatchObject({
      plateEngine: { engine: 'http', url: 'http://10.0.0.5:8080/plates', token: undefined },
      prsTrialsPerDay: 5,
    });
    expect(() => loadConfig({ PLATE_ENGINE: 'http' })).toThrow(
      new ConfigError('Invalid configuration: PLATE_ENGINE_URL is required with PLATE_ENGINE=http'),
    );
  });

  it('never repeats a secret in a refusal', () => {
    const refusal = () =>
      loadConfig({
        SMS_WEBHOOK_SECRET: 'too-short',
        SMTP_URL: 'http://user:hunter2@mail',
        JWT_SECRET: 'tiny',
      });
    expect(refusal).toThrow(/SMS_WEBHOOK_SECRET must be at least 16 characters; SMTP_URL must be an smtp/);
    expect(refusal).not.toThrow(/too-short|hunter2|tiny/);
  });
});

describe('production (NODE_ENV=production)', () => {
  const ready = (env: Record<string, string>) => () =>
    assertProductionReady(loadConfig({ NODE_ENV: 'production', ...env }));
  const POSTGRES = { DATABASE_URL: 'postgres://vap@db/vap' };

  it('connects 20 simulated devices with the demo data, as many as DEMO_DEVICES says, none without it', () => {
    expect(loadConfig({}).demo.devices).toBe(20);
    expect(loadConfig({ DEMO_DEVICES: '0' }).demo.devices).toBe(0);
    expect(loadConfig({ DEMO_DEVICES: '3' }).demo.devices).toBe(3);
    expect(loadConfig({ NODE_ENV: 'production' }).demo.devices).toBe(0);
    expect(() => loadConfig({ DEMO_DEVICES: 'many' })).toThrow('DEMO_DEVICES must be a number of devices');
  });

  it('seeds no demo owner unless DEMO_SEED=true says so', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo.seed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'true' }).demo.seed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demo.seed).toBe(true);
  });

  it('refuses the embedded database, naming DATABASE_URL, unless EMBEDDED_DB_IN_PRODUCTION=true', () => {
    expect(ready({})).toThrow(ConfigError);
    expect(ready({})).toThrow(
      /^NODE_ENV=production needs DATABASE_URL \(postgres:\/\/…\).*EMBEDDED_DB_IN_PRODUCTION=true/,
    );
    expect(ready(POSTGRES)).not.toThrow();
    expect(ready({ EMBEDDED_DB_IN_PRODUCTION: 'true' })).not.toThrow();
  });

  it('refuses the development outbox, naming DEV_OUTBOX, unless ALLOW_DEV_PROVIDERS=true', () => {
    expect(ready({ ...POSTGRES, DEV_OUTBOX: 'true' })).toThrow(
      /unset DEV_OUTBOX \(or set ALLOW_DEV_PROVIDERS=true/,
    );
    expect(ready({ ...POSTGRES, DEV_OUTBOX: 'true', ALLOW_DEV_PROVIDERS: 'true' })).not.toThrow();
  });

  it('refuses the development payment provider, naming PAYMENT_PROVIDER, unless ALLOW_DEV_PROVIDERS=true; unset, bank transfer only', () => {
    expect(ready({ ...POSTGRES, PAYMENT_PROVIDER: 'dev' })).toThrow(
      /PAYMENT_PROVIDER=dev would credit balances no one paid.*ALLOW_DEV_PROVIDERS=true/,
    );
    expect(ready({ ...POSTGRES, PAYMENT_PROVIDER: 'dev', ALLOW_DEV_PROVIDERS: 'true' })).not.toThrow();
    expect(loadConfig({ NODE_ENV: 'production' }).payment).toEqual({ provider: 'none' });
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEV_PROVIDERS: 'true' }).payment).toEqual({
      provider: 'dev',
    });
    expect(ready({ ...POSTGRES })).not.toThrow();
  });

  it('asks nothing of a server that is not in production', () => {
    expect(() => assertProductionReady(loadConfig({ DEV_OUTBOX: 'true' }))).not.toThrow();
  });
});

describe("the detection lab's engine (LVLM_*)", () => {
  it('is the development engine with 20 trials a company a day by default', () => {
    expect(loadConfig({}).lvlmLab).toEqual({ engine: { kind: 'dev' }, dailyTrials: 20 });
  });

  it('reads an OpenAI-compatible engine with its coordinate space, timeout and daily trials', () => {
    expect(
      loadConfig({
        LVLM_ENGINE: 'openai',
        LVLM_BASE_URL: 'http://127.0.0.1:11434/v1',
        LVLM_MODEL: 'qwen2.5vl:7b',
        LVLM_API_KEY: 'sk-x',
        LVLM_COORDINATES: 'pixels',
        LVLM_TIMEOUT: '2m',
        LVLM_DAILY_TRIALS: '5',
      }).lvlmLab,
    ).toEqual({
      engine: {
        kind: 'openai',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'qwen2.5vl:7b',
        apiKey: 'sk-x',
        space: 'pixels',
        timeoutMs: 120_000,
      },
      dailyTrials: 5,
    });
    expect(
      loadConfig({ LVLM_ENGINE: 'openai', LVLM_BASE_URL: 'https://x.example/v1', LVLM_MODEL: 'm' }).lvlmLab
        .engine,
    ).toMatchObject({
      space: 'normalized_1000',
      timeoutMs: 60_000,
      apiKey: undefined,
    });
  });

  it('names what an OpenAI-compatible engine lacks, and refuses a bad space, timeout or count', () => {
    expect(() => loadConfig({ LVLM_ENGINE: 'openai' })).toThrow(
      /LVLM_BASE_URL is required with LVLM_ENGINE=openai; LVLM_MODEL is required with LVLM_ENGINE=openai/,
    );
    expect(() => loadConfig({ LVLM_COORDINATES: 'inches' })).toThrow(/LVLM_COORDINATES/);
    expect(() => loadConfig({ LVLM_TIMEOUT: '1h' })).toThrow(/LVLM_TIMEOUT/);
    expect(() => loadConfig({ LVLM_DAILY_TRIALS: '-1' })).toThrow(/LVLM_DAILY_TRIALS/);
  });
});

describe('parseDuration', () => {
  it.each([
    ['3600', 3600],
    ['45s', 45],
    ['30m', 1800],
    ['12h', 43_200],
    ['7d', 604_800],
  ])('reads %s as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', '0', '-1h', '12 hours', 'h'])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('the MQTT broker (MQTT_PORT, MQTT_TLS_*)', () => {
  it('listens on 1883 by default, a port it may trade for a free one when 1883 is taken', () => {
    expect(loadConfig({}).mqtt).toEqual({ tcp: { port: 1883, chosen: false, tls: null } });
  });

  it('listens on a chosen port, 0 for any, or not at all', () => {
    expect(loadConfig({ MQTT_PORT: '18830' }).mqtt).toEqual({
      tcp: { port: 18830, chosen: true, tls: null },
    });
    expect(loadConfig({ MQTT_PORT: '0' }).mqtt).toEqual({ tcp: { port: 0, chosen: true, tls: null } });
    expect(loadConfig({ MQTT_PORT: 'off' }).mqtt).toEqual({ tcp: 'off' });
  });

  it('speaks TLS with a certificate and its key, both or neither', () => {
    const config = loadConfig({ MQTT_TLS_CERT: '/etc/vap/mqtt.crt', MQTT_TLS_KEY: '/etc/vap/mqtt.key' });
    expect(config.mqtt).toEqual({
      tcp: {
        port: 1883,
        chosen: false,
        tls: { certFile: '/etc/vap/mqtt.crt', keyFile: '/etc/vap/mqtt.key' },
      },
    });
    expect(() => loadConfig({ MQTT_TLS_CERT: '/etc/vap/mqtt.crt' })).toThrow(
      'MQTT_TLS_KEY is required with MQTT_TLS_CERT',
    );
  });

  it('keeps a million log rows by default, as many as MQTT_LOG_MAX_ROWS says, none with 0', () => {
    expect(loadConfig({}).mqttLogMaxRows).toBe(1_000_000);
    expect(loadConfig({ MQTT_LOG_MAX_ROWS: '5000' }).mqttLogMaxRows).toBe(5000);
    expect(loadConfig({ MQTT_LOG_MAX_ROWS: '0' }).mqttLogMaxRows).toBe(0);
    expect(() => loadConfig({ MQTT_LOG_MAX_ROWS: 'lots' })).toThrow(
      'MQTT_LOG_MAX_ROWS must be a number of rows',
    );
  });

  it('caps packets at 256 KB and counts 10 failed connects a client, 100 an address, in 15 minutes by default (issue 28)', () => {
    expect(loadConfig({}).mqttLimits).toEqual({
      maxPacketSize: 262_144,
      failuresPerClient: 10,
      failuresPerAddress: 100,
      failureWindowMs: 900_000,
    });
    expect(
      loadConfig({
        MQTT_MAX_PACKET_SIZE: '1048576',
        MQTT_AUTH_FAILURES_PER_CLIENT: '3',
        MQTT_AUTH_FAILURES_PER_ADDRESS: '500',
        MQTT_AUTH_FAILURE_WINDOW: '1h',
      }).mqttLimits,
    ).toEqual({
      maxPacketSize: 1_048_576,
      failuresPerClient: 3,
      failuresPerAddress: 500,
      failureWindowMs: 3_600_000,
    });
  });

  it('refuses a packet limit under 1 KB or over what MQTT can say, and failure limits that are not counts', () => {
    expect(() => loadConfig({ MQTT_MAX_PACKET_SIZE: '100' })).toThrow(
      'MQTT_MAX_PACKET_SIZE must be at least 1024 bytes (got "100")',
    );
    expect(() => loadConfig({ MQTT_MAX_PACKET_SIZE: '300000000' })).toThrow(
      /MQTT_MAX_PACKET_SIZE must be at most 268435460 bytes/,
    );
    expect(() => loadConfig({ MQTT_AUTH_FAILURES_PER_CLIENT: '0' })).toThrow(
      'MQTT_AUTH_FAILURES_PER_CLIENT must be at least 1',
    );
    expect(() => loadConfig({ MQTT_AUTH_FAILURES_PER_ADDRESS: 'many' })).toThrow(
      'MQTT_AUTH_FAILURES_PER_ADDRESS must be a number of failed connects',
    );
    expect(() => loadConfig({ MQTT_AUTH_FAILURE_WINDOW: '2d' })).toThrow(
      'MQTT_AUTH_FAILURE_WINDOW must be a duration up to a day',
    );
  });

  it('sends devices download URLs on PUBLIC_URL, an http or https address, else on its own', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com' }).publicUrl).toBe(
      'https://console.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'console.example.com' })).toThrow('PUBLIC_URL must be an http://');
  });

  it('forms one broker with the other nodes on REDIS_URL, and stops on an address that is no Redis', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow('REDIS_URL must be a redis://');
  });

  it('stops on a port that is no port', () => {
    for (const value of ['65536', 'on', '-1', '1883x']) {
      expect(() => loadConfig({ MQTT_PORT: value })).toThrow(
        `MQTT_PORT must be a port number from 0 to 65535, or off (got "${value}")`,
      );
    }
  });
});

describe('internet telephony (SIP_DOMAIN, SIP_SERVER; issue 33)', () => {
  it('names companies c{id}.sip.localhost and configures no SIP server by default', () => {
    expect(loadConfig({}).voip).toEqual({
      sipDomain: 'sip.localhost',
      sipServer: undefined,
      sipWebSocket: undefined,
    });
  });

  it('takes a domain name as the suffix of the SIP domains, lower-cased', () => {
    expect(loadConfig({ SIP_DOMAIN: 'Voice.Example.COM' }).voip.sipDomain).toBe('voice.example.com');
    for (const bad of [
      'localhost',
      'sip..example.com',
      '-sip.example.com',
      'sip.example.com:5060',
      'sip example.com',
    ])
      expect(() => loadConfig({ SIP_DOMAIN: bad }), bad).toThrow('SIP_DOMAIN must be a domain name');
    // c{id}.{SIP_DOMAIN} must fit Kamailio's 64-character domain column.
    expect(() => loadConfig({ SIP_DOMAIN: `${'a'.repeat(50)}.com` })).toThrow(
      'SIP_DOMAIN must be at most 52',
    );
  });

  it('takes a UDP, TCP or TLS listener or a WebSocket URL as the SIP server', () => {
    for (const server of [
      'udp:sip.example.com:5060',
      'tcp:10.0.0.5:5060',
      'tls:[2001:db8::1]:5061',
      'wss://sip.example.com/ws',
      'ws://127.0.0.1:8080',
    ])
      expect(loadConfig({ SIP_SERVER: server }).voip.sipServer).toBe(server);
    for (const bad of [
      'sip.example.com',
      'udp:sip.example.com',
      'http://sip.example.com',
      'udp:sip example.com:5060',
    ])
      expect(() => loadConfig({ SIP_SERVER: bad }), bad).toThrow('SIP_SERVER must be an address such as');
  });

  it("gives browsers' softphones SIP_WEBSOCKET, or SIP_SERVER when that is a WebSocket URL", () => {
    const both = loadConfig({
      SIP_SERVER: 'udp:sip.example.com:5060',
      SIP_WEBSOCKET: 'wss://sip.example.com/ws',
    });
    expect(both.voip.sipWebSocket).toBe('wss://sip.example.com/ws');
    expect(loadConfig({ SIP_SERVER: 'udp:sip.example.com:5060' }).voip.sipWebSocket).toBeUndefined();
    expect(loadConfig({ SIP_SERVER: 'ws://127.0.0.1:8088' }).voip.sipWebSocket).toBe('ws://127.0.0.1:8088');
    expect(() => loadConfig({ SIP_WEBSOCKET: 'udp:sip.example.com:5060' })).toThrow(
      'SIP_WEBSOCKET must be a WebSocket URL such as',
    );
  });
});
