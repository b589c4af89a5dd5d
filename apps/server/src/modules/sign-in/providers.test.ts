import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { PasswordHasher } from '../../core/auth/passwords.js';
import { loadConfig } from '../../core/config.js';
import { createTestDatabase, type TestDatabase } from '../../testing/harness.js';
import { capturedLog } from '../../testing/kept-log.js';
import { HttpPlateEngine } from '../plate-recognition/index.js';
import { configuredProviders } from './configured.js';
import {
  DevelopmentProviderError,
  DevOutbox,
  DevScanLoginProvider,
  DevSmsProvider,
  type ScanLoginProvider,
  type SmsProvider,
} from './providers.js';

describe('the development SMS provider', () => {
  it('logs no code when the development outbox is off', async () => {
    const { log, lines } = capturedLog();
    await new DevSmsProvider(log, null).send('13912345678', '483920', 'login');
    expect(lines()).toContain('development SMS provider: code not sent');
    expect(lines()).toContain('13912345678');
    expect(lines()).not.toContain('483920');
  });

  it('logs the code and keeps it in the outbox when the development outbox is on', async () => {
    const { log, lines } = capturedLog();
    const outbox = new DevOutbox();
    await new DevSmsProvider(log, outbox).send('13912345678', '483920', 'login');
    expect(lines()).toContain('483920');
    expect(outbox.latest('13912345678')[0]?.code).toBe('483920');
  });

  it('is marked as a development provider, as is the scan provider', () => {
    const { log } = capturedLog();
    expect(new DevSmsProvider(log, null).development).toBe(true);
    expect(new DevScanLoginProvider(log, null).development).toBe(true);
  });
});

describe('refusing development providers (production without ALLOW_DEV_PROVIDERS)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
  });
  afterAll(() => t.drop());

  const realSms: SmsProvider = { send: async () => {} };
  const realScan: ScanLoginProvider = {
    qrContent: (id) => `https://app.example/auth?state=${id}`,
    announce: async () => {},
  };
  const build = (
    providers: { smsProvider?: SmsProvider; scanProvider?: ScanLoginProvider },
    refuse: boolean,
  ) =>
    buildApp({
      database: t.database,
      passwords: new PasswordHasher(1),
      serverSecret: 's'.repeat(40),
      jwtExpiresIn: 3600,
      bodyLimit: 1_048_576,
      verifyCompany: true,
      consoleDir: null,
      dataDir: '/nonexistent',
      devOutbox: false,
      refuseDevelopmentProviders: refuse,
      // A real plate engine: these tests are about the sign-in providers.
      plateEngine: new HttpPlateEngine({ url: 'http://127.0.0.1:9/plates' }),
      ...providers,
    }).then(({ app }) => app);

  it('names each development provider in use', async () => {
    await expect(build({}, true)).rejects.toEqual(new DevelopmentProviderError(['SMS', 'scan sign-in']));
    await expect(build({ smsProvider: realSms }, true)).rejects.toEqual(
      new DevelopmentProviderError(['scan sign-in']),
    );
  });

  it('takes the providers SMS_PROVIDER and SCAN_PROVIDER choose as real ones', async () => {
    const wechat = {
      SCAN_PROVIDER: 'wechat',
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 's',
      WECHAT_REDIRECT_URI: 'https://vap.example.com/webapi/v0/pms/users/login_wechat/callback',
    };
    const aliyun = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: 'VAP',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    };
    const webhook = { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.com/send' };
    for (const sms of [aliyun, webhook]) {
      const app = await build(configuredProviders(loadConfig({ ...sms, ...wechat })), true);
      await app.close();
    }
    await expect(build(configuredProviders(loadConfig(wechat)), true)).rejects.toEqual(
      new DevelopmentProviderError(['SMS']),
    );
    await expect(build(configuredProviders(loadConfig(aliyun)), true)).rejects.toEqual(
      new DevelopmentProviderError(['scan sign-in']),
    );
  });

  it('builds on providers without the development mark, or when development ones are allowed', async () => {
    const real = await build({ smsProvider: realSms, scanProvider: realScan }, true);
    await real.close();
    const allowed = await build({}, false);
    await allowed.close();
  });
});
