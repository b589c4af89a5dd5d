/**
 * The SIP server registers the console's extensions (issue 33): Kamailio, started with the
 * repository's configuration on free ports against a test PostgreSQL database, authenticates each
 * REGISTER against the extensions' HA1 credentials in their company's SIP domain and writes the
 * registration through to kam_location, which the console reads as the extension's status, IP and UA.
 */
import { describe, expect, it } from 'vitest';
import { addCompany, addExtension, type TestExtension } from './test-fixtures.js';
import { sipServerTestable, sipTestServer, TEST_SIP_DOMAIN } from './test-server.js';

describe.runIf(sipServerTestable())('the SIP server registers extensions in their own company only', () => {
  let alice: TestExtension;
  let bob: TestExtension;
  let rival: TestExtension;
  const server = sipTestServer(async (sql) => {
    const acme = await addCompany(sql, 'Acme');
    const other = await addCompany(sql, 'Other');
    alice = await addExtension(sql, TEST_SIP_DOMAIN, acme, '1001', 'secret11');
    bob = await addExtension(sql, TEST_SIP_DOMAIN, acme, '1002', 'secret22');
    rival = await addExtension(sql, TEST_SIP_DOMAIN, other, '1001', 'rival111');
  });

  it('a phone that registers is in kam_location within seconds, with its address and user agent', async () => {
    const phone = await server.phone(alice);
    expect(await phone.register()).toBe(true);
    const rows = await server.located(alice);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_agent).toBe('VAP test phone 1001');
    expect(rows[0]?.received).toMatch(/^sip:127\.0\.0\.1:\d+;transport=ws$/);
  });

  it('a phone that unregisters leaves kam_location', async () => {
    const phone = await server.phone(bob);
    expect(await phone.register()).toBe(true);
    expect(await server.located(bob)).toHaveLength(1);
    await phone.unregister();
    expect(await server.unlocated(bob)).toHaveLength(0);
  });

  it('a WebSocket phone whose connection drops is offline within seconds', async () => {
    const phone = await server.phone(bob);
    expect(await phone.register()).toBe(true);
    expect(await server.located(bob)).toHaveLength(1);
    await phone.ua.transport.disconnect();
    expect(await server.unlocated(bob, 5000)).toHaveLength(0);
  });

  it('a wrong password is refused and registers nothing', async () => {
    const wrong = await server.phone(bob, { password: 'not-it-99' });
    expect(await wrong.register()).toBe(false);
    expect(await server.locations(bob)).toHaveLength(0);
  });

  it("another company's extension cannot register in this company's domain, even with the same dial id", async () => {
    await server.registered(alice);
    const intruder = await server.phone(rival, { domain: alice.domain });
    expect(await intruder.register()).toBe(false);
    const rows = await server.locations(alice);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_agent).toBe('VAP test phone 1001');
  });

  it('an extension cannot register as another extension of its company with its own credentials', async () => {
    const impostor = await server.phone(bob, { authUser: alice.dialId, password: alice.password });
    expect(await impostor.register()).toBe(false);
    expect(await server.locations(bob)).toHaveLength(0);
  });

  it('a domain that is no company of this SIP domain is refused', async () => {
    const stranger = await server.phone(alice, { domain: `c99999.${TEST_SIP_DOMAIN}` });
    expect(await stranger.register()).toBe(false);
    const elsewhere = await server.phone(alice, { domain: 'c1.example.org' });
    expect(await elsewhere.register()).toBe(false);
  });
});
