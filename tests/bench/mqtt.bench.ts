/**
 * `npm run bench`: the embedded MQTT broker (issue 15) against Mosquitto 2, driven by the same load
 * generator in the same run:
 *
 * 1. throughput: 100 devices each publish as fast as they may (QoS 0, then QoS 1 with 16 messages in
 *    flight each) to their own `vap/dev/{serial}/up/bench`, and 100 subscribers each receive one
 *    device's messages — on our broker with authentication (factory secrets, access-key
 *    signatures), the ACL and the log on; on Mosquitto with a password file and an ACL of the same
 *    rules. Goal: ≥ 0.8× Mosquitto's messages received per second.
 * 2. the log's cost: our QoS 0 throughput with the log off (MQTT_LOG_MAX_ROWS=0) and on. Goal: on ≥
 *    0.8× off.
 * 3. memory: 10,000 idle clients connected to our broker (user clients signed with an access key:
 *    each a connection, a session and an ACL of its own, as a device has), the server's resident
 *    memory before and after, per connection. Goal: ≤ 50 KB.
 *
 * Mosquitto is the Debian package's `/usr/sbin/mosquitto`, started here on a free port. Our server
 * runs on PostgreSQL when TEST_DATABASE_URL is set (the log's writes then leave the broker's
 * thread), else on the embedded PGlite.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  ACCESS_KEY_PATHS,
  DEVICE_PATHS,
  MQTT_LOG_PATHS,
  mqttConnectStringToSign,
  mqttKeyPassword,
} from '@vap/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiToken, freePort, ROOT, type RunningServer, startServer } from '../support/server.js';

const run = promisify(execFile);
const MOSQUITTO = '/usr/sbin/mosquitto';
const PAIRS = 100;
const SECONDS = 5;
const IN_FLIGHT = 16;
const THROUGHPUT_RATIO = 0.8;
const LOG_RATIO = 0.8;
const IDLE_CLIENTS = 10_000;
const BYTES_PER_CONNECTION = 50 * 1024;
const PAYLOAD = Buffer.from(JSON.stringify({ cpu: 12.5, memory: 43.1, temperature: 51, bitrate: 2048 }));

interface Unit {
  sn: string;
  code: string;
  secret: string;
}
interface Credentials {
  clientId: string;
  username: string;
  password: () => string;
}

let dir: string;
let server: RunningServer;
let mqttPort: number;
let mosquitto: ChildProcess;
let mosquittoPort: number;
let units: Unit[];
/** The database the server runs on: PostgreSQL's address, or none for PGlite. */
let databaseEnv: Record<string, string> = {};
let postgresDatabase: { admin: ReturnType<typeof postgres>; name: string } | undefined;
let key: { id: string; secret: string };
const report: string[] = [];

function rssOf(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line?.[1]) throw new Error(`No VmRSS for process ${pid}`);
  return Number(line[1]) * 1024;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** A factory batch of our own, its secrets known: `factory:import` on the data directory. */
function batch(): Unit[] {
  return Array.from({ length: PAIRS }, (_, index) => ({
    sn: `7770000001132${String(index).padStart(7, '0')}`,
    code: `${hex(4)}-${hex(4)}`,
    secret: randomBytes(12).toString('hex'),
  }));
}

async function api(path: string, token: string, body?: object) {
  const response = await fetch(`${server.url}/webapi${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** An access key's MQTT password, signed anew for each connection (a nonce is used once). */
function keyPassword(clientId: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(12).toString('hex');
  const signature = createHmac('sha256', key.secret)
    .update(mqttConnectStringToSign({ keyId: key.id, clientId, timestamp, nonce }))
    .digest('hex');
  return mqttKeyPassword(timestamp, nonce, signature);
}

async function startOurs(env: Record<string, string>) {
  mqttPort = await freePort();
  // BENCH_SERVER_NODE_OPTIONS (e.g. --cpu-prof) reaches the server alone, for a profile of it.
  const profile = process.env.BENCH_SERVER_NODE_OPTIONS;
  server = await startServer({
    dataDir: dir,
    env: {
      MQTT_PORT: String(mqttPort),
      ...databaseEnv,
      ...(profile ? { NODE_OPTIONS: profile } : {}),
      ...env,
    },
  });
}

async function startMosquitto() {
  mosquittoPort = await freePort();
  const passwords = join(dir, 'mosquitto.passwd');
  const lines = [...units.map((unit) => `${unit.sn}:${unit.secret}`), 'watcher:watcher-secret'];
  await writeFile(passwords, `${lines.join('\n')}\n`, { mode: 0o600 });
  await run('mosquitto_passwd', ['-U', passwords]);
  const acl = join(dir, 'mosquitto.acl');
  await writeFile(acl, 'pattern write vap/dev/%u/up/#\n\nuser watcher\ntopic read vap/dev/+/up/#\n', {
    mode: 0o600,
  });
  const config = join(dir, 'mosquitto.conf');
  await writeFile(
    config,
    [
      `listener ${mosquittoPort} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwords}`,
      `acl_file ${acl}`,
      'persistence false',
      'log_dest none',
      'max_queued_messages 10000',
      `user ${userInfo().username}`,
    ].join('\n'),
  );
  mosquitto = spawn(MOSQUITTO, ['-c', config], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 50; attempt++) {
    const probe = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${mosquittoPort}`, {
        username: 'watcher',
        password: 'watcher-secret',
        reconnectPeriod: 0,
        connectTimeout: 1000,
      })
      .catch(() => null);
    if (probe) return probe.endAsync();
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('Mosquitto did not start');
}

