/**
 * The debug tool's `subscribe` and `send` buttons are enforced by the broker, on the connection the
 * tool's token opens (issue 29): not only hidden by the console, which any MQTT client holding the
 * token could bypass. Real connections to the real broker over its WebSocket, as the tool makes
 * them (MQTT 5), with roles of the demo company that lack one button or the other, or lose or gain
 * them while connected.
 */
import { randomBytes } from 'node:crypto';
import { MQTT_PATHS, type MqttDebugToken } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { roles } from '../../core/db/schema.js';
import { addAccount } from '../../testing/accounts.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { boundUnits, brokerSuite } from './test-support.js';
import { deviceTopic } from './topics.js';

/** MQTT 5's reason code of a refusal for want of authorisation (SUBACK, PUBACK). */
const NOT_AUTHORISED = 0x87;
/** MQTT 3.1.1's SUBACK failure. */
const SUBSCRIBE_FAILURE = 0x80;

describe.each(ENGINES)("the debug tool's buttons, enforced by the broker, on %s (issue 29)", (engine) => {
  let t: TestApp;
  let httpPort: number;
  let companyId: number;
  let owner: Record<string, string>;
  const { connect, connectDevice } = brokerSuite(
    () => createTestApp(engine),
    (suite) => ({ t, httpPort, owner, companyId } = suite),
    { http: true },
  );

  /** A member of the demo company whose role holds these buttons of the debug tool, and all groups. */
  async function member(buttons: string[]) {
    const [role] = await t.database.db
      .insert(roles)
      .values({
        companyId,
        name: `调试 ${randomBytes(3).toString('hex')}`,
        menus: { mqtt_debug_tool: buttons },
        isAccessAllGroup: true,
      })
      .returning({ id: roles.id });
    if (!role) throw new Error('no role');
    const { headers } = await addAccount(t, { company: 'demo', roleId: role.id });
    return {
      headers,
      /** Gives the role these buttons instead. */
      grant: (next: string[]) =>
        t.database.db
          .update(roles)
          .set({ menus: { mqtt_debug_tool: next } })
          .where(eq(roles.id, role.id)),
    };
  }

  /** The debug tool's connection, with the credentials the server issues to this caller. */
  async function tool(headers: Record<string, string>, protocolVersion: 4 | 5 = 5) {
    const issued = await t.app.inject({ method: 'POST', url: `/webapi${MQTT_PATHS.debugToken}`, headers });
    expect(issued.statusCode, issued.body).toBe(200);
    const credentials = issued.json<MqttDebugToken>();
    const client = await connect(
      {
        protocolVersion,
        clientId: credentials.client_id,
        username: credentials.username,
        password: credentials.password,
      },
      `ws://127.0.0.1:${httpPort}${credentials.path}`,
    );
    // CONNACK goes out before the broker counts the client as connected (and sweeps it).
    await expect
      .poll(() => t.services.mqtt.broker.allConnections().some((c) => c.clientId === credentials.client_id))
      .toBe(true);
    const seen: string[] = [];
    client.on('message', (topic) => seen.push(topic));
    return { client, seen };
  }

  /** A device of the demo company, connected, subscribed to its commands, recording those it gets. */
  async function device() {
    const [unit] = await boundUnits(t, 1, companyId);
    if (!unit) throw new Error('no unit');
    const client = await connectDevice(unit);
    await client.subscribeAsync(deviceTopic(unit.sn, 'down', '#'), { qos: 1 });
    const commands: string[] = [];
    client.on('message', (_topic, payload) => commands.push(payload.toString()));
    return { sn: unit.sn, client, commands };
  }

  const subscribe = (client: MqttClient, filter: string) =>
    client.subscribeAsync(filter).then(
      (grants) => grants.map((grant) => grant.qos),
      (error: Error & { packet?: { granted?: number[] } }) => error.packet?.granted,
    );
  const publish = (client: MqttClient, topic: string, payload: string) =>
    client.publishAsync(topic, payload, { qos: 1 }).then(
      () => 'delivered',
      (error: Error & { code?: number }) => error.code,
    );

  /** The unit's telemetry reaches the tool's subscription, and the tool's command reaches the unit. */
  async function expectBothWays(
    { client, seen }: Awaited<ReturnType<typeof tool>>,
    unit: Awaited<ReturnType<typeof device>>,
  ) {
    await unit.client.publishAsync(deviceTopic(unit.sn, 'up', 'telemetry'), '{}');
    await expect.poll(() => seen).toEqual([deviceTopic(unit.sn, 'up', 'telemetry')]);
    expect(await publish(client, deviceTopic(unit.sn, 'down', 'cmd'), '{"name":"ping"}')).toBe('delivered');
    await expect.poll(() => unit.commands).toEqual(['{"name":"ping"}']);
  }

  it('refuses the SUBSCRIBE of a role without `subscribe` with SUBACK 0x87 and keeps the connection, which may still send', async () => {
    const unit = await device();
    const { client, seen } = await tool((await member(['connect', 'send'])).headers);
    for (const filter of ['vap/dev/+/up/#', deviceTopic(unit.sn, 'up', '#')])
      expect(await subscribe(client, filter), filter).toEqual([NOT_AUTHORISED]);
    await unit.client.publishAsync(deviceTopic(unit.sn, 'up', 'telemetry'), '{}');
    // Its `send` is its own: the command reaches the device over the same connection.
    expect(await publish(client, deviceTopic(unit.sn, 'down', 'cmd'), '{"name":"ping"}')).toBe('delivered');
    await expect.poll(() => unit.commands).toEqual(['{"name":"ping"}']);
    expect(client.connected).toBe(true);
    expect(seen).toEqual([]);
  });

  it('refuses the PUBLISH of a role without `send` with PUBACK 0x87, the device getting nothing, and keeps the connection, which may still subscribe', async () => {
    const unit = await device();
    const { client, seen } = await tool((await member(['connect', 'subscribe'])).headers);
    expect(await subscribe(client, deviceTopic(unit.sn, 'up', '#'))).toEqual([0]);
    expect(await publish(client, deviceTopic(unit.sn, 'down', 'cmd'), '{"name":"reboot"}')).toBe(
      NOT_AUTHORISED,
    );
    // Its subscription is its own: what the device says reaches it over the same connection.
    await unit.client.publishAsync(deviceTopic(unit.sn, 'up', 'telemetry'), '{}');
    await expect.poll(() => seen).toEqual([deviceTopic(unit.sn, 'up', 'telemetry')]);
    expect(client.connected).toBe(true);
    // A command of the owner's tool, sent after the refusal was answered, is the only one it gets.
    const { client: owners } = await tool(owner);
    expect(await publish(owners, deviceTopic(unit.sn, 'down', 'cmd'), '{"name":"ping"}')).toBe('delivered');
    await expect.poll(() => unit.commands).toEqual(['{"name":"ping"}']);
  });

  it('lets a role with both buttons subscribe and send', async () => {
    const unit = await device();
    const { client, seen } = await tool((await member(['connect', 'subscribe', 'send'])).headers);
    expect(await subscribe(client, 'vap/dev/+/up/#')).toEqual([0]);
    await expectBothWays({ client, seen }, unit);
  });

  it('follows the role while connected: at the next sweep one that lost its buttons is refused and sent nothing, one that gained them may', async () => {
    const unit = await device();
    const role = await member(['connect', 'subscribe', 'send']);
    const { client, seen } = await tool(role.headers);
    const { client: watcher, seen: watched } = await tool(owner);
    for (const each of [client, watcher]) expect(await subscribe(each, 'vap/dev/+/up/#')).toEqual([0]);

    await role.grant(['connect']);
    await t.services.mqtt.broker.sweep();
    expect(client.connected).toBe(true);
    // Its subscription made before delivers nothing now: the owner's tool gets the message, it not.
    await unit.client.publishAsync(deviceTopic(unit.sn, 'up', 'event'), '{}');
    await expect.poll(() => watched).toEqual([deviceTopic(unit.sn, 'up', 'event')]);
    expect(await subscribe(client, deviceTopic(unit.sn, 'up', '#'))).toEqual([NOT_AUTHORISED]);
    expect(await publish(client, deviceTopic(unit.sn, 'down', 'cmd'), '{"name":"reboot"}')).toBe(
      NOT_AUTHORISED,
    );
    expect(seen).toEqual([]);
    expect(unit.commands).toEqual([]);

    await role.grant(['connect', 'subscribe', 'send']);
    await t.services.mqtt.broker.sweep();
    await expectBothWays({ client, seen }, unit);
  });

  it('refuses an MQTT 3.1.1 connection of the token its SUBSCRIBE with 0x80, and ends it at a PUBLISH without `send`', async () => {
    const unit = await device();
    const { client } = await tool((await member(['connect'])).headers, 4);
    expect(await subscribe(client, deviceTopic(unit.sn, 'up', '#'))).toEqual([SUBSCRIBE_FAILURE]);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(deviceTopic(unit.sn, 'down', 'cmd'), '{"name":"reboot"}', { qos: 1 });
    await closed;
    expect(unit.commands).toEqual([]);
  });
});
