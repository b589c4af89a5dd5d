/**
 * Call centers are routing the SIP server performs (issue 33): a call to a call center's dial id
 * rings its registered agents by its strategy, each for the ring timeout, the whole call for at most
 * the max wait; an agent who did not take a call stays out of the rotation for the delay interval,
 * offline agents are skipped, and the dial record names the call center and the agent who answered.
 */
import { describe, expect, it } from 'vitest';
import {
  addCallCenter,
  addCompany,
  addExtension,
  type TestCallCenter,
  type TestExtension,
} from './test-fixtures.js';
import type { TestPhone } from './test-phones.js';
import { type DialRecord, sipServerTestable, sipTestServer, TEST_SIP_DOMAIN, until } from './test-server.js';

describe.runIf(sipServerTestable())('call centers ring their agents by strategy', () => {
  let company: number;
  let caller: TestExtension;
  const agents: TestExtension[] = [];
  const server = sipTestServer(async (sql) => {
    company = await addCompany(sql, 'Acme');
    caller = await addExtension(sql, TEST_SIP_DOMAIN, company, '3000', 'caller00');
    for (const n of [1, 2, 3, 4, 5, 6]) {
      agents.push(await addExtension(sql, TEST_SIP_DOMAIN, company, `300${n}`, `agent00${n}`));
    }
  });
  const agent = (n: number) => agents[n - 1] as TestExtension;
  /** A call center of the company with these settings and agents, in order. */
  const callCenter = (settings: TestCallCenter, members: TestExtension[]) =>
    addCallCenter(server.sql(), company, settings, members);

  const recordOf = async (callId: string) => {
    const rows = await server.dialRecords(callId);
    expect(rows).toHaveLength(1);
    return rows[0] as DialRecord;
  };

  /** Which of `phones` rang, in order of ringing, since `from`. */
  const rangOrder = (phones: TestPhone[], from = 0) =>
    phones
      .flatMap((phone) =>
        phone.rings.filter((ring) => ring.at >= from).map((ring) => ({ at: ring.at, who: phone.dialId })),
      )
      .sort((a, b) => a.at - b.at);

  it('top-down rings the agents in order, each for the ring timeout, until one answers', async () => {
    const center = await callCenter({ dialId: '800', strategy: 'top_down', maxWait: 0, ringTimeout: 1 }, [
      agent(1),
      agent(2),
      agent(3),
    ]);
    const [phone, first, second, third] = await server.registered(caller, agent(1), agent(2), agent(3));
    first.answering = 'ignore';
    second.answering = 'busy';
    const outcome = await phone.call('800');
    expect(outcome.status).toBe(200);
    const order = rangOrder([first, second, third]);
    expect(order.map((ring) => ring.who)).toEqual(['3001', '3002', '3003']);
    const [a, b] = order;
    expect((b?.at ?? 0) - (a?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect((b?.at ?? 0) - (a?.at ?? 0)).toBeLessThan(2000);
    await phone.hangUpAll();
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({
      caller: '3000',
      callee: '800',
      call_center_id: center,
      call_center_dial_id: '800',
      agent: '3003',
      result: 'answered',
    });
  });

  it('an agent rung by a call center sees which call center the call came through, which a caller cannot forge', async () => {
    await callCenter({ dialId: '811', strategy: 'top_down', maxWait: 0, ringTimeout: 2 }, [agent(1)]);
    const [phone, first] = await server.registered(caller, agent(1));
    const viaCenter = await phone.dial('811', undefined, ['X-Call-Center: 999']).done;
    expect(viaCenter.status).toBe(200);
    expect(first.rings.at(-1)?.invitation.request.getHeaders('X-Call-Center')).toEqual(['811']);
    await phone.hangUpAll();
    const direct = await phone.dial('3001', undefined, ['X-Call-Center: 810']).done;
    expect(direct.status).toBe(200);
    expect(first.rings.at(-1)?.invitation.request.getHeaders('X-Call-Center')).toEqual([]);
    await phone.hangUpAll();
  });

  it('an agent who did not answer is skipped during the no-answer delay', async () => {
    await callCenter({ dialId: '801', strategy: 'top_down', maxWait: 0, ringTimeout: 1, delayNoAnswer: 60 }, [
      agent(1),
      agent(2),
    ]);
    const [phone, first, second] = await server.registered(caller, agent(1), agent(2));
    first.answering = 'ignore';
    const one = await phone.call('801');
    expect(one.status).toBe(200);
    expect(rangOrder([first, second]).map((ring) => ring.who)).toEqual(['3001', '3002']);
    await phone.hangUpAll();
    const since = Date.now();
    const two = await phone.call('801');
    expect(two.status).toBe(200);
    expect(two.after).toBeLessThan(900);
    expect(rangOrder([first, second], since).map((ring) => ring.who)).toEqual(['3002']);
    await phone.hangUpAll();
    expect(await recordOf(two.session.request.callId)).toMatchObject({ agent: '3002', result: 'answered' });
  });

  it('a busy or rejecting agent is skipped during the busy and reject delays', async () => {
    await callCenter(
      { dialId: '807', strategy: 'top_down', maxWait: 0, ringTimeout: 2, delayBusy: 60, delayReject: 60 },
      [agent(1), agent(2), agent(3)],
    );
    const [phone, first, second, third] = await server.registered(caller, agent(1), agent(2), agent(3));
    first.answering = 'busy';
    second.answering = 'reject';
    const one = await phone.call('807');
    expect(one.status).toBe(200);
    expect(rangOrder([first, second, third]).map((ring) => ring.who)).toEqual(['3001', '3002', '3003']);
    await phone.hangUpAll();
    const since = Date.now();
    const two = await phone.call('807');
    expect(two.status).toBe(200);
    expect(rangOrder([first, second, third], since).map((ring) => ring.who)).toEqual(['3003']);
    await phone.hangUpAll();
  });

  it('round robin starts each call after the agent the last call was offered to', async () => {
    await callCenter({ dialId: '802', strategy: 'round_robin', maxWait: 0, ringTimeout: 1 }, [
      agent(1),
      agent(2),
      agent(3),
    ]);
    const [phone] = await server.registered(caller, agent(1), agent(2), agent(3));
    const answeredBy: Array<string | null> = [];
    for (let call = 0; call < 4; call += 1) {
      const outcome = await phone.call('802');
      expect(outcome.status).toBe(200);
      await phone.hangUpAll();
      answeredBy.push((await recordOf(outcome.session.request.callId)).agent);
    }
    expect(answeredBy).toEqual(['3001', '3002', '3003', '3001']);
  });

  it('ring all rings every agent at once and records the one who answered', async () => {
    await callCenter({ dialId: '803', strategy: 'ring_all', maxWait: 0, ringTimeout: 2 }, [
      agent(1),
      agent(2),
    ]);
    const [phone, first, second] = await server.registered(caller, agent(1), agent(2));
    first.answering = 'ignore';
    const outcome = await phone.call('803');
    expect(outcome.status).toBe(200);
    expect(first.rings).toHaveLength(1);
    expect(second.rings).toHaveLength(1);
    await phone.hangUpAll();
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({
      agent: '3002',
      result: 'answered',
    });
  });

  it("one agent's reject does not end a ring-all call, and keeps that agent out during the reject delay", async () => {
    await callCenter({ dialId: '810', strategy: 'ring_all', maxWait: 0, ringTimeout: 3, delayReject: 60 }, [
      agent(1),
      agent(2),
    ]);
    const [phone, first, second] = await server.registered(caller, agent(1), agent(2));
    first.answering = 'reject';
    second.answerAfterMs = 500;
    const one = await phone.call('810');
    expect(one.status).toBe(200);
    expect(one.after).toBeGreaterThanOrEqual(450);
    await phone.hangUpAll();
    expect(await recordOf(one.session.request.callId)).toMatchObject({ agent: '3002' });
    const two = await phone.call('810');
    expect(two.status).toBe(200);
    expect(first.rings).toHaveLength(1);
    expect(second.rings).toHaveLength(2);
    await phone.hangUpAll();
  });

  it('longest idle offers the call to the agent whose last call ended longest ago', async () => {
    await callCenter({ dialId: '806', strategy: 'longest_idle', maxWait: 0, ringTimeout: 1 }, [
      agent(5),
      agent(6),
    ]);
    const [phone] = await server.registered(caller, agent(5), agent(6));
    const answeredBy: Array<string | null> = [];
    for (let call = 0; call < 3; call += 1) {
      const outcome = await phone.call('806');
      expect(outcome.status).toBe(200);
      await phone.hangUpAll();
      answeredBy.push((await recordOf(outcome.session.request.callId)).agent);
    }
    expect(answeredBy).toEqual(['3005', '3006', '3005']);
  });

  it('an offline agent is skipped', async () => {
    await callCenter({ dialId: '805', strategy: 'top_down', maxWait: 0, ringTimeout: 1 }, [
      agent(4),
      agent(1),
    ]);
    const [phone, first] = await server.registered(caller, agent(1));
    const outcome = await phone.call('805');
    expect(outcome.status).toBe(200);
    expect(outcome.after).toBeLessThan(900);
    expect(first.rings).toHaveLength(1);
    await phone.hangUpAll();
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({ agent: '3001' });
  });

  it('the caller gives up at the max wait, the agents rung in turn, and the call is recorded as timed out in the queue', async () => {
    // Rings start at 0, 2 and 4 s and the caller gives up at 5: a second away from either, so that a
    // busy machine's timers cannot start a fourth ring first (with rings of 1 s and a wait of 3, the
    // fourth ring and the give-up fell due together and a loaded run once saw the ring win).
    await callCenter({ dialId: '804', strategy: 'top_down', maxWait: 5, ringTimeout: 2 }, [
      agent(1),
      agent(2),
    ]);
    const [phone, first, second] = await server.registered(caller, agent(1), agent(2));
    first.answering = 'ignore';
    second.answering = 'ignore';
    const outcome = await phone.call('804');
    expect(outcome.status).toBe(408);
    expect(outcome.after).toBeGreaterThanOrEqual(4800);
    expect(outcome.after).toBeLessThan(6500);
    expect(rangOrder([first, second]).map((ring) => ring.who)).toEqual(['3001', '3002', '3001']);
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({
      callee: '804',
      call_center_dial_id: '804',
      agent: null,
      answered_at: null,
      result: 'queue_timeout',
    });
  });

  it('a caller who hangs up while the agents ring is recorded as cancelled', async () => {
    await callCenter({ dialId: '808', strategy: 'random', maxWait: 0, ringTimeout: 5 }, [agent(1), agent(2)]);
    const [phone, first, second] = await server.registered(caller, agent(1), agent(2));
    first.answering = 'ignore';
    second.answering = 'ignore';
    const { inviter, done } = phone.dial('808');
    await until(
      async () => first.rings.length + second.rings.length,
      (count) => count > 0,
      3000,
    );
    await inviter.cancel();
    const outcome = await done;
    expect(outcome.status).toBe(487);
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({
      callee: '808',
      result: 'cancelled',
    });
  });

  it('a call center with no agent online answers at once and records the call as not answered', async () => {
    await callCenter({ dialId: '809', strategy: 'top_down', maxWait: 30, ringTimeout: 5 }, [agent(4)]);
    const [phone] = await server.registered(caller);
    const outcome = await phone.call('809');
    expect(outcome.status).toBe(480);
    expect(await recordOf(outcome.session.request.callId)).toMatchObject({ result: 'no_answer' });
  });
});
