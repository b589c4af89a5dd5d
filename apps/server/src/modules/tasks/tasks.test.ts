/**
 * Device tasks and their job engine (issue 16, spec §4.3 Task): a firmware package is uploaded
 * through the object store's token flow, an upgrade task sends each online device its command over
 * MQTT, and each job goes pending → processing → completed or failed — with the device's reports,
 * the task's deadline for offline devices, the per-device timeout, asking a silent device again
 * under the same key, retry and cancel. The device here is a plain MQTT client playing the
 * protocol of docs/mqtt.md, so that every transition is the test's to cause.
 */
import { OBJECT_STORE_AUTH_SCHEME, TASK_PATHS, type Task, type TaskJob } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../core/crypto/secret-box.js';
import { md5, multipart } from '../../testing/accounts.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { DEVICE_SECRETS } from '../devices/index.js';
import { devices, factoryUnits } from '../devices/schema.js';
import { testClients } from '../mqtt/test-support.js';
import { deviceTopic } from '../mqtt/topics.js';
import { LEASE_MS } from './engine.js';

interface Unit {
  id: number;
  sn: string;
  secret: string;
  model: string;
}
interface Command {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

describe.each(ENGINES)('device tasks, on %s (issue 16)', (engine) => {
  let t: TestApp;
  let port: number;
  let owner: Record<string, string>;
  let companyId: number;
  let units: Unit[];
  let clock = Date.now();
  const { connectDevice, endAll } = testClients(() => `mqtt://127.0.0.1:${port}`);

  beforeAll(async () => {
    t = await createTestApp(engine, {
      taskTickMs: 0,
      clock: () => clock,
      publicUrl: 'http://devices.example',
    });
    port = await t.app.broker.listenTcp({ port: 0, host: '127.0.0.1', chosen: true, tls: null });
    owner = bearer(await t.signIn());
    const info = await t.app.inject({ method: 'GET', url: '/webapi/v1/pms/user', headers: owner });
    companyId = info.json<{ company: { id: number } }>().company.id;
    const box = new SecretBox(t.jwtSecret, DEVICE_SECRETS);
    const rows = await t.database.db
      .select({
        id: devices.id,
        sn: factoryUnits.sn,
        sealed: factoryUnits.secretSealed,
        model: devices.model,
      })
      .from(devices)
      .innerJoin(factoryUnits, eq(devices.unitId, factoryUnits.id))
      .where(eq(devices.companyId, companyId))
      .orderBy(devices.id);
    units = rows.map((row) => ({
      id: row.id,
      sn: row.sn,
      model: row.model,
      secret: box.open(row.sealed, row.sn) ?? '',
    }));
  });
  afterEach(async () => {
    await endAll();
    await t.app.broker.settled();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/webapi${url}`, headers: owner, ...(payload ? { payload } : {}) });

  /** Two devices of one model, the first of the company's others. */
  function twoOfOneModel(): [Unit, Unit] {
    for (const unit of units) {
      const other = units.find((candidate) => candidate !== unit && candidate.model === unit.model);
      if (other) return [unit, other];
    }
    throw new Error('no two devices of one model');
  }

  let versions = 0;
  /** Uploads a package through the token flow and records it; answers its id and what it holds. */
  async function firmwareFor(model: string) {
    const bytes = Buffer.from(`firmware image ${model} ${++versions} ${'x'.repeat(4096)}`);
    const name = `firmware/${companyId}_${md5(bytes)}.bin`;
    const grant = await call('POST', TASK_PATHS.firmwareToken, { name, size: bytes.length });
    expect(grant.statusCode, grant.body).toBe(200);
    const { token, url } = grant.json<{ token: string; url: string }>();
    const form = multipart({ filename: name, filesize: String(bytes.length) }, bytes);
    const uploaded = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `${OBJECT_STORE_AUTH_SCHEME} ${token}`, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const version = `V9.${versions}.0`;
    const created = await call('POST', TASK_PATHS.firmware, {
      path: name,
      model,
      version,
      release_notes: 'fixes',
    });
    expect(created.statusCode, created.body).toBe(200);
    return { id: created.json<{ id: number }>().id, bytes, version };
  }

  /** A device on the broker that records the commands it is sent. */
  async function online(unit: Unit) {
    const client = await connectDevice(unit);
    const commands: Command[] = [];
    await client.subscribeAsync(deviceTopic(unit.sn, 'down', 'cmd'), { qos: 1 });
    client.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString()) as Command));
    await until(async () => (await statusOf(unit)) === 'online');
    return { client, commands };
  }

  const statusOf = async (unit: Unit) =>
    (await t.database.db.select({ status: devices.status }).from(devices).where(eq(devices.id, unit.id)))[0]
      ?.status;

  async function until(check: () => Promise<boolean> | boolean, ms = 5000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((wait) => setTimeout(wait, 20));
    }
  }

  /** The commands a device was sent for a task (jobs of earlier tests may reach it too). */
  const commandsFor = (device: { commands: Command[] }, taskId: number) =>
    device.commands.filter((command) => command.id.startsWith(`job-${taskId}-`));
  async function commandFor(device: { commands: Command[] }, taskId: number, count = 1) {
    await until(() => commandsFor(device, taskId).length >= count);
    return commandsFor(device, taskId)[count - 1] as Command;
  }

  const report = (client: MqttClient, unit: Unit, body: object) =>
    client.publishAsync(deviceTopic(unit.sn, 'up', 'job'), JSON.stringify(body), { qos: 1 });

  const task = async (id: number) => (await call('GET', TASK_PATHS.task(id))).json<Task>();
  async function jobOf(taskId: number, unit: Unit): Promise<TaskJob> {
    const page = (await call('GET', TASK_PATHS.jobs(taskId))).json<{ items: TaskJob[] }>();
    const job = page.items.find((item) => item.device_id === unit.id);
    if (!job) throw new Error(`no job for ${unit.sn}`);
    return job;
  }

  async function upgrade(firmwareId: number, targets: Unit[], extra: object = {}) {
    const response = await call('POST', TASK_PATHS.upgrade, {
      firmware_id: firmwareId,
      target: { device_ids: targets.map((unit) => unit.id) },
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Task>();
  }

  it('upgrades an online device through its reports, and the device list shows its new version', async () => {
    const [a, b] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const device = await online(a);
    const created = await upgrade(firmware.id, [a, b]);
    expect(created).toMatchObject({ type: 'firmware_upgrade', total: 2 });

    await t.app.taskEngine.tick();
    const command = await commandFor(device, created.id);
    expect(command).toMatchObject({
      name: 'upgrade_firmware',
      args: { md5: md5(firmware.bytes), size: firmware.bytes.length, version: firmware.version },
    });
    expect(String(command.args.url)).toMatch(/^http:\/\/devices\.example\/webapi\/.+firmware\/.+\.bin\?/);
    // The URL serves the package itself, to anyone holding it.
    const url = new URL(String(command.args.url));
    const download = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(download.rawPayload.equals(firmware.bytes)).toBe(true);
    expect(await jobOf(created.id, a)).toMatchObject({ state: 'processing', attempts: 1 });
    expect((await jobOf(created.id, b)).state).toBe('pending');
    expect((await task(created.id)).state).toBe('processing');

    await report(device.client, a, { id: command.id, state: 'processing', progress: 40 });
    await until(async () => (await jobOf(created.id, a)).progress === 40);
    await report(device.client, a, {
      id: command.id,
      state: 'completed',
      result: { firmware_version: firmware.version },
    });
    await until(async () => (await jobOf(created.id, a)).state === 'completed');
    const shown = await call('GET', `/v1/dms/company/devices/${a.id}`);
    expect(shown.json<{ firmware_version: string }>().firmware_version).toBe(firmware.version);
    // A report repeated, or of an ended job, changes nothing.
    await report(device.client, a, { id: command.id, state: 'failed', reason: 'late' });
    await new Promise((wait) => setTimeout(wait, 200));
    expect((await jobOf(created.id, a)).state).toBe('completed');
  });

  it("fails a device still offline at the task's deadline, and a retry waits for it again", async () => {
    const [a, b] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const created = await upgrade(firmware.id, [b], { deadline_hours: 1 });
    await t.app.taskEngine.tick();
    expect((await jobOf(created.id, b)).state).toBe('pending');
    clock += 3_600_000;
    await t.app.taskEngine.tick();
    expect(await jobOf(created.id, b)).toMatchObject({ state: 'failed', reason: 'offline' });
    expect((await task(created.id)).state).toBe('failed');

    const retried = await call('POST', TASK_PATHS.retry(created.id), {});
    expect(retried.json<Task>().counts).toMatchObject({ pending: 1, failed: 0 });
    const device = await online(b);
    await t.app.taskEngine.tick();
    const command = await commandFor(device, created.id);
    // The device refuses: the job fails with its reason.
    await device.client.publishAsync(
      deviceTopic(b.sn, 'up', 'reply'),
      JSON.stringify({ id: command.id, ok: false, error: 'busy' }),
      { qos: 1 },
    );
    await until(async () => (await jobOf(created.id, b)).state === 'failed');
    // It never started before: this was its first attempt.
    expect(await jobOf(created.id, b)).toMatchObject({ reason: 'busy', attempts: 1 });
    expect(a.id).not.toBe(b.id);
  });

  it('asks a silent device again under the same key, and fails it after its timeout', async () => {
    const [a] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const device = await online(a);
    const created = await upgrade(firmware.id, [a], { timeout_minutes: 5 });
    await t.app.taskEngine.tick();
    const first = await commandFor(device, created.id);
    clock += LEASE_MS + 1;
    await t.app.taskEngine.tick();
    expect((await commandFor(device, created.id, 2)).id).toBe(first.id);
    expect((await jobOf(created.id, a)).attempts).toBe(1);
    // Another device cannot report on this job.
    const [, other] = twoOfOneModel();
    const impostor = await online(other);
    await report(impostor.client, other, { id: first.id, state: 'completed', result: {} });
    await new Promise((wait) => setTimeout(wait, 200));
    expect((await jobOf(created.id, a)).state).toBe('processing');
    clock += 5 * 60_000;
    await t.app.taskEngine.tick();
    expect(await jobOf(created.id, a)).toMatchObject({ state: 'failed', reason: 'timeout' });
  });

  it('cancels the jobs not started; started ones run to their end; a cancelled task is not retried', async () => {
    const [a, b] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const device = await online(a);
    const created = await upgrade(firmware.id, [a, b]);
    await t.app.taskEngine.tick();
    const command = await commandFor(device, created.id);
    const cancelled = await call('POST', TASK_PATHS.cancel(created.id));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await jobOf(created.id, b)).toMatchObject({ state: 'failed', reason: 'cancelled' });
    expect((await jobOf(created.id, a)).state).toBe('processing');
    await report(device.client, a, { id: command.id, state: 'completed', result: {} });
    await until(async () => (await jobOf(created.id, a)).state === 'completed');
    const retry = await call('POST', TASK_PATHS.retry(created.id), {});
    expect(retry.json()).toMatchObject({ code: 'task_cancelled' });
  });

  it('refuses devices of another model, unknown devices, and a package in use', async () => {
    const [a] = twoOfOneModel();
    const other = units.find((unit) => unit.model !== a.model);
    const firmware = await firmwareFor(a.model);
    if (other) {
      const mixed = await call('POST', TASK_PATHS.upgrade, {
        firmware_id: firmware.id,
        target: { device_ids: [a.id, other.id] },
      });
      expect(mixed.json()).toMatchObject({ code: 'firmware_model_mismatch' });
    }
    const unknown = await call('POST', TASK_PATHS.upgrade, {
      firmware_id: firmware.id,
      target: { device_ids: [2_000_000_000] },
    });
    expect(unknown.statusCode).toBe(404);
    await upgrade(firmware.id, [a]);
    const deleted = await call('DELETE', TASK_PATHS.firmwareItem(firmware.id));
    expect(deleted.json()).toMatchObject({ code: 'firmware_in_use' });
  });
});
