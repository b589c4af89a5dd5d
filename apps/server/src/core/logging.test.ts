import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../testing/harness.js';
import { keptLines } from '../testing/kept-log.js';
import { users } from './db/schema.js';
import { safeLoggerOptions, serializeError } from './logging.js';

/** A Fastify app whose log lines, with the server's logger options, are kept. */
function loggingApp() {
  const { stream, lines } = keptLines();
  const app = Fastify({ logger: safeLoggerOptions({ level: 'trace', stream }) });
  return { app, lines };
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$knownhashknownhashknownhashknownhash';

describe.each(ENGINES)('a failed query in the log, on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await t.database.db.insert(users).values({ phone: '13977776666', passwordHash: HASH });
  });
  afterAll(() => t.drop());

  const failure = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      return error as Error;
    }
    throw new Error('the query did not fail');
  };

  it('shows the query text and the driver error code, and no parameter value', async () => {
    // A unique violation: its parameters are a hash and a phone, its DETAIL repeats the phone.
    const error = await failure(() =>
      t.database.db
        .insert(users)
        .values({ phone: '13977776666', passwordHash: HASH, email: 'who@example.com' }),
    );
    const { app, lines } = loggingApp();
    app.log.error({ err: error }, 'request failed');
    const line = JSON.parse(lines()) as { err: { message: string; query: string; cause: { code: string } } };
    expect(line.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(line.err.query).toMatch(/^insert into "users"/);
    expect(line.err.cause.code).toBe('23505');
    for (const value of ['13977776666', 'knownhash', 'who@example.com']) expect(lines()).not.toContain(value);
  });

  it('keeps out the value PostgreSQL quotes in the message of a data exception', async () => {
    const error = await failure(() =>
      t.database.db.execute(sql`select ${'0000-01-01T00:00:00.000Z'}::timestamptz`),
    );
    const { app, lines } = loggingApp();
    app.log.error({ err: error }, 'request failed');
    expect(lines()).toContain('the value is not logged');
    expect(lines()).not.toContain('0000-01-01');
  });
});

describe('the server logger', () => {
  it('redacts secrets of request bodies and the authorization header', () => {
    const { app, lines } = loggingApp();
    app.log.info(
      {
        body: { account: '13800138000', password: 'p4ss', code: '123456', secret: 's3cr3t', token: 't0k' },
        req: { headers: { authorization: 'Bearer abc.def' } },
      },
      'incoming',
    );
    expect(lines()).toContain('13800138000');
    for (const value of ['p4ss', '123456', 's3cr3t', 't0k', 'abc.def']) expect(lines()).not.toContain(value);
  });

  it('logs an error that holds itself, or a chain deeper than it follows, without overflowing', () => {
    const error = new Error('bad gzip') as Error & { decompressError?: Error };
    error.decompressError = error;
    let chain = new Error('root');
    for (let level = 0; level < 10_000; level++) chain = new Error(`level ${level}`, { cause: chain });
    const { app, lines } = loggingApp();
    app.log.info({ err: error }, 'request rejected');
    app.log.error({ err: chain }, 'request failed');
    const [first, second] = lines()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(first.err.decompressError).toBe('[Error]');
    expect(second.err.cause.cause.cause.cause.cause.cause).toBe('[Error]');
  });

  it('logs what is not an Error as its text', () => {
    expect(serializeError('gateway down' as unknown as Error)).toEqual({
      type: 'string',
      message: 'gateway down',
      stack: '',
    });
  });
});
