/**
 * The broker's log (issue 15): messages, subscriptions, device and user states are written in
 * batches and answered per company with filters; an export is an .xlsx, refused beyond 5000 rows.
 */
import { MQTT_LOG_EXPORT_PATHS, MQTT_LOG_PATHS, type MqttLogEntry } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { boundDevices } from '../../testing/device-fixtures.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { BATCH_ROWS, MAX_WAITING, MqttLog } from './log.js';
import { mqttLogs } from './schema.js';
import { brokerSuite } from './test-support.js';
import { deviceTopic } from './topics.js';

describe.each(ENGINES)('the MQTT log, on %s (issue 15)', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  const { connectDevice } = brokerSuite(
    () => createTestApp(engine),
    (suite) => ({ t, owner, companyId } = suite),
  );

  async function unitOf(own: boolean) {
    const bound = await boundDevices(t.database, t.serverSecret);
    const unit = bound.find((candidate) => (candidate.companyId === companyId) === own);
    if (!unit) throw new Error('no unit');
    return { sn: unit.sn, secret: unit.secret };
  }

  const range = (from = Date.now() - 60_000, to = Date.now() + 60_000) => ({
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  });
  const page = (kind: keyof typeof MQTT_LOG_PATHS, body: object) =>
    t.app.inject({ method: 'POST', url: `/webapi${MQTT_LOG_PATHS[kind]}`, headers: owner, payload: body });

  it("logs a device's messages, subscription and connection, its own company's only", async () => {
    const unit = await unitOf(true);
    const foreign = await unitOf(false);
    const device = await connectDevice(unit);
    const other = await connectDevice(foreign);
    await device.subscribeAsync(deviceTopic(unit.sn, 'down', '#'), { qos: 1 });
    const long = Buffer.concat([Buffer.from('{"a":"\u0000'), Buffer.alloc(2000, 0x61), Buffer.from('"}')]);
    await device.publishAsync(deviceTopic(unit.sn, 'up', 'telemetry'), '{"cpu":12}');
    await device.publishAsync(deviceTopic(unit.sn, 'up', 'event'), long, { qos: 1, retain: true });
    await other.publishAsync(deviceTopic(foreign.sn, 'up', 'telemetry'), '{"cpu":99}');
    await device.endAsync();
    await t.services.mqtt.broker.settled();
    await t.services.mqtt.log.flush();

    const messages = await page('message', {
      ...range(),
      wheres: [{ k: 'client_id', o: '=', v: unit.sn }],
    });
    expect(messages.statusCode, messages.body).toBe(200);
    const { items, total } = messages.json<{ items: MqttLogEntry[]; total: number }>();
    expect(total).toBe(2);
    // Newest first.
    expect(items[0]).toMatchObject({
      topic: deviceTopic(unit.sn, 'up', 'event'),
      qos: 1,
      retain: true,
      size: long.length,
      direction: 'up',
      kind: 'device',
    });
    expect(Buffer.byteLength(items[0]?.payload ?? '')).toBeGreaterThanOrEqual(1000);
    expect(items[0]?.payload).not.toContain('\u0000');
    expect(items[1]).toMatchObject({ payload: '{"cpu":12}', size: 10, retain: false });

    const foreignMessages = await page('message', {
      ...range(),
      wheres: [{ k: 'client_id', o: '=', v: foreign.sn }],
    });
    expect(foreignMessages.json()).toEqual({ items: [], total: 0 });
    const byTopic = await page('message', { ...range(), wheres: [{ k: 'topic', o: 'like', v: '/EVENT' }] });
    expect(byTopic.json<{ total: number }>().total).toBeGreaterThanOrEqual(1);

    const subscribed = await page('subscribe', {
      ...range(),
      wheres: [{ k: 'client_id', o: '=', v: unit.sn }],
    });
    expect(subscribed.json<{ items: MqttLogEntry[] }>().items).toEqual([
      expect.objectContaining({ event: 'subscribe', topic: deviceTopic(unit.sn, 'down', '#'), qos: 1 }),
    ]);
    const states = await page('device_state', {
      ...range(),
      wheres: [{ k: 'client_id', o: '=', v: unit.sn }],
    });
    expect(states.json<{ items: MqttLogEntry[] }>().items).toEqual([
      expect.objectContaining({ event: 'disconnect', reason: 'client disconnected', transport: 'tcp' }),
      expect.objectContaining({ event: 'connect', reason: null, ip: expect.stringContaining('127.0.0.1') }),
    ]);
    // Outside the range, nothing.
    const before = await page('message', {
      ...range(Date.now() - 7_200_000, Date.now() - 3_600_000),
      wheres: [],
    });
    expect(before.json<{ total: number }>().total).toBe(0);
  });

  it("logs an MQTT 5 device's messages but not one it was refused, and why each connection ended", async () => {
    const unit = await unitOf(true);
    const foreign = await unitOf(false);
    // The first test logged this unit too: only what this one did is looked at.
    const since = range(Date.now() - 1);
    const first = await connectDevice(unit, { protocolVersion: 5 });
    await first.publishAsync(deviceTopic(unit.sn, 'up', 'telemetry'), '{"cpu":5}', { qos: 1 });
    const refused = await first
      .publishAsync(deviceTopic(foreign.sn, 'down', 'cmd'), '{}', { qos: 1 })
      .catch((error: Error) => error);
    expect(refused).toMatchObject({ code: 0x87 });
    // A second connection of the unit takes the first over (DISCONNECT 0x8E to the first)…
    const second = await connectDevice(unit, { protocolVersion: 5 });
    await expect.poll(() => first.connected).toBe(false);
    await second.publishAsync(deviceTopic(unit.sn, 'up', 'event'), '{"e":1}', { qos: 1 });
    // …and ends itself, after a refusal that did not end it.
    await second
      .publishAsync(deviceTopic(foreign.sn, 'down', 'cmd'), '{}', { qos: 1 })
      .catch((error: Error) => error);
    await second.endAsync();
    await t.services.mqtt.broker.settled();
    await t.services.mqtt.log.flush();

    const messages = await page('message', { ...since, wheres: [{ k: 'client_id', o: '=', v: unit.sn }] });
    expect(messages.json<{ items: MqttLogEntry[] }>().items.map((item) => item.topic)).toEqual([
      deviceTopic(unit.sn, 'up', 'event'),
      deviceTopic(unit.sn, 'up', 'telemetry'),
    ]);
    const states = await page('device_state', {
      ...since,
      wheres: [{ k: 'client_id', o: '=', v: unit.sn }],
    });
    expect(states.json<{ items: MqttLogEntry[] }>().items).toEqual([
      expect.objectContaining({ event: 'disconnect', reason: 'client disconnected', transport: 'tcp' }),
      expect.objectContaining({ event: 'connect', reason: null }),
      expect.objectContaining({ event: 'disconnect', reason: 'session taken over' }),
      expect.objectContaining({ event: 'connect', reason: null }),
    ]);
  });

  it('refuses an unknown filter and a range that ends before it starts', async () => {
    expect(
      (await page('message', { ...range(), wheres: [{ k: 'payload', o: 'like', v: 'x' }] })).statusCode,
    ).toBe(400);
    const { from, to } = range();
    expect((await page('message', { from: to, to: from })).statusCode).toBe(400);
  });

  it('exports a log as .xlsx, and refuses beyond 5000 rows with the spec message', async () => {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    const entry = {
      companyId,
      log: 'user_state',
      at,
      clientId: 'export-me',
      username: 'KEY0000000000001',
      kind: 'user',
      event: 'connect',
      ip: '10.0.0.1',
      transport: 'tcp',
    };
    await t.database.db.insert(mqttLogs).values([entry, { ...entry, event: 'disconnect', reason: 'kicked' }]);
    const body = {
      from: new Date(at.getTime() - 1000).toISOString(),
      to: new Date(at.getTime() + 1000).toISOString(),
    };
    const exported = await t.app.inject({
      method: 'POST',
      url: `/webapi${MQTT_LOG_EXPORT_PATHS.user_state}`,
      headers: { ...owner, 'accept-language': 'en' },
      payload: body,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const { rows } = await sheetOf(exported.rawPayload);
    expect(rows[0]).toContain('Client ID');
    expect(rows).toHaveLength(3);
    expect(rows.flat()).toContain('Disconnected');
    expect(rows.flat()).toContain('kicked');

    await t.database.db
      .insert(mqttLogs)
      .values(Array.from({ length: 5000 }, (_, index) => ({ ...entry, clientId: `many-${index}` })));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/webapi${MQTT_LOG_EXPORT_PATHS.user_state}`,
      headers: { ...owner, 'accept-language': 'en' },
      payload: body,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'log_export_too_many_rows',
      message: expect.stringContaining('5000'),
    });
  });

  it('keeps at most MQTT_LOG_MAX_ROWS rows and MQTT_SERIES_KEPT_DAYS days', async () => {
    const old = new Date(Date.now() - 8 * 24 * 3_600_000);
    await t.database.db
      .insert(mqttLogs)
      .values({ companyId, log: 'message', at: old, clientId: 'old', username: 'old', kind: 'user' });
    expect(await t.database.db.$count(mqttLogs)).toBeGreaterThan(10);
    await new MqttLog(t.database.db, 10, t.app.log).prune();
    const left = await t.database.db.select({ clientId: mqttLogs.clientId }).from(mqttLogs);
    expect(left.length).toBeLessThanOrEqual(10);
    expect(left.map((row) => row.clientId)).not.toContain('old');
  });

  it('logs nothing with MQTT_LOG_MAX_ROWS=0', async () => {
    const observed: unknown[] = [];
    const broker = { observe: (observer: unknown) => observed.push(observer) };
    new MqttLog(t.database.db, 0, t.app.log).follow(broker as never);
    new MqttLog(t.database.db, 1, t.app.log).follow(broker as never);
    expect(observed).toHaveLength(1);
  });
  it('writes what a client sent as it was: quotes, backslashes, braces, commas, NULL as a word, any script; at its time', async () => {
    const unit = await unitOf(true);
    const device = await connectDevice(unit);
    const tricky = '{"path":"C:\\dev\\cam","list":"{a,b}","word":"NULL","name":"门口 \\"东\\""} ';
    const sent = Date.now();
    await device.publishAsync(deviceTopic(unit.sn, 'up', 'tricky'), tricky, { qos: 1 });
    await t.services.mqtt.broker.settled();
    await t.services.mqtt.log.flush();
    const answer = await page('message', {
      ...range(),
      wheres: [{ k: 'topic', o: '=', v: deviceTopic(unit.sn, 'up', 'tricky') }],
    });
    const [entry] = answer.json<{ items: MqttLogEntry[] }>().items;
    expect(entry).toMatchObject({ payload: tricky, size: Buffer.byteLength(tricky), retain: false, qos: 1 });
    expect(Math.abs(Date.parse(entry?.at ?? '') - sent)).toBeLessThan(5_000);
  });
});

describe('the MQTT log under load (issue 15)', () => {
  const connection = {
    identity: { kind: 'device', companyId: 1, device: { id: 1, sn: 'SN-LOAD' } },
    client: { id: 'SN-LOAD', closed: false },
    clientId: 'SN-LOAD',
  } as never;
  const message = (n: number) => ({
    topic: 'vap/dev/SN-LOAD/up/load',
    qos: 0,
    retain: false,
    payload: `${n}`,
  });

  /** A log whose database answers only when let go, recording each statement's rows. */
  function slowLog() {
    const warnings: object[] = [];
    const log = new MqttLog({} as never, 1_000_000, { warn: (object) => warnings.push(object) }, Date.now, 1);
    const statements: string[][] = [];
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => {};
    let gate = new Promise<void>((open) => {
      release = open;
    });
    // The statement itself is the database's business: here, what each holds and how many at once.
    Object.assign(log, {
      insert: async (batch: { payload: string }[]) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await gate;
        statements.push(batch.map((row) => row.payload));
        inFlight--;
      },
    });
    return {
      log,
      statements,
      warnings,
      most: () => most,
      letGo() {
        release();
        gate = Promise.resolve();
      },
    };
  }

  it('writes one batch at a time while the database is slow, whatever comes meanwhile', async () => {
    const slow = slowLog();
    for (let n = 0; n < 5 * BATCH_ROWS; n++) slow.log.published(connection, message(n) as never);
    slow.letGo();
    await slow.log.flush();
    expect(slow.most()).toBe(1);
    expect(slow.statements).toHaveLength(5);
    expect(slow.statements.flat()).toEqual(Array.from({ length: 5 * BATCH_ROWS }, (_, n) => `${n}`));
  });

  it('logs no new message while the database is behind by MAX_WAITING entries, and says how many it left out', async () => {
    const slow = slowLog();
    const total = BATCH_ROWS + MAX_WAITING + 2 * BATCH_ROWS;
    for (let n = 0; n < total; n++) {
      slow.log.published(connection, message(n) as never);
      // The first batch's write begins.
      if (n === BATCH_ROWS - 1) await new Promise((turn) => setImmediate(turn));
    }
    slow.letGo();
    await slow.log.flush();
    const written = slow.statements.flat();
    const dropped = total - written.length;
    expect(dropped).toBe(2 * BATCH_ROWS);
    // What was logged is the flood's beginning, in order; the rest was never made into entries.
    expect(written).toEqual(Array.from({ length: BATCH_ROWS + MAX_WAITING }, (_, n) => `${n}`));
    expect(slow.warnings).toContainEqual({ dropped });
  });

  it('rests between batches so that writing takes at most its share of the time', async () => {
    /** When each batch's statement began and ended, with the statement taking 20 ms. */
    const timed = (share: number) => {
      const log = new MqttLog({} as never, 1_000_000, { warn: () => {} }, Date.now, share);
      const spans: Array<[number, number]> = [];
      Object.assign(log, {
        insert: async () => {
          const began = performance.now();
          await new Promise((done) => setTimeout(done, 20));
          spans.push([began, performance.now()]);
        },
      });
      return { log, spans };
    };
    const rests = async (share: number) => {
      const { log, spans } = timed(share);
      for (let n = 0; n < 3 * BATCH_ROWS; n++) log.published(connection, message(n) as never);
      await log.flush();
      expect(spans).toHaveLength(3);
      return spans.slice(1).map(([began], index) => began - (spans[index]?.[1] ?? 0));
    };
    // A quarter of the time: three times each statement's 20 ms of rest after it.
    for (const gap of await rests(0.25)) expect(gap).toBeGreaterThanOrEqual(55);
    for (const gap of await rests(1)) expect(gap).toBeLessThan(15);
  });
});
