/**
 * The SIP server registers the console's extensions (issue 33): Kamailio, started with the
 * repository's configuration on free ports against a test PostgreSQL database, authenticates each
 * REGISTER against the extensions' HA1 credentials in their company's SIP domain and writes the
 * registration through to kam_location, which the console reads as the extension's status, IP and UA.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/harness.js';
import { kamailioBinary, type RunningKamailio, startKamailio } from './kamailio.js';
import { addCompany, addExtension, type TestExtension } from './test-fixtures.js';
import { startPhone, type TestPhone, useWsAsWebSocket } from './test-phones.js';

const SIP_DOMAIN = 'sip.test';
const runnable = Boolean(process.env.TEST_DATABASE_URL) && kamailioBinary() !== null;
if (!runnable) {
  console.info(
    'SIP server tests skipped: they need TEST_DATABASE_URL (PostgreSQL) and Kamailio installed (.ci/run installs it)',
  );
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

describe.runIf(runnable)('the SIP server registers extensions in their own company only', () => {
  let test: TestDatabase;
  let sql: postgres.Sql;
  let kamailio: RunningKamailio;
  let restoreWebSocket: () => void;
  const phones: TestPhone[] = [];
  let alice: TestExtension;
  let bob: TestExtension;
  let rival: TestExtension;

  const phone = async (
    extension: TestExtension,
    overrides: { password?: string; domain?: string; authUser?: string } = {},
  ) => {
    const started = await startPhone({
      wsUrl: kamailio.wsUrl,
      dialId: extension.dialId,
      domain: overrides.domain ?? extension.domain,
      password: overrides.password ?? extension.password,
      ...(overrides.authUser ? { authUser: overrides.authUser } : {}),
    });
    phones.push(started);
    return started;
  };

  const locations = (extension: TestExtension, domain = extension.domain) =>
    sql<{ user_agent: string; received: string | null; contact: string }[]>`
      select user_agent, received, contact from kam_location
      where username = ${extension.dialId} and domain = ${domain} and expires > timezone('UTC', now())`;

  beforeAll(async () => {
    restoreWebSocket = useWsAsWebSocket();
    test = await createTestDatabase('postgres');
    sql = postgres(test.url ?? '', { max: 2, onnotice: () => {} });
    const acme = await addCompany(sql, 'Acme');
    const other = await addCompany(sql, 'Other');
    alice = await addExtension(sql, SIP_DOMAIN, acme, '1001', 'secret11');
    bob = await addExtension(sql, SIP_DOMAIN, acme, '1002', 'secret22');
    rival = await addExtension(sql, SIP_DOMAIN, other, '1001', 'rival111');
    kamailio = await startKamailio({ databaseUrl: test.url ?? '', sipDomain: SIP_DOMAIN });
  });

  afterAll(async () => {
    await Promise.all(phones.map((each) => each.stop()));
    await kamailio?.stop();
    await sql?.end();
    await test?.drop();
    restoreWebSocket?.();
  });

  it('a phone that registers is in kam_location within seconds, with its address and user agent', async () => {
    const phone1 = await phone(alice);
    expect(await phone1.register()).toBe(true);
    const rows = await until(
      () => locations(alice),
      (found) => found.length > 0,
      3000,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_agent).toBe('VAP test phone 1001');
    expect(rows[0]?.received).toMatch(/^sip:127\.0\.0\.1:\d+;transport=ws$/);
  });

  it('a phone that unregisters leaves kam_location', async () => {
    const phone2 = await phone(bob);
    expect(await phone2.register()).toBe(true);
    expect(
      await until(
        () => locations(bob),
        (found) => found.length > 0,
        3000,
      ),
    ).toHaveLength(1);
    await phone2.unregister();
    expect(
      await until(
        () => locations(bob),
        (found) => found.length === 0,
        3000,
      ),
    ).toHaveLength(0);
  });

  it('a wrong password is refused and registers nothing', async () => {
    const wrong = await phone(bob, { password: 'not-it-99' });
    expect(await wrong.register()).toBe(false);
    expect(await locations(bob)).toHaveLength(0);
  });

  it("another company's extension cannot register in this company's domain, even with the same dial id", async () => {
    const intruder = await phone(rival, { domain: alice.domain });
    expect(await intruder.register()).toBe(false);
    const rows = await locations(alice);
    expect(rows.every((row) => row.user_agent === 'VAP test phone 1001')).toBe(true);
    expect(rows).toHaveLength(1);
  });

  it('an extension cannot register as another extension of its company with its own credentials', async () => {
    const impostor = await phone(bob, { authUser: alice.dialId, password: alice.password });
    expect(await impostor.register()).toBe(false);
    expect(await locations(bob)).toHaveLength(0);
  });

  it('an unknown domain is refused', async () => {
    const stranger = await phone(alice, { domain: `c99999.${SIP_DOMAIN}` });
    expect(await stranger.register()).toBe(false);
    const elsewhere = await phone(alice, { domain: 'c1.example.org' });
    expect(await elsewhere.register()).toBe(false);
  });
});
