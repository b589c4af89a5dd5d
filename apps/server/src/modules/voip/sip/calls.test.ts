/**
 * Calls between a company's extensions through the SIP server (issue 33): Kamailio authenticates
 * the caller, refuses calls across companies, routes to the callee's registration, and every call
 * leaves exactly one dial record with its caller, callee, times, duration and result.
 */
import { describe, expect, it } from 'vitest';
import { addCompany, addExtension, type TestExtension } from './test-fixtures.js';
import { type DialRecord, sipServerTestable, sipTestServer, TEST_SIP_DOMAIN, until } from './test-server.js';

describe.runIf(sipServerTestable())('calls between extensions leave one dial record each', () => {
  let acme: number;
  let alice: TestExtension;
  let bob: TestExtension;
  let carol: TestExtension;
  let dave: TestExtension;
  let rival: TestExtension;
  const server = sipTestServer(
    async (sql) => {
      acme = await addCompany(sql, 'Acme');
      const other = await addCompany(sql, 'Other');
      alice = await addExtension(sql, TEST_SIP_DOMAIN, acme, '2001', 'secret11');
      bob = await addExtension(sql, TEST_SIP_DOMAIN, acme, '2002', 'secret22');
      carol = await addExtension(sql, TEST_SIP_DOMAIN, acme, '2003', 'secret33');
      dave = await addExtension(sql, TEST_SIP_DOMAIN, acme, '2004', 'secret44');
      rival = await addExtension(sql, TEST_SIP_DOMAIN, other, '2009', 'rival111');
    },
    { directRingMs: 1500 },
  );

  /** The one dial record of the call with this Call-ID. */
  const recordOf = async (callId: string) => {
    const rows = await server.dialRecords(callId);
    expect(rows).toHaveLength(1);
    return rows[0] as DialRecord;
  };

  it('an answered call is connected and, hung up, recorded as answered with its duration', async () => {
    const [caller, callee] = await server.registered(alice, bob);
    const outcome = await caller.call(bob.dialId);
    expect(outcome.status).toBe(200);
    expect(callee.rings).toHaveLength(1);
    expect(callee.rings[0]?.from).toBe(alice.dialId);
    await new Promise((wait) => setTimeout(wait, 1100));
    await caller.hangUpAll();
    const record = await recordOf(outcome.session.request.callId);
    expect(record).toMatchObject({ company_id: acme, caller: '2001', callee: '2002', result: 'answered' });
    expect(record.call_center_id).toBeNull();
    const answeredAt = record.answered_at?.getTime() ?? Number.NaN;
    expect(record.duration).toBeGreaterThanOrEqual(1);
    expect(record.ended_at.getTime()).toBeGreaterThanOrEqual(answeredAt);
    expect(answeredAt).toBeGreaterThanOrEqual(record.started_at.getTime());
  });

  it('a call the callee hangs up is recorded as answered too', async () => {
    const [caller, callee] = await server.registered(carol, bob);
    const outcome = await caller.call(bob.dialId);
    expect(outcome.status).toBe(200);
    await callee.hangUpAll();
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({
      caller: '2003',
      callee: '2002',
      result: 'answered',
    });
    await until(
      async () => outcome.session.state,
      (state) => state === 'Terminated',
      3000,
    );
    expect(outcome.session.state).toBe('Terminated');
  });

  it('a busy callee is recorded as busy', async () => {
    const [caller, callee] = await server.registered(carol, dave);
    callee.answering = 'busy';
    const outcome = await caller.call(dave.dialId);
    expect(outcome.status).toBe(486);
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({
      caller: '2003',
      callee: '2004',
      result: 'busy',
      duration: 0,
      answered_at: null,
    });
  });

  it('a call nobody answers within the ring time is recorded as not answered', async () => {
    const [caller, callee] = await server.registered(carol, dave);
    callee.answering = 'ignore';
    const outcome = await caller.call(dave.dialId);
    expect(outcome.status).toBe(408);
    expect(outcome.after).toBeGreaterThanOrEqual(1400);
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({ result: 'no_answer' });
  });

  it('a call the caller cancels while it rings is recorded as cancelled', async () => {
    const [caller, callee] = await server.registered(carol, dave);
    callee.answering = 'ignore';
    const rang = callee.rings.length;
    const { inviter, done: outcome } = caller.dial(dave.dialId);
    await until(
      async () => callee.rings.length,
      (count) => count > rang,
      3000,
    );
    await inviter.cancel();
    const done = await outcome;
    expect(done.status).toBe(487);
    expect(await recordOf(done.session.request.callId)).toMatchObject({ result: 'cancelled' });
  });

  it('a call to an extension that is not registered fails and is recorded as failed', async () => {
    const [caller] = await server.registered(alice);
    const offline = await addExtension(server.sql(), TEST_SIP_DOMAIN, acme, '2005', 'secret55');
    const outcome = await caller.call(offline.dialId);
    expect(outcome.status).toBe(480);
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({
      callee: '2005',
      result: 'failed',
    });
  });

  it('a call to a dial id the company does not have is not found and recorded as failed', async () => {
    const [caller] = await server.registered(alice);
    const outcome = await caller.call('9999');
    expect(outcome.status).toBe(404);
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({
      callee: '9999',
      result: 'failed',
    });
  });

  it("an extension cannot call another company's extension, which never rings", async () => {
    const [caller] = await server.registered(alice);
    const [target] = await server.registered(rival);
    const outcome = await caller.call(rival.dialId, rival.domain);
    expect(outcome.status).toBe(403);
    expect(target.rings).toHaveLength(0);
    const rows =
      await server.sql()`select 1 from voip_dial_records where call_id = ${outcome.session.request.callId}`;
    expect(rows).toHaveLength(0);
  });

  it("another company's extension cannot call in: its credentials are not this company's", async () => {
    const [callee] = await server.registered(bob);
    const intruder = await server.phone(rival, { domain: bob.domain });
    const outcome = await intruder.call(bob.dialId);
    expect([401, 403, 407]).toContain(outcome.status);
    expect(callee.rings.filter((ring) => ring.from === rival.dialId)).toHaveLength(0);
  });

  // Last: the registrations the restarted server loads are of connections that are gone.
  it('a call in progress when the SIP server restarts is ended by its next start', async () => {
    const [caller] = await server.registered(alice, bob);
    const outcome = await caller.call(bob.dialId);
    expect(outcome.status).toBe(200);
    await server.restartKamailio();
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({
      callee: '2002',
      result: 'answered',
    });
    expect(await server.sql()`select 1 from voip_sip_calls`).toHaveLength(0);
  });
});
