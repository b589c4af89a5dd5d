/**
 * Failed connects are limited, logged and counted (issue 28; MQTT_AUTH_FAILURES_PER_CLIENT 10,
 * MQTT_AUTH_FAILURES_PER_ADDRESS 100, in windows of MQTT_AUTH_FAILURE_WINDOW, 15 minutes): past its
 * count a client id, an access key's id or an address is refused even with the right credentials
 * (CONNACK 3, server unavailable; 0x88 in MQTT 5) until the window ends; each failure is a warning
 * in the server's log without its secret; the company whose device or key was named sees the
 * refusals on its MQTT dashboard. Each test comes from a loopback address of its own, so that the
 * counts of one address do not spill into the next test.
 */
import { Writable } from 'node:stream';
import { MQTT_PATHS, type MqttClientSeries } from '@vap/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MQTT_LIMITS } from '../../core/config.js';
import { createKey } from '../../testing/access-keys.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { type BoundUnit, boundUnits, keyLogin, keyPassword, testClients } from './test-support.js';

const PER_CLIENT = DEFAULT_MQTT_LIMITS.failuresPerClient;
const PER_ADDRESS = DEFAULT_MQTT_LIMITS.failuresPerAddress;
const SERVER_UNAVAILABLE = 3;

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}
const WARN = 40;

