/**
 * Two servers on one PostgreSQL and one Redis form one broker (issue 15, "More than one node"): a
 * subscriber on node A receives what a device publishes on node B, retained messages and QoS 1
 * sessions survive a node's restart, the live client list and counts cover both nodes, and a kick
 * issued on B disconnects a client on A.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCESS_KEY_PATHS, encodeListParam, MQTT_PATHS, type MqttClient } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { PasswordHasher } from '../../core/auth/passwords.js';
import { openDatabase } from '../../core/db/client.js';
import { companies, users } from '../../core/db/schema.js';
import { md5Hex, seedDemo } from '../../seed.js';
import { boundDevices } from '../../testing/device-fixtures.js';
import { bearer, createTestDatabase, TEST_DEMO, type TestDatabase } from '../../testing/harness.js';
import type { Broker } from './broker.js';
import { keyLogin, testClients } from './test-support.js';
import { deviceTopic } from './topics.js';

/** A Redis database of its own: the broker's store is flushed before the test. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

interface Node {
  app: FastifyInstance;
  broker: Broker;
  port: number;
  close(): Promise<void>;
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'two servers on one PostgreSQL and one Redis are one broker',
  () => {
    let test: TestDatabase;
    const serverSecret = randomBytes(32).toString('hex');
    const nodes: Node[] = [];
    let owner: Record<string, string>;
    let units: Array<{ sn: string; secret: string }>;
    let key: { id: string; secret: string };
    const { connect, endAll } = testClients(() => `mqtt://127.0.0.1:${nodes[0]?.port}`);

    async function startNode(): Promise<Node> {
      const database = await openDatabase({ engine: 'postgres', url: test.url ?? '', max: 4 });
      const dataDir = await mkdtemp(join(tmpdir(), 'vap-cluster-'));
      const { app, services } = await buildApp({
        database,
        passwords: new PasswordHasher(2),
        serverSecret,
        jwtExpiresIn: 3600,
        bodyLimit: 1_048_576,
        verifyCompany: true,
        consoleDir: null,
        dataDir,
        devOutbox: true,
        redisUrl: REDIS_URL,
      });
      await app.ready();
      const port = await services.mqtt.broker.listenTcp({
        port: 0,
        host: '127.0.0.1',
        chosen: true,
        tls: null,
      });
      const node = {
        app,
        broker: services.mqtt.broker,
        port,
        async close() {
          await app.close();
          await database.close();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
      nodes.push(node);
      return node;
    }

    const urlOf = (node: Node) => `mqtt://127.0.0.1:${node.port}`;

    beforeAll(async () => {
      const redis = new Redis(REDIS_URL);
      await redis.flushdb();
      redis.disconnect();
      test = await createTestDatabase('postgres');
      await seedDemo(test.database.db, new PasswordHasher(2), TEST_DEMO, serverSecret);
      const [a] = [await startNode(), await startNode()];
      const signedIn = await a.app.inject({
        method: 'POST',
        url: '/webapi/v0/pms/users/login_password',
        payload: { account: TEST_DEMO.account, password: md5Hex(TEST_DEMO.password) },
      });
      owner = bearer(signedIn.json<{ token: string }>().token);
      const created = await a.app.inject({
        method: 'POST',
        url: `/webapi${ACCESS_KEY_PATHS.keys}`,
        headers: owner,
        payload: { bandwidth_mbps: 1, is_access_all_group: true, operations: ['GET /v1/pms/company/users'] },
      });
      key = created.json();
      units = (await boundDevices(test.database, serverSecret))
        .slice(0, 3)
        .map(({ sn, secret }) => ({ sn, secret }));
    }, 120_000);
    afterEach(() => endAll());
    afterAll(async () => {
      for (const node of nodes.splice(0)) await node.close();
      await test?.drop();
    });

    const nodeA = () => nodes[0] as Node;
    const nodeB = () => nodes[1] as Node;
    const connected = (node: Node, clientId: string) =>
      expect
        .poll(() => node.broker.allConnections().some((connection) => connection.clientId === clientId))
        .toBe(true);

    it('delivers on node A what a device publishes on node B', async () => {
      const [unit] = units;
      if (!unit) throw new Error('no unit');
      const watcher = await connect(keyLogin(key, 'watcher-a'), urlOf(nodeA()));
      await watcher.subscribeAsync(deviceTopic(unit.sn, 'up', '#'));
      const received = new Promise<string>((resolve) =>
        watcher.once('message', (_topic, payload) => resolve(payload.toString())),
      );
      const onB = await connect(
        { clientId: unit.sn, username: unit.sn, password: unit.secret },
        urlOf(nodeB()),
      );
      await onB.publishAsync(deviceTopic(unit.sn, 'up', 'telemetry'), '{"from":"B"}');
      expect(await received).toBe('{"from":"B"}');
    });

    it('lists and counts the clients of both nodes on either, and a kick on B disconnects a client on A', async () => {
      const [first, second] = units;
      if (!first || !second) throw new Error('no units');
      const onA = await connect(
        { clientId: first.sn, username: first.sn, password: first.secret },
        urlOf(nodeA()),
      );
      await connect({ clientId: second.sn, username: second.sn, password: second.secret }, urlOf(nodeB()));
      await connected(nodeA(), first.sn);
      await connected(nodeB(), second.sn);
      const wheres = encodeURIComponent(
        encodeListParam([{ k: 'client_id', o: 'like', v: first.sn.slice(0, 10) }]),
      );
      for (const node of [nodeA(), nodeB()]) {
        const listed = await node.app.inject({
          method: 'GET',
          url: `/webapi${MQTT_PATHS.clients}?size=100`,
          headers: owner,
        });
        const ids = listed.json<{ items: MqttClient[] }>().items.map((client) => client.client_id);
        expect(ids).toEqual(expect.arrayContaining([first.sn, second.sn]));
        const count = await node.app.inject({
          method: 'GET',
          url: `/webapi${MQTT_PATHS.clientsCount}?wheres=${wheres}`,
          headers: owner,
        });
        expect(count.json<{ device: number }>().device).toBeGreaterThanOrEqual(2);
      }
      const closed = new Promise<void>((resolve) => onA.once('close', () => resolve()));
      const kicked = await nodeB().app.inject({
        method: 'DELETE',
        url: `/webapi${MQTT_PATHS.client(first.sn)}`,
        headers: owner,
      });
      expect(kicked.statusCode, kicked.body).toBe(204);
      await closed;
    });

    it("keeps a client on A when another company's client of the same id connects on B (issue 28)", async () => {
      // Another company, its owner and an access key of its own.
      const [company] = await test.database.db
        .insert(companies)
        .values({ name: '另一家科技有限公司' })
        .returning({ id: companies.id });
      const phone = '13799990001';
      await test.database.db.insert(users).values({
        phone,
        companyId: company?.id ?? null,
        roleId: 0,
        passwordHash: await new PasswordHasher(1).hash(md5Hex('other-owner-pass')),
        nickname: '另一家',
      });
      const signedIn = await nodeB().app.inject({
        method: 'POST',
        url: '/webapi/v0/pms/users/login_password',
        payload: { account: phone, password: md5Hex('other-owner-pass') },
      });
      const otherKey = (
        await nodeB().app.inject({
          method: 'POST',
          url: `/webapi${ACCESS_KEY_PATHS.keys}`,
          headers: bearer(signedIn.json<{ token: string }>().token),
          payload: {
            bandwidth_mbps: 1,
            is_access_all_group: true,
            operations: ['GET /v1/pms/company/users'],
          },
        })
      ).json<{ id: string; secret: string }>();

      const integration = await connect(keyLogin(key, 'erp-integration'), urlOf(nodeA()));
      await connected(nodeA(), 'erp-integration');
      let dropped = false;
      integration.once('close', () => {
        dropped = true;
      });
      await connect(keyLogin(otherKey, 'erp-integration'), urlOf(nodeB()));
      await connected(nodeB(), 'erp-integration');
      // Aedes tells the other nodes of a new client at once; a second is ample for its word to land.
      await new Promise((wait) => setTimeout(wait, 1000));
      expect(dropped).toBe(false);
      expect(integration.connected).toBe(true);
    });

    it('keeps retained messages and a persistent session’s QoS 1 messages across a node restart', async () => {
      const [unit] = units;
      if (!unit) throw new Error('no unit');
      // A persistent session on A, subscribed at QoS 1, then gone.
      const sessionId = 'persistent-watcher';
      const first = await connect({ ...keyLogin(key, sessionId), clean: false }, urlOf(nodeA()));
      await first.subscribeAsync(deviceTopic(unit.sn, 'up', 'event'), { qos: 1 });
      await first.endAsync();
      // The device on B: a retained state, and an event while the watcher is away.
      const device = await connect(
        { clientId: unit.sn, username: unit.sn, password: unit.secret },
        urlOf(nodeB()),
      );
      await device.publishAsync(deviceTopic(unit.sn, 'up', 'state'), '{"online":true}', {
        qos: 1,
        retain: true,
      });
      await device.publishAsync(deviceTopic(unit.sn, 'up', 'event'), '{"type":"motion"}', { qos: 1 });
      await device.endAsync();

      // Both nodes restart, one after the other.
      await nodes.splice(0, 1)[0]?.close();
      await startNode();
      await nodes.splice(0, 1)[0]?.close();
      await startNode();

      const queued = new Promise<string>((resolve) => {
        void connect({ ...keyLogin(key, sessionId), clean: false }, urlOf(nodeA())).then((again) =>
          again.on('message', (_topic, payload) => resolve(payload.toString())),
        );
      });
      expect(await queued).toBe('{"type":"motion"}');
      const reader = await connect(keyLogin(key, 'retained-reader'), urlOf(nodeB()));
      const retained = new Promise<string>((resolve) =>
        reader.once('message', (_topic, payload) => resolve(payload.toString())),
      );
      await reader.subscribeAsync(deviceTopic(unit.sn, 'up', 'state'));
      expect(await retained).toBe('{"online":true}');
    }, 60_000);
  },
);