/** Connects many clients a few at a time. */
async function connectAll(url: string, all: Credentials[], options: mqtt.IClientOptions = {}) {
  const started = performance.now();
  const clients: MqttClient[] = [];
  for (let at = 0; at < all.length; at += 50) {
    clients.push(
      ...(await Promise.all(
        all.slice(at, at + 50).map((credentials) =>
          mqtt.connectAsync(url, {
            clientId: credentials.clientId,
            username: credentials.username,
            password: credentials.password(),
            reconnectPeriod: 0,
            connectTimeout: 30_000,
            keepalive: 300,
            ...options,
          }),
        ),
      )),
    );
  }
  progress(`${all.length} clients connected to ${url} in ${Math.round(performance.now() - started)} ms`);
  return clients;
}

/** Where the bench is, on stderr as it goes (the report comes at the end). */
const progress = (line: string) => process.stderr.write(`mqtt bench: ${line}\n`);

/**
 * The load: every publisher publishes to its own topic for SECONDS (QoS 1: IN_FLIGHT at a time),
 * every subscriber counts what it receives of its publisher. Answers messages received per second.
 */
async function flood(
  url: string,
  subscribers: Credentials[],
  qos: 0 | 1,
): Promise<{ rate: number; published: number }> {
  const readers = await connectAll(url, subscribers);
  await Promise.all(
    readers.map((reader, index) => reader.subscribeAsync(`vap/dev/${units[index]?.sn}/up/bench`, { qos })),
  );
  const writers = await connectAll(
    url,
    units.map((unit) => ({ clientId: unit.sn, username: unit.sn, password: () => unit.secret })),
  );
  let received = 0;
  let published = 0;
  let counting = false;
  for (const reader of readers) reader.on('message', () => counting && received++);
  let running = true;
  const loops = writers.map(async (writer, index) => {
    const topic = `vap/dev/${units[index]?.sn}/up/bench`;
    while (running && writer.connected) {
      const window = Array.from({ length: qos === 0 ? 1 : IN_FLIGHT }, () =>
        writer.publishAsync(topic, PAYLOAD, { qos }).then(
          () => published++,
          () => undefined,
        ),
      );
      await Promise.all(window);
      // Writes that complete at once resolve in the same turn: yield, or the timers never run.
      await new Promise((turn) => setImmediate(turn));
    }
  });
  // A second to settle, then SECONDS counted.
  await new Promise((wait) => setTimeout(wait, 1000));
  counting = true;
  const started = performance.now();
  await new Promise((wait) => setTimeout(wait, SECONDS * 1000));
  counting = false;
  const rate = received / ((performance.now() - started) / 1000);
  running = false;
  // A publication the broker never acknowledges (a closed connection) must not hold the bench.
  await Promise.race([Promise.all(loops), new Promise((wait) => setTimeout(wait, 5000))]);
  for (const client of [...writers, ...readers]) client.end(true);
  progress(`${url} qos ${qos}: ${Math.round(rate)} msg/s`);
  return { rate, published };
}

/** How many messages the log holds since `from`, once its writes have caught up. */
async function loggedMessages(from: string): Promise<number> {
  const token = await apiToken(server.url);
  let total = -1;
  for (;;) {
    await new Promise((wait) => setTimeout(wait, 2000));
    const page = (await api(MQTT_LOG_PATHS.message, token, {
      from,
      to: new Date().toISOString(),
      page: 1,
      size: 1,
    })) as { total: number };
    if (page.total === total) return total;
    total = page.total;
  }
}

const ourSubscribers = (): Credentials[] =>
  units.map((_, index) => {
    const clientId = `bench-reader-${index}`;
    return { clientId, username: key.id, password: () => keyPassword(clientId) };
  });
