import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { PasswordHasher } from '../../core/auth/passwords.js';
import { createTestDatabase, type TestDatabase } from '../../testing/harness.js';
import {
  DevelopmentProviderError,
  DevOutbox,
  DevScanLoginProvider,
  DevSmsProvider,
  type ScanLoginProvider,
  type SmsProvider,
} from './providers.js';

/** A Fastify logger whose lines are kept. */
function capturedLog() {
  let lines = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines += chunk;
      done();
    },
  });
  const app = Fastify({ logger: { level: 'trace', stream } });
  return { log: app.log, lines: () => lines };
}

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
      jwtSecret: 's'.repeat(40),
      jwtExpiresIn: 3600,
      bodyLimit: 1_048_576,
      verifyCompany: true,
      consoleDir: null,
      dataDir: '/nonexistent',
      devOutbox: false,
      refuseDevelopmentProviders: refuse,
      ...providers,
    });

  it('names each development provider in use', async () => {
    await expect(build({}, true)).rejects.toEqual(new DevelopmentProviderError(['SMS', 'scan sign-in']));
    await expect(build({ smsProvider: realSms }, true)).rejects.toEqual(
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
