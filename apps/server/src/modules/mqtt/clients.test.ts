/**
 * User clients of the broker and the live calls (issue 15): access keys and the debug tool connect,
 * reach their own company's devices only, and are disconnected when their key or session ends; the
 * company's clients and subscriptions are listed and counted live, a kick disconnects, and the
 * time series count what passed.
 */
import { randomBytes } from 'node:crypto';
import {
  ACCESS_KEY_PATHS,
  encodeListParam,
  MQTT_PATHS,
  type MqttClient,
  type MqttDebugToken,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { MqttClient as Connection } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { devices } from '../../core/db/devices.js';
import { roles } from '../../core/db/schema.js';
import { addAccount } from '../../testing/accounts.js';
import { boundDevices, bySerial, deviceStatus, markOffline } from '../../testing/device-fixtures.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { brokerSuite, keyLogin, keyPassword } from './test-support.js';
import { deviceTopic } from './topics.js';

interface Unit {
  sn: string;
  secret: string;
  deviceId: number;
}

describe.each(ENGINES)('MQTT user clients and live calls, on %s (issue 15)', (engine) => {
  let t: TestApp;
  let httpPort: number;
  let owner: Record<string, string>;
  let demoCompanyId: number;
  const { connect, connectDevice, connectKey, refusalOf } = brokerSuite(
    () => createTestApp(engine),
    (suite) => ({ t, httpPort, owner, companyId: demoCompanyId } = suite),
    { http: true },
  );

  /** Bound units of a company (the demo's own, or its downstream company's), offline to start with. */
  async function units(own: boolean, count = 1): Promise<Unit[]> {
    const bound = await boundDevices(t.database, t.serverSecret);
    const chosen = bound
      .filter((device) => (device.companyId === demoCompanyId) === own)
      .sort(bySerial)
      .slice(0, count);
    await markOffline(t.database, chosen);
    return chosen.map(({ sn, secret, id }) => ({ sn, secret, deviceId: id }));
  }

  /** A device of the demo company and one of another, connected, each subscribed to its commands. */
  async function ownAndForeignDevices() {
    const [own] = await units(true);
    const [foreign] = await units(false);
    if (!own || !foreign) throw new Error('no units');
    const ownDevice = await connectDevice(own);
    const foreignDevice = await connectDevice(foreign);
    await ownDevice.subscribeAsync(deviceTopic(own.sn, 'down', '#'));
    await foreignDevice.subscribeAsync(deviceTopic(foreign.sn, 'down', '#'));
    return { own, foreign, ownDevice, foreignDevice };
  }

  /**
   * Once both devices of `ownAndForeignDevices` report, a wildcard subscription of `user` has
   * delivered the own device's telemetry and not the foreign one's.
   */
  async function expectOwnTelemetryOnly(
    user: Connection,
    { own, foreign, ownDevice, foreignDevice }: Awaited<ReturnType<typeof ownAndForeignDevices>>,
  ) {
    const seen: string[] = [];
    user.on('message', (topic) => seen.push(topic));
    await foreignDevice.publishAsync(deviceTopic(foreign.sn, 'up', 'telemetry'), '{}');
    await ownDevice.publishAsync(deviceTopic(own.sn, 'up', 'telemetry'), '{}');
    await expect.poll(() => seen).toEqual([deviceTopic(own.sn, 'up', 'telemetry')]);
  }

  /** CONNACK goes out before the broker counts the client as connected. */
  const counted = (clientId: string) =>
    expect
      .poll(() =>
        t.services.mqtt.broker.allConnections().some((connection) => connection.clientId === clientId),
      )
      .toBe(true);

  async function createKey(body: object = {}) {
    const created = await t.app.inject({
      method: 'POST',
      url: `/webapi${ACCESS_KEY_PATHS.keys}`,
      headers: owner,
      payload: {
        bandwidth_mbps: 1,
        is_access_all_group: true,
        operations: ['GET /v1/pms/company/users'],
        ...body,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ id: string; secret: string }>();
  }

  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    headers = owner,
    payload?: object,
  ) => t.app.inject({ method, url: `/webapi${url}`, headers, ...(payload ? { payload } : {}) });

  it('lets an access key in with a signature of its connection; refuses a wrong one, a replay and a disabled key', async () => {
    const key = await createKey();
    const password = keyPassword(key, 'third-party-1');
    await connect({ clientId: 'third-party-1', username: key.id, password });
    // The same nonce again, a signature for another client id, a forged one.
    expect(await refusalOf({ clientId: 'third-party-2', username: key.id, password })).toBe(4);
    expect(
      await refusalOf({ clientId: 'third-party-3', username: key.id, password: keyPassword(key, 'x') }),
    ).toBe(4);
    expect(
      await refusalOf({
        clientId: 'third-party-4',
        username: key.id,
        password: keyPassword({ ...key, secret: 'x' }, 'third-party-4'),
      }),
    ).toBe(4);
    // A serial is a device's id alone.
    const [unit] = await units(true);
    expect(
      await refusalOf({ clientId: unit?.sn, username: key.id, password: keyPassword(key, unit?.sn ?? '') }),
    ).toBe(4);

    const disabled = await call('PATCH', ACCESS_KEY_PATHS.key(key.id), owner, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await refusalOf(keyLogin(key, 'third-party-5'))).toBe(5);
  });

  it("gives a key its company's devices only: wildcard subscriptions deliver its own, commands reach its own", async () => {
    const key = await createKey();
    const pair = await ownAndForeignDevices();
    const { own, foreign, ownDevice, foreignDevice } = pair;
    const user = await connectKey(key, 'watcher');

    expect((await user.subscribeAsync('vap/dev/+/up/#')).map((grant) => grant.qos)).toEqual([0]);
    for (const filter of ['#', '$SYS/#', 'vap/#', deviceTopic(foreign.sn, 'up', '#')]) {
      const refused = await user.subscribeAsync(filter).catch((error: Error) => error);
      expect(refused, filter).toMatchObject({ packet: { granted: [128] } });
    }
    await expectOwnTelemetryOnly(user, pair);

    const commands: string[] = [];
    ownDevice.on('message', (topic) => commands.push(topic));
    await user.publishAsync(deviceTopic(own.sn, 'down', 'cmd'), '{"name":"ping"}');
    await expect.poll(() => commands).toEqual([deviceTopic(own.sn, 'down', 'cmd')]);
    // A command to another company's device is refused: the broker ends that connection.
    const foreignCommands: string[] = [];
    foreignDevice.on('message', (topic) => foreignCommands.push(topic));
    const closed = new Promise<void>((resolve) => user.once('close', () => resolve()));
    user.publish(deviceTopic(foreign.sn, 'down', 'cmd'), '{}');
    await closed;
    expect(foreignCommands).toEqual([]);
  });

  it("limits a key of some groups to those groups' devices", async () => {
    const own = await t.database.db
      .select({ sn: devices.sn, groupId: devices.groupId })
      .from(devices)
      .where(eq(devices.companyId, demoCompanyId));
    const inGroup = own.find((row) => row.groupId !== null);
    const outside = own.find((row) => row.groupId !== inGroup?.groupId);
    if (!inGroup?.groupId || !outside) throw new Error('the demo has grouped and other devices');
    const key = await createKey({ is_access_all_group: false, group_ids: [inGroup.groupId] });
    const user = await connectKey(key, 'grouped');
    expect((await user.subscribeAsync(deviceTopic(inGroup.sn, 'up', '#'))).map((grant) => grant.qos)).toEqual(
      [0],
    );
    const refused = await user
      .subscribeAsync(deviceTopic(outside.sn, 'up', '#'))
      .catch((error: Error) => error);
    expect(refused).toMatchObject({ packet: { granted: [128] } });
  });

  it('disconnects a key disabled while it is connected, at the next sweep', async () => {
    const key = await createKey();
    const user = await connectKey(key, 'sweep-me');
    await counted('sweep-me');
    await t.services.mqtt.broker.sweep();
    expect(user.connected).toBe(true);
    await call('PATCH', ACCESS_KEY_PATHS.key(key.id), owner, { disabled: true });
    const closed = new Promise<void>((resolve) => user.once('close', () => resolve()));
    await t.services.mqtt.broker.sweep();
    await closed;
  });

  it('lets an MQTT 5 key in; refuses a wrong signature with 0x86 and a disabled key with 0x87', async () => {
    const key = await createKey();
    const v5 = { protocolVersion: 5 } as const;
    await connectKey(key, 'v5-party-1', v5);
    expect(
      await refusalOf({ ...v5, clientId: 'v5-party-2', username: key.id, password: keyPassword(key, 'x') }),
    ).toBe(0x86);
    await call('PATCH', ACCESS_KEY_PATHS.key(key.id), owner, { disabled: true });
    expect(await refusalOf({ ...v5, ...keyLogin(key, 'v5-party-3') })).toBe(0x87);
  });

  it("refuses an MQTT 5 key another company's device with SUBACK 0x87 and PUBACK 0x87, delivers nothing and keeps its connection", async () => {
    const key = await createKey();
    const pair = await ownAndForeignDevices();
    const { own, foreign, ownDevice, foreignDevice } = pair;
    const user = await connectKey(key, 'watcher-v5', { protocolVersion: 5 });

    for (const filter of ['#', '$SYS/#', deviceTopic(foreign.sn, 'up', '#')]) {
      const refused = await user.subscribeAsync(filter).catch((error: Error) => error);
      expect(refused, filter).toMatchObject({ packet: { granted: [0x87] } });
    }
    expect((await user.subscribeAsync('vap/dev/+/up/#')).map((grant) => grant.qos)).toEqual([0]);
    await expectOwnTelemetryOnly(user, pair);

    const foreignCommands: string[] = [];
    foreignDevice.on('message', (topic) => foreignCommands.push(topic));
    const refused = await user
      .publishAsync(deviceTopic(foreign.sn, 'down', 'cmd'), '{}', { qos: 1 })
      .catch((error: Error & { code?: number }) => error);
    expect(refused).toMatchObject({ code: 0x87 });
    await user.publishAsync(deviceTopic(foreign.sn, 'down', 'cmd'), '{}', { qos: 0 });
    // The connection stays: its next command, to its own device, arrives (after the refused ones).
    const commands: string[] = [];
    ownDevice.on('message', (topic) => commands.push(topic));
    await user.publishAsync(deviceTopic(own.sn, 'down', 'cmd'), '{"name":"ping"}', { qos: 1 });
    await expect.poll(() => commands).toEqual([deviceTopic(own.sn, 'down', 'cmd')]);
    expect(user.connected).toBe(true);
    expect(foreignCommands).toEqual([]);
  });

  it('ends the connection of an MQTT 5 key disabled while it is connected with DISCONNECT 0x87, at the next sweep', async () => {
    const key = await createKey();
    const user = await connectKey(key, 'sweep-me-v5', { protocolVersion: 5 });
    await counted('sweep-me-v5');
    await call('PATCH', ACCESS_KEY_PATHS.key(key.id), owner, { disabled: true });
    const told = new Promise<number | undefined>((resolve) =>
      user.once('disconnect', (packet) => resolve(packet.reasonCode)),
    );
    const closed = new Promise<void>((resolve) => user.once('close', () => resolve()));
    await t.services.mqtt.broker.sweep();
    expect(await told).toBe(0x87);
    await closed;
  });

  it('issues the debug tool credentials that connect over WebSocket, and ends that connection at sign-out', async () => {
    const token = await t.signIn();
    const headers = bearer(token);
    const issued = await call('POST', MQTT_PATHS.debugToken, headers);
    expect(issued.statusCode, issued.body).toBe(200);
    const credentials = issued.json<MqttDebugToken>();
    expect(credentials.path).toBe('/mqtt');
    const url = `ws://127.0.0.1:${httpPort}${credentials.path}`;
    // Bound to its client id.
    expect(
      await refusalOf(
        { clientId: 'someone-else', username: credentials.username, password: credentials.password },
        url,
      ),
    ).toBe(4);
    const tool = await connect(
      { clientId: credentials.client_id, username: credentials.username, password: credentials.password },
      url,
    );
    expect((await tool.subscribeAsync('vap/dev/+/up/#')).map((grant) => grant.qos)).toEqual([0]);
    await counted(credentials.client_id);
    const listed = await call(
      'GET',
      `${MQTT_PATHS.clients}?wheres=${encodeURIComponent(encodeListParam([{ k: 'kind', o: '=', v: 'user' }]))}`,
    );
    expect(listed.json<{ items: MqttClient[] }>().items).toContainEqual(
      expect.objectContaining({
        client_id: credentials.client_id,
        auth: 'debug_token',
        transport: 'ws',
        subscriptions: 1,
      }),
    );

    expect((await call('POST', '/v1/pms/user/logout', headers)).statusCode).toBeLessThan(300);
    const closed = new Promise<void>((resolve) => tool.once('close', () => resolve()));
    await t.services.mqtt.broker.sweep();
    await closed;
  });

  it('issues the debug tool credentials to a role with its connect button only', async () => {
    const roleWith = async (menus: Record<string, string[]>) => {
      const [role] = await t.database.db
        .insert(roles)
        .values({ companyId: demoCompanyId, name: `调试 ${randomBytes(3).toString('hex')}`, menus })
        .returning({ id: roles.id });
      return addAccount(t, { company: 'demo', roleId: role?.id ?? -1 });
    };
    const allowed = await roleWith({ mqtt_debug_tool: ['connect'] });
    expect((await call('POST', MQTT_PATHS.debugToken, allowed.headers)).statusCode).toBe(200);
    const pageOnly = await roleWith({ mqtt_debug_tool: [] });
    expect((await call('POST', MQTT_PATHS.debugToken, pageOnly.headers)).statusCode).toBe(403);
    const dashboard = await roleWith({ mqtt_dashboard: [] });
    expect((await call('POST', MQTT_PATHS.debugToken, dashboard.headers)).statusCode).toBe(403);
    // The dashboard's role counts clients but does not list them by kind page, and kicks nothing.
    expect((await call('GET', MQTT_PATHS.clientsCount, dashboard.headers)).statusCode).toBe(200);
  });

  it('lists, counts and kicks the company’s clients live; a kicked device shows offline', async () => {
    const [unit] = await units(true);
    const [foreign] = await units(false);
    if (!unit || !foreign) throw new Error('no units');
    const device = await connectDevice(unit);
    await connectDevice(foreign);
    await device.subscribeAsync(deviceTopic(unit.sn, 'down', '#'), { qos: 1 });
    await counted(unit.sn);
    await counted(foreign.sn);

    const byId = encodeURIComponent(encodeListParam([{ k: 'client_id', o: '=', v: unit.sn }]));
    const listed = await call('GET', `${MQTT_PATHS.clients}?wheres=${byId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      total: 1,
      items: [
        expect.objectContaining({
          client_id: unit.sn,
          username: unit.sn,
          kind: 'device',
          device_id: unit.deviceId,
          transport: 'tcp',
          protocol_level: 4,
          subscriptions: 1,
        }),
      ],
    });
    // Another company's client is not the caller's to see, count or kick.
    const all = await call('GET', `${MQTT_PATHS.clients}?size=100`);
    expect(all.json<{ items: MqttClient[] }>().items.map((client) => client.client_id)).not.toContain(
      foreign.sn,
    );
    const count = await call('GET', `${MQTT_PATHS.clientsCount}?wheres=${byId}`);
    expect(count.json()).toEqual({ count: 1, device: 1, user: 0 });
    const subscriptions = await call('GET', MQTT_PATHS.subscriptions);
    expect(subscriptions.json<{ items: unknown[] }>().items).toContainEqual(
      expect.objectContaining({ client_id: unit.sn, topic: deviceTopic(unit.sn, 'down', '#'), qos: 1 }),
    );
    expect((await call('DELETE', MQTT_PATHS.client(foreign.sn))).statusCode).toBe(404);
    const badFilter = await call(
      'GET',
      `${MQTT_PATHS.clients}?wheres=${encodeURIComponent(encodeListParam([{ k: 'password', o: '=', v: 'x' }]))}`,
    );
    expect(badFilter.statusCode).toBe(400);

    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const kicked = await call('DELETE', MQTT_PATHS.client(unit.sn));
    expect(kicked.statusCode, kicked.body).toBe(204);
    await closed;
    await t.services.mqtt.broker.settled();
    expect(await deviceStatus(t.database, unit.deviceId)).toBe('offline');
  });

  it('lists an MQTT 5 client with protocol level 5, finds it by that level, and a kick sends it DISCONNECT 0x98', async () => {
    const [unit, older] = await units(true, 2);
    if (!unit || !older) throw new Error('no units');
    const device = await connectDevice(unit, { protocolVersion: 5 });
    await connectDevice(older);
    await device.subscribeAsync(deviceTopic(unit.sn, 'down', '#'), { qos: 1 });
    await counted(unit.sn);
    await counted(older.sn);

    const byLevel = (level: number) =>
      call(
        'GET',
        `${MQTT_PATHS.clients}?size=100&wheres=${encodeURIComponent(encodeListParam([{ k: 'protocol_level', o: '=', v: level }]))}`,
      );
    const v5 = await byLevel(5);
    expect(v5.statusCode, v5.body).toBe(200);
    expect(v5.json<{ items: MqttClient[] }>().items).toEqual([
      expect.objectContaining({
        client_id: unit.sn,
        kind: 'device',
        device_id: unit.deviceId,
        transport: 'tcp',
        protocol_level: 5,
        clean_start: true,
        subscriptions: 1,
      }),
    ]);
    const v4 = (await byLevel(4)).json<{ items: MqttClient[] }>().items.map((client) => client.client_id);
    expect(v4).toContain(older.sn);
    expect(v4).not.toContain(unit.sn);
    const count = await call(
      'GET',
      `${MQTT_PATHS.clientsCount}?wheres=${encodeURIComponent(encodeListParam([{ k: 'protocol_level', o: '=', v: 5 }]))}`,
    );
    expect(count.json()).toEqual({ count: 1, device: 1, user: 0 });

    const told = new Promise<number | undefined>((resolve) =>
      device.once('disconnect', (packet) => resolve(packet.reasonCode)),
    );
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    const kicked = await call('DELETE', MQTT_PATHS.client(unit.sn));
    expect(kicked.statusCode, kicked.body).toBe(204);
    expect(await told).toBe(0x98);
    await closed;
    await t.services.mqtt.broker.settled();
    expect(await deviceStatus(t.database, unit.deviceId)).toBe('offline');
  });

  it('counts what passed in the time series, a point per step', async () => {
    // Minutes written by the test alone, away from the clock's: what earlier tests sent goes first.
    t.services.mqtt.stats.stop();
    const now = Date.now() - 3 * 3_600_000;
    await t.services.mqtt.stats.flush(now - 3_600_000);
    const [unit] = await units(true);
    if (!unit) throw new Error('no unit');
    const device = await connectDevice(unit);
    await device.subscribeAsync(deviceTopic(unit.sn, 'down', '#'));
    await counted(unit.sn);
    const key = await createKey();
    const user = await connectKey(key, 'series');
    await user.subscribeAsync('vap/dev/+/up/#');
    const received = new Promise<void>((resolve) => {
      let n = 0;
      user.on('message', () => {
        if (++n === 3) resolve();
      });
    });
    for (let i = 0; i < 3; i++)
      await device.publishAsync(deviceTopic(unit.sn, 'up', 'telemetry'), `{"i":${i}}`);
    await received;
    // The broker counts a publication once every subscriber's copy is written, which may be after
    // one has already arrived.
    await expect
      .poll(
        () =>
          t.services.mqtt.broker.allConnections().find((connection) => connection.client.id === unit.sn)
            ?.messagesIn,
      )
      .toBe(3);
    await t.services.mqtt.stats.flush(now);
    const minute = now - (now % 60_000);
    const range = `from=${new Date(minute - 60_000).toISOString()}&to=${new Date(minute + 60_000).toISOString()}&step=60`;
    const publishes = await call('GET', `${MQTT_PATHS.publishesSeries}?${range}`);
    expect(publishes.statusCode, publishes.body).toBe(200);
    expect(publishes.json()).toEqual({
      items: [
        { t: minute - 60_000, in: 0, out: 0 },
        { t: minute, in: 3, out: 3 },
      ],
    });
    const clients = await call('GET', `${MQTT_PATHS.clientsSeries}?${range}`);
    expect(clients.json<{ items: Array<{ device: number; user: number }> }>().items[1]).toMatchObject({
      device: expect.any(Number),
      user: 1,
    });
    expect(clients.json<{ items: Array<{ device: number }> }>().items[1]?.device).toBeGreaterThanOrEqual(1);
    const subscriptions = await call('GET', `${MQTT_PATHS.subscriptionsSeries}?${range}`);
    expect(subscriptions.json<{ items: Array<{ count: number }> }>().items[1]?.count).toBeGreaterThanOrEqual(
      2,
    );
    // A range too long for its step, and a step not offered, are refused.
    expect(
      (
        await call(
          'GET',
          `${MQTT_PATHS.publishesSeries}?from=2026-01-01T00:00:00Z&to=2026-01-08T00:00:00Z&step=60`,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('GET', `${MQTT_PATHS.publishesSeries}?${range.replace('step=60', 'step=7')}`)).statusCode,
    ).toBe(400);
  });
});