const mosquittoSubscribers = (): Credentials[] =>
  units.map((_, index) => ({
    clientId: `bench-reader-${index}`,
    username: 'watcher',
    password: () => 'watcher-secret',
  }));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vap-bench-mqtt-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `vap_bench_mqtt_${Date.now()}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    postgresDatabase = { admin, name };
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseEnv = { DATABASE_URL: url.toString() };
  }
  units = batch();
  const csv = join(dir, 'batch.csv');
  await writeFile(
    csv,
    [
      'sn,device_code,kind,model,hardware_version,firmware_version,mac,secret,production_date',
      ...units.map(
        (unit, index) =>
          `${unit.sn},${unit.code},ipc,BENCH-1,H1,V1.0,02:00:00:00:${String(Math.floor(index / 100)).padStart(2, '0')}:${String(index % 100).padStart(2, '0')},${unit.secret},2026-01-01`,
      ),
    ].join('\n'),
  );
  await run(process.execPath, [join(ROOT, 'apps/server/dist/ops.js'), 'factory:import', csv], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn', ...databaseEnv },
  });
  await startOurs({});
  const token = await apiToken(server.url);
  for (const unit of units)
    await api(DEVICE_PATHS.bind, token, { mode: 'serial', sn: unit.sn, device_code: unit.code });
  key = (await api(ACCESS_KEY_PATHS.keys, token, {
    bandwidth_mbps: 1,
    is_access_all_group: true,
    operations: ['GET /v1/pms/company/users'],
  })) as { id: string; secret: string };
  await startMosquitto();
}, 300_000);

afterAll(async () => {
  console.log(report.join('\n'));
  // What the server said last, for a bench that went wrong.
  progress(`server output (end):\n${server?.output().slice(-4000)}`);
  mosquitto?.kill('SIGTERM');
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
  if (postgresDatabase) {
    await postgresDatabase.admin.unsafe(`drop database if exists ${postgresDatabase.name} with (force)`);
    await postgresDatabase.admin.end();
  }
});

it(`sends ≥ ${THROUGHPUT_RATIO}× Mosquitto's messages, at QoS 0 and QoS 1, with auth, ACL and the log on`, async () => {
  const rates: Record<string, number> = {};
  for (const qos of [0, 1] as const) {
    rates[`ours qos ${qos}`] = (await flood(`mqtt://127.0.0.1:${mqttPort}`, ourSubscribers(), qos)).rate;
    rates[`mosquitto qos ${qos}`] = (
      await flood(`mqtt://127.0.0.1:${mosquittoPort}`, mosquittoSubscribers(), qos)
    ).rate;
  }
  for (const qos of [0, 1] as const) {
    const ours = rates[`ours qos ${qos}`] ?? 0;
    const theirs = rates[`mosquitto qos ${qos}`] ?? 1;
    report.push(
      `QoS ${qos}, ${PAIRS} publishers → ${PAIRS} subscribers: ours ${Math.round(ours)} msg/s, Mosquitto ${Math.round(theirs)} msg/s (${(ours / theirs).toFixed(2)}×)`,
    );
  }
  for (const qos of [0, 1] as const) {
    expect((rates[`ours qos ${qos}`] ?? 0) / (rates[`mosquitto qos ${qos}`] ?? 1)).toBeGreaterThanOrEqual(
      THROUGHPUT_RATIO,
    );
  }
});

it(`keeps ≥ ${LOG_RATIO}× of its throughput with the log on`, async () => {
  const from = new Date().toISOString();
  const { rate: on, published } = await flood(`mqtt://127.0.0.1:${mqttPort}`, ourSubscribers(), 0);
  const logged = await loggedMessages(from);
  await server.stop();
  await startOurs({ MQTT_LOG_MAX_ROWS: '0' });
  const { rate: off } = await flood(`mqtt://127.0.0.1:${mqttPort}`, ourSubscribers(), 0);
  report.push(
    `the log: ${Math.round(on)} msg/s on, ${Math.round(off)} msg/s off (${(on / off).toFixed(2)}×); ${logged} of the ${published} messages published with it on were logged (${((100 * logged) / published).toFixed(1)} %)`,
  );
  expect(on / off).toBeGreaterThanOrEqual(LOG_RATIO);
});

it(`holds ${IDLE_CLIENTS} idle connections in ≤ ${BYTES_PER_CONNECTION / 1024} KB each`, async () => {
  const before = rssOf(server.pid);
  const clients = await connectAll(
    `mqtt://127.0.0.1:${mqttPort}`,
    Array.from({ length: IDLE_CLIENTS }, (_, index) => {
      const clientId = `idle-${index}`;
      return { clientId, username: key.id, password: () => keyPassword(clientId) };
    }),
  );
  // Let the connections' allocations settle.
  await new Promise((wait) => setTimeout(wait, 3000));
  const after = rssOf(server.pid);
  const perConnection = (after - before) / IDLE_CLIENTS;
  report.push(
    `${IDLE_CLIENTS} idle clients: ${(before / 2 ** 20).toFixed(0)} → ${(after / 2 ** 20).toFixed(0)} MB resident, ${(perConnection / 1024).toFixed(1)} KB per connection`,
  );
  await Promise.all(clients.map((client) => client.endAsync(true)));
  expect(perConnection).toBeLessThanOrEqual(BYTES_PER_CONNECTION);
});
