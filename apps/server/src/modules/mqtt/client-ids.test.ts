/**
 * A client id is its company's (issue 28): another company, with valid credentials of its own,
 * connecting with the same id — an integration's, the debug tool's — neither drops that client
 * nor resumes its session; within one company a second connection of an id still takes the first
 * over, as MQTT has it.
 */
import { type MqttClient as ListedClient, MQTT_PATHS, type MqttDebugToken } from '@vap/contracts';
import mqtt, { type IConnackPacket, type MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { createKey } from '../../testing/access-keys.js';
import { addAccount } from '../../testing/accounts.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { boundUnits, brokerSuite, keyLogin } from './test-support.js';
import { deviceTopic } from './topics.js';

describe.each(ENGINES)('a client id is its company’s, on %s (issue 28)', (engine) => {
  let t: TestApp;
  let port: number;
  let httpPort: number;
  let owner: Record<string, string>;
  let demoCompanyId: number;
  let stranger: Awaited<ReturnType<typeof addAccount>>;
  const { connect, connectDevice } = brokerSuite(
    () => createTestApp(engine),
    async (suite) => {
      ({ t, port, httpPort, owner, companyId: demoCompanyId } = suite);
      stranger = await addAccount(t, { company: 'own' });
    },
    { http: true },
  );

  /** CONNACK goes out before the broker counts the client as connected. */
  const counted = (clientId: string, companyId: number) =>
    expect
      .poll(() =>
        t.services.mqtt.broker
          .allConnections()
          .some((one) => one.clientId === clientId && one.identity.companyId === companyId),
      )
      .toBe(true);

  const listed = async (headers: Record<string, string>) => {
    const answer = await t.app.inject({ method: 'GET', url: `/webapi${MQTT_PATHS.clients}`, headers });
    return answer.json<{ items: ListedClient[] }>().items.map((client) => client.client_id);
  };

  /** Whether a client of the demo company still gets what one of its devices publishes. */
  async function stillReceives(client: MqttClient): Promise<boolean> {
    const [unit] = await boundUnits(t, 1, demoCompanyId);
    if (!unit) throw new Error('no unit');
    const device = await connectDevice(unit);
    const topic = deviceTopic(unit.sn, 'up', 'telemetry');
    const arrived = new Promise<string>((resolve) => client.once('message', (got) => resolve(got)));
    await device.publishAsync(topic, '{}');
    const late = new Promise<string>((resolve) => setTimeout(resolve, 5_000, 'nothing'));
    return (await Promise.race([arrived, late])) === topic;
  }

  /** The CONNACK a connection gets, the connection then ended. */
  const connackOf = (options: mqtt.IClientOptions) =>
    new Promise<IConnackPacket>((resolve, reject) => {
      const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, ...options });
      client.once('connect', (packet) => {
        client.end(true);
        resolve(packet);
      });
      client.once('error', reject);
    });

  it("lets another company's key connect with an integration's id without dropping it; each lists and kicks its own", async () => {
    const ownKey = await createKey(t, owner, { is_access_all_group: true });
    const strangerKey = await createKey(t, stranger.headers, { is_access_all_group: true });
    const integration = await connect(keyLogin(ownKey, 'erp-integration'));
    await integration.subscribeAsync('vap/dev/+/up/#');
    let dropped = false;
    integration.once('close', () => {
      dropped = true;
    });

    const intruder = await connect(keyLogin(strangerKey, 'erp-integration'));
    await counted('erp-integration', stranger.companyId ?? 0);
    expect(await stillReceives(integration)).toBe(true);
    expect(dropped).toBe(false);
    expect(intruder.connected).toBe(true);

    expect(await listed(owner)).toContain('erp-integration');
    expect(await listed(stranger.headers)).toEqual(['erp-integration']);
    // The stranger's kick of that id reaches its own client alone.
    const kicked = await t.app.inject({
      method: 'DELETE',
      url: `/webapi${MQTT_PATHS.client('erp-integration')}`,
      headers: stranger.headers,
    });
    expect(kicked.statusCode, kicked.body).toBe(204);
    await expect.poll(() => intruder.connected).toBe(false);
    expect(integration.connected).toBe(true);
    expect(dropped).toBe(false);
  });

  it("lets no other company take the debug tool's id from it", async () => {
    const issued = await t.app.inject({
      method: 'POST',
      url: `/webapi${MQTT_PATHS.debugToken}`,
      headers: owner,
    });
    const credentials = issued.json<MqttDebugToken>();
    const tool = await connect(
      { clientId: credentials.client_id, username: credentials.username, password: credentials.password },
      `ws://127.0.0.1:${httpPort}${credentials.path}`,
    );
    await tool.subscribeAsync('vap/dev/+/up/#');
    await counted(credentials.client_id, demoCompanyId);

    const strangerKey = await createKey(t, stranger.headers, { is_access_all_group: true });
    await connect(keyLogin(strangerKey, credentials.client_id));
    await counted(credentials.client_id, stranger.companyId ?? 0);
    expect(await stillReceives(tool)).toBe(true);
    expect(tool.connected).toBe(true);
  });

  it("gives another company's client of the same id none of the session its owner left behind", async () => {
    const ownKey = await createKey(t, owner, { is_access_all_group: true });
    const strangerKey = await createKey(t, stranger.headers, { is_access_all_group: true });
    const first = await connect({ ...keyLogin(ownKey, 'persistent-erp'), clean: false });
    await first.subscribeAsync('vap/dev/+/up/#', { qos: 1 });
    await first.endAsync();

    const taken = await connackOf({ ...keyLogin(strangerKey, 'persistent-erp'), clean: false });
    expect(taken.sessionPresent).toBe(false);

    // Its owner's own next connection finds the session where it left it.
    const back = await connackOf({ ...keyLogin(ownKey, 'persistent-erp'), clean: false });
    expect(back.sessionPresent).toBe(true);
  });

  it('still lets a second connection of an id of the same company take the first over', async () => {
    const ownKey = await createKey(t, owner, { is_access_all_group: true });
    const first = await connect(keyLogin(ownKey, 'erp-twice'));
    await connect(keyLogin(ownKey, 'erp-twice'));
    await expect.poll(() => first.connected).toBe(false);
  });
});