describe.each(ENGINES)('failed connects, on %s (issue 28)', (engine) => {
  let t: TestApp;
  let port: number;
  let owner: Record<string, string>;
  /** Demo devices, one or two for each test: a count used up in one does not reach the next. */
  let units: BoundUnit[];
  const lines: LogLine[] = [];
  const { refusalFrom, endAll } = testClients(() => `mqtt://127.0.0.1:${port}`);

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp(engine, { logger: { level: 'warn', stream } });
    port = await t.services.mqtt.broker.listenTcp({ port: 0, host: '127.0.0.1', chosen: true, tls: null });
    owner = bearer(await t.signIn());
    units = await boundUnits(t, 4);
  });
  afterEach(async () => {
    await endAll();
    await t.services.mqtt.broker.settled();
  });
  afterAll(() => t.close());

  it(`refuses a device's id after ${PER_CLIENT} wrong secrets, the right one too, until the window ends; other devices still connect`, async () => {
    const [unit, other] = units;
    if (!unit || !other) throw new Error('no units');
    for (let guess = 0; guess < PER_CLIENT; guess++)
      expect(
        await refusalFrom('127.0.0.2', { clientId: unit.sn, username: unit.sn, password: `guess-${guess}` }),
      ).toBe(4);
    const right = { clientId: unit.sn, username: unit.sn, password: unit.secret };
    expect(await refusalFrom('127.0.0.2', right)).toBe(SERVER_UNAVAILABLE);
    // The count is the id's, wherever it comes from, and MQTT 5 is told 0x88.
    expect(await refusalFrom('127.0.0.9', right)).toBe(SERVER_UNAVAILABLE);
    expect(await refusalFrom('127.0.0.9', { ...right, protocolVersion: 5 })).toBe(0x88);
    expect(
      await refusalFrom('127.0.0.2', { clientId: other.sn, username: other.sn, password: other.secret }),
    ).toBe('connected');
  });

  it(`refuses an access key after ${PER_CLIENT} wrong signatures, whatever client ids they came with`, async () => {
    const key = await createKey(t, owner, { is_access_all_group: true });
    for (let guess = 0; guess < PER_CLIENT; guess++) {
      const clientId = `guesser-${guess}`;
      expect(
        await refusalFrom('127.0.0.3', {
          clientId,
          username: key.id,
          password: keyPassword({ ...key, secret: 'not-the-secret' }, clientId),
        }),
      ).toBe(4);
    }
    expect(await refusalFrom('127.0.0.3', keyLogin(key, 'guesser-right'))).toBe(SERVER_UNAVAILABLE);
  });

  it(`refuses an address after ${PER_ADDRESS} failed connects over any ids, and no other address`, async () => {
    for (let guess = 0; guess < PER_ADDRESS; guess++) {
      const sn = `1320000000${String(9_000_000_000 + guess)}`;
      expect(await refusalFrom('127.0.0.4', { clientId: sn, username: sn, password: 'x' })).toBe(4);
    }
    const unit = units[2];
    if (!unit) throw new Error('no unit');
    const right = { clientId: unit.sn, username: unit.sn, password: unit.secret };
    expect(await refusalFrom('127.0.0.4', right)).toBe(SERVER_UNAVAILABLE);
    expect(await refusalFrom('127.0.0.5', right)).toBe('connected');
  });

  it('lets many clients of one key, from one address, connect at once: only failures count against them', async () => {
    const key = await createKey(t, owner, { is_access_all_group: true });
    const many = Array.from({ length: PER_ADDRESS + 20 }, (_, index) => `integration-${index}`);
    const answers = await Promise.all(
      many.map((clientId) => refusalFrom('127.0.0.8', keyLogin(key, clientId))),
    );
    expect(answers.filter((answer) => answer !== 'connected')).toEqual([]);
  });

  it('logs each failed connect as a warning without its secret, and a refused id once', async () => {
    const unit = units[3];
    if (!unit) throw new Error('no unit');
    lines.length = 0;
    const wrong = 'wrong-secret-guessed';
    for (let guess = 0; guess < PER_CLIENT + 3; guess++)
      await refusalFrom('127.0.0.6', { clientId: unit.sn, username: unit.sn, password: wrong });
    const refused = lines.filter((line) => line.msg === 'mqtt connect refused');
    expect(refused).toHaveLength(PER_CLIENT);
    expect(refused[0]).toMatchObject({
      level: WARN,
      clientId: unit.sn,
      username: unit.sn,
      ip: expect.stringContaining('127.0.0.6'),
      transport: 'tcp',
      reason: 'unknown device or wrong secret',
    });
    const limited = lines.filter((line) =>
      line.msg.startsWith('mqtt connects refused until the window ends'),
    );
    expect(limited).toHaveLength(1);
    expect(limited[0]).toMatchObject({ level: WARN, clientId: unit.sn, limit: `mqtt:client:${unit.sn}` });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(wrong);
    expect(logged).not.toContain(unit.secret);
  });

  it("counts on a company's dashboard the refused connects that named its keys, and no other company's", async () => {
    const stranger = await addAccount(t, { company: 'own' });
    const key = await createKey(t, stranger.headers, { is_access_all_group: true });
    // Minutes of this test alone, away from the clock's: what came before is written first.
    t.services.mqtt.stats.stop();
    const minute = Date.now() - 3 * 3_600_000 - ((Date.now() - 3 * 3_600_000) % 60_000);
    await t.services.mqtt.stats.flush(minute - 3_600_000);
    for (let guess = 0; guess < PER_CLIENT + 2; guess++) {
      const clientId = `dashboard-${guess}`;
      await refusalFrom('127.0.0.7', {
        clientId,
        username: key.id,
        password: keyPassword({ ...key, secret: 'not-the-secret' }, clientId),
      });
    }
    // A serial that is no one's counts for no company.
    await refusalFrom('127.0.0.7', {
      clientId: '13200000008888888888',
      username: '13200000008888888888',
      password: 'x',
    });
    await t.services.mqtt.stats.flush(minute);
    const range = `from=${new Date(minute).toISOString()}&to=${new Date(minute + 60_000).toISOString()}&step=60`;
    const seriesOf = async (headers: Record<string, string>) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/webapi${MQTT_PATHS.clientsSeries}?${range}`,
        headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<MqttClientSeries>().items;
    };
    // Ten wrong signatures, and two refused as too many.
    expect(await seriesOf(stranger.headers)).toEqual([
      { t: minute, device: 0, user: 0, refused: PER_CLIENT + 2 },
    ]);
    expect((await seriesOf(owner))[0]?.refused).toBe(0);
  });
});
