import { createServer } from 'node:net';
import { MQTT_PATHS } from '@vap/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { devices, factoryUnits } from '../../core/db/devices.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { DEVICE_SECRETS } from '../devices/index.js';
import { brokerSuite } from './test-support.js';
import { deviceTopic } from './topics.js';

interface Unit {
  sn: string;
  secret: string;
  deviceId: number | null;
}

describe.each(ENGINES)('the MQTT broker, on %s (issue 15)', (engine) => {
  let t: TestApp;
  let httpPort: number;
  const { connect, connectDevice, refusalOf, forget } = brokerSuite(
    () => createTestApp(engine),
    (suite) => ({ t, httpPort } = suite),
    { http: true },
  );

  /** The payload of the first message on a topic, as a subscriber of the server itself receives it. */
  const firstPayloadOn = (topic: string) =>
    new Promise<string>((resolve) =>
      t.services.mqtt.broker.aedes.subscribe(
        topic,
        (packet, done) => {
          resolve(packet.payload.toString());
          done();
        },
        () => {},
      ),
    );

  /** Factory units of the demo seed: bound ones (a device id) and unbound ones. */
  async function units(bound: boolean, count = 1): Promise<Unit[]> {
    const box = t.secrets.box(DEVICE_SECRETS);
    const rows = await t.database.db
      .select({ sn: factoryUnits.sn, sealed: factoryUnits.secretSealed, deviceId: devices.id })
      .from(factoryUnits)
      .leftJoin(devices, eq(devices.unitId, factoryUnits.id))
      .where(bound ? undefined : isNull(devices.id))
      .orderBy(factoryUnits.sn)
      .limit(bound ? 200 : count);
    const chosen = rows.filter((row) => (bound ? row.deviceId !== null : true)).slice(0, count);
    // The demo seed shows some devices online: each test starts from an offline device.
    const ids = chosen.flatMap((row) => (row.deviceId === null ? [] : [row.deviceId]));
    if (ids.length > 0) {
      await t.database.db
        .update(devices)
        .set({ status: 'offline', onlineNode: null, ip: '' })
        .where(inArray(devices.id, ids));
    }
    return chosen.map((row) => ({
      sn: row.sn,
      secret: box.open(row.sealed, row.sn) ?? '',
      deviceId: row.deviceId,
    }));
  }

  const stateOf = async (deviceId: number | null) => {
    const [row] = await t.database.db
      .select({
        status: devices.status,
        ip: devices.ip,
        lastOnlineAt: devices.lastOnlineAt,
        lastOfflineAt: devices.lastOfflineAt,
      })
      .from(devices)
      .where(eq(devices.id, deviceId ?? 0));
    return row;
  };

  it('lets a bound device in with its serial and factory secret, and shows it online, then offline', async () => {
    const [unit] = await units(true);
    if (!unit) throw new Error('no bound unit');
    const client = await connectDevice(unit);
    await expect.poll(async () => (await stateOf(unit.deviceId))?.status).toBe('online');
    const online = await stateOf(unit.deviceId);
    expect(online?.ip).toMatch(/127\.0\.0\.1/);
    expect(online?.lastOnlineAt).toBeInstanceOf(Date);

    await client.endAsync();
    forget(client);
    await expect.poll(async () => (await stateOf(unit.deviceId))?.status).toBe('offline');
    expect((await stateOf(unit.deviceId))?.lastOfflineAt).toBeInstanceOf(Date);
  });

  it('refuses a wrong secret or an unknown unit (CONNACK 4), an unbound unit (5) and a client id not its serial', async () => {
    const [bound] = await units(true);
    const [unbound] = await units(false);
    if (!bound || !unbound) throw new Error('no units');
    expect(await refusalOf({ clientId: bound.sn, username: bound.sn, password: `${bound.secret}x` })).toBe(4);
    expect(
      await refusalOf({ clientId: '13200000009999999999', username: '13200000009999999999', password: 'x' }),
    ).toBe(4);
    expect(await refusalOf({ clientId: unbound.sn, username: unbound.sn, password: unbound.secret })).toBe(5);
    expect(await refusalOf({ clientId: 'another', username: bound.sn, password: bound.secret })).toBe(4);
    expect(await refusalOf({ clientId: 'anyone', username: 'anyone', password: 'secret' })).toBe(4);
    expect((await stateOf(bound.deviceId))?.status).toBe('offline');
  });

  it('lets a device publish under its own up topic and receive under its own down topic, nothing else', async () => {
    const [unit, other] = await units(true, 2);
    if (!unit || !other) throw new Error('no units');
    const device = await connectDevice(unit);
    const otherDevice = await connectDevice(other);

    // Its own commands reach it; another device's filter is refused in the SUBACK.
    expect(
      (await device.subscribeAsync(deviceTopic(unit.sn, 'down', '#'))).map((grant) => grant.qos),
    ).toEqual([0]);
    const refused = await device
      .subscribeAsync(deviceTopic(other.sn, 'down', '#'))
      .catch((error: Error) => error);
    expect(refused).toMatchObject({ packet: { granted: [128] } });
    expect(device.connected).toBe(true);
    const received = new Promise<string>((resolve) => device.once('message', (topic) => resolve(topic)));
    await otherDevice.publishAsync(deviceTopic(unit.sn, 'down', 'reboot'), '{}').catch(() => {});
    await new Promise<void>((resolve, reject) =>
      t.services.mqtt.broker.aedes.publish(
        {
          cmd: 'publish',
          topic: deviceTopic(unit.sn, 'down', 'reboot'),
          payload: Buffer.from('{}'),
          qos: 0,
          retain: false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    expect(await received).toBe(deviceTopic(unit.sn, 'down', 'reboot'));

    // The other device's publish under someone else's topic cost it its connection.
    await expect.poll(() => otherDevice.connected).toBe(false);

    // Its own telemetry reaches a subscriber of the server.
    const telemetry = firstPayloadOn(deviceTopic(unit.sn, 'up', 'telemetry'));
    await device.publishAsync(deviceTopic(unit.sn, 'up', 'telemetry'), '{"cpu":3}');
    expect(await telemetry).toBe('{"cpu":3}');
  });

  it('keeps a device online when a second connection of it takes the first one over', async () => {
    const [unit] = await units(true);
    if (!unit) throw new Error('no bound unit');
    const first = await connectDevice(unit);
    await connectDevice(unit);
    await expect.poll(() => first.connected).toBe(false);
    await expect.poll(async () => (await stateOf(unit.deviceId))?.status).toBe('online');
    // The first connection's disconnect, written after, did not set it offline.
    await t.services.mqtt.broker.settled();
    expect((await stateOf(unit.deviceId))?.status).toBe('online');
  });

  it('speaks MQTT over WebSocket at /mqtt on the HTTP port', async () => {
    const [unit] = await units(true);
    if (!unit) throw new Error('no bound unit');
    const client = await connect(
      { clientId: unit.sn, username: unit.sn, password: unit.secret },
      `ws://127.0.0.1:${httpPort}/mqtt`,
    );
    expect(client.connected).toBe(true);
    await expect.poll(async () => (await stateOf(unit.deviceId))?.status).toBe('online');
  });

  it('sets offline the devices of a node that stopped beating, at the next beat of any node', async () => {
    const [unit, seeded] = await units(true, 2);
    if (!unit?.deviceId || !seeded?.deviceId) throw new Error('no bound unit');
    await t.database.db
      .update(devices)
      .set({ status: 'online', onlineNode: 'a-node-that-was-killed' })
      .where(eq(devices.id, unit.deviceId));
    // A status no node wrote (the demo seed's) has no node to lose, and stays.
    await t.database.db
      .update(devices)
      .set({ status: 'online', onlineNode: null })
      .where(eq(devices.id, seeded.deviceId));
    const nodes = (t.services.mqtt.broker as unknown as { nodes: { beat(): Promise<number> } }).nodes;
    expect(await nodes.beat()).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select({ status: devices.status })
      .from(devices)
      .where(and(eq(devices.id, unit.deviceId), isNull(devices.onlineNode)));
    expect(row?.status).toBe('offline');
    expect((await stateOf(seeded.deviceId))?.status).toBe('online');
  });

  it('lets a bound device in over MQTT 5 and shows it online; refuses a wrong secret or an unknown unit with 0x86, an unbound unit with 0x87', async () => {
    const [unit] = await units(true);
    const [unbound] = await units(false);
    if (!unit || !unbound) throw new Error('no units');
    const v5 = { protocolVersion: 5 } as const;
    expect(
      await refusalOf({ ...v5, clientId: unit.sn, username: unit.sn, password: `${unit.secret}x` }),
    ).toBe(0x86);
    expect(
      await refusalOf({
        ...v5,
        clientId: '13200000009999999999',
        username: '13200000009999999999',
        password: 'x',
      }),
    ).toBe(0x86);
    expect(
      await refusalOf({ ...v5, clientId: unbound.sn, username: unbound.sn, password: unbound.secret }),
    ).toBe(0x87);
    expect(await refusalOf({ ...v5, clientId: 'another', username: unit.sn, password: unit.secret })).toBe(
      0x86,
    );
    expect((await stateOf(unit.deviceId))?.status).toBe('offline');

    const client = await connect({ ...v5, clientId: unit.sn, username: unit.sn, password: unit.secret });
    await expect.poll(async () => (await stateOf(unit.deviceId))?.status).toBe('online');
    expect((await stateOf(unit.deviceId))?.ip).toMatch(/127\.0\.0\.1/);
    await client.endAsync();
    forget(client);
    await expect.poll(async () => (await stateOf(unit.deviceId))?.status).toBe('offline');
  });

  it('keeps an MQTT 5 device connected when it trespasses: SUBACK 0x87, PUBACK 0x87, the message dropped', async () => {
    const [unit, other] = await units(true, 2);
    if (!unit || !other) throw new Error('no units');
    const device = await connectDevice(unit, { protocolVersion: 5 });
    const refused = await device
      .subscribeAsync(deviceTopic(other.sn, 'down', '#'))
      .catch((error: Error) => error);
    expect(refused).toMatchObject({ packet: { granted: [0x87] } });
    const reached: string[] = [];
    const watch = (packet: { topic: string }, done: () => void) => {
      reached.push(packet.topic);
      done();
    };
    await new Promise<void>((resolve) =>
      t.services.mqtt.broker.aedes.subscribe(deviceTopic(other.sn, 'down', '#'), watch, resolve),
    );
    const trespass = await device
      .publishAsync(deviceTopic(other.sn, 'down', 'reboot'), '{}', { qos: 1 })
      .catch((error: Error & { code?: number }) => error);
    expect(trespass).toMatchObject({ code: 0x87 });
    await device.publishAsync(deviceTopic(other.sn, 'down', 'reboot'), '{}', { qos: 0 });
    // Its own telemetry still passes, on the same connection.
    const telemetry = firstPayloadOn(deviceTopic(unit.sn, 'up', 'telemetry'));
    await device.publishAsync(deviceTopic(unit.sn, 'up', 'telemetry'), '{"cpu":5}', { qos: 1 });
    expect(await telemetry).toBe('{"cpu":5}');
    expect(device.connected).toBe(true);
    expect(reached).toEqual([]);
    await new Promise<void>((resolve) =>
      t.services.mqtt.broker.aedes.unsubscribe(deviceTopic(other.sn, 'down', '#'), watch, resolve),
    );
  });

  it('speaks MQTT 5 over WebSocket at /mqtt too', async () => {
    const [unit] = await units(true);
    if (!unit) throw new Error('no bound unit');
    const url = `ws://127.0.0.1:${httpPort}/mqtt`;
    expect(
      await refusalOf(
        { protocolVersion: 5, clientId: unit.sn, username: unit.sn, password: `${unit.secret}x` },
        url,
      ),
    ).toBe(0x86);
    const client = await connect(
      { protocolVersion: 5, clientId: unit.sn, username: unit.sn, password: unit.secret },
      url,
    );
    expect(client.connected).toBe(true);
    await expect.poll(async () => (await stateOf(unit.deviceId))?.status).toBe('online');
    const connection = t.services.mqtt.broker.allConnections().find((one) => one.client.id === unit.sn);
    expect(connection).toMatchObject({ transport: 'ws', protocolLevel: 5 });
  });

  it('answers its version, which makes the console show the mqtt dir, and the server clock', async () => {
    const before = Date.now();
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${MQTT_PATHS.version}`,
      headers: bearer(await t.signIn()),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.main_version).toMatch(/^Aedes \d+\.\d+\.\d+(-[\w.]+)?$/);
    expect(body.api_version).toBe('v1');
    expect(body.unix_milli).toBeGreaterThanOrEqual(before);
    expect(body.unix_milli).toBeLessThanOrEqual(Date.now());
  });
});

describe('a server that is no broker node, MQTT_BROKER=false (issue 29, spec §2.3)', () => {
  let t: TestApp;
  blockApp('pglite', { mqttBroker: false }, (app) => (t = app));

  it('answers an empty version while no broker node is live, which hides the console’s mqtt dir', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${MQTT_PATHS.version}`,
      headers: bearer(await t.signIn()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ main_version: '', api_version: 'v1' });
  });

  it('takes no MQTT connection at /mqtt', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/mqtt`, 'mqtt');
    const outcome = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('open'));
      socket.once('unexpected-response', (_request, response) => resolve(`refused ${response.statusCode}`));
      socket.once('error', () => resolve('refused'));
    });
    socket.terminate();
    expect(outcome).toMatch(/^refused/);
  });
});

describe('the broker TCP port (issue 15)', () => {
  let t: TestApp;
  blockApp('pglite', (app) => (t = app));

  it('gives a taken default port up for a free one, and refuses a taken chosen port', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    const taken = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(
        t.services.mqtt.broker.listenTcp({ port: taken, host: '127.0.0.1', chosen: true, tls: null }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
      const port = await t.services.mqtt.broker.listenTcp({
        port: taken,
        host: '127.0.0.1',
        chosen: false,
        tls: null,
      });
      expect(port).not.toBe(taken);
      expect(port).toBeGreaterThan(0);
    } finally {
      holder.close();
    }
  });
});
