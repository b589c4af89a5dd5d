import { describe, expect, it } from 'vitest';
import { assertProductionReady, ConfigError, loadConfig, parseDuration } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      jwtSecret: undefined,
      jwtExpiresIn: 12 * 3600,
      logLevel: 'info',
      bodyLimit: 1_048_576,
      verifyCompany: true,
      demo: { seed: true, account: '13800138000', email: 'owner@vap-demo.com', password: 'vap123456' },
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

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('stops on a bad value with a message naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      new ConfigError('Invalid configuration: PORT must be a port number from 0 to 65535 (got "abc")'),
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a port number/);
  });

  it('names every bad variable at once', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', VERIFY_COMPANY: 'maybe' }),
    ).toThrow(
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ address \(got "mysql:\/\/x"\); JWT_SECRET must be at least 32 characters .*; VERIFY_COMPANY must be true or false/,
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

describe('production (NODE_ENV=production)', () => {
  const ready = (env: Record<string, string>) => () =>
    assertProductionReady(loadConfig({ NODE_ENV: 'production', ...env }));
  const POSTGRES = { DATABASE_URL: 'postgres://vap@db/vap' };

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

  it('asks nothing of a server that is not in production', () => {
    expect(() => assertProductionReady(loadConfig({ DEV_OUTBOX: 'true' }))).not.toThrow();
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
