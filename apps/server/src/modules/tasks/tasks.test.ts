/**
 * Device tasks and their job engine (issue 16, spec §4.3 Task): a firmware package is uploaded
 * through the object store's token flow, an upgrade task sends each online device its command over
 * MQTT, and each job goes pending → processing → completed or failed — with the device's reports,
 * the task's deadline for offline devices, the per-device timeout, asking a silent device again
 * under the same key, retry and cancel. The device here is a plain MQTT client playing the
 * protocol of docs/mqtt.md, so that every transition is the test's to cause.
 */
import { TASK_PATHS, type Task } from '@vap/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { md5, uploadGranted } from '../../testing/accounts.js';
import { createTestApp, ENGINES } from '../../testing/harness.js';
import { deviceTopic } from '../mqtt/topics.js';
import { LEASE_MS } from './engine.js';
import { taskFixture, type Unit, until } from './test-support.js';

describe.each(ENGINES)('device tasks, on %s (issue 16)', (engine) => {
  const fixture = taskFixture((options) => createTestApp(engine, options));
  const { state, call, online, commandFor, report, task, jobOf, twoOfOneModel } = fixture;
  beforeAll(() => fixture.setup());
  afterEach(() => fixture.endClients());
  afterAll(() => fixture.close());

  let versions = 0;
  /** Uploads a package through the token flow and records it; answers its id and what it holds. */
  async function firmwareFor(model: string) {
    const bytes = Buffer.from(`firmware image ${model} ${++versions} ${'x'.repeat(4096)}`);
    const name = `firmware/${state.companyId}_${md5(bytes)}.bin`;
    const grant = await call('POST', TASK_PATHS.firmwareToken, { name, size: bytes.length });
    expect(grant.statusCode, grant.body).toBe(200);
    await uploadGranted(state.t, grant.json(), name, bytes);
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
  async function upgrade(firmwareId: number, targets: Unit[], extra: object = {}) {
    const response = await call('POST', TASK_PATHS.upgrade, {
      firmware_id: firmwareId,
      target: { device_ids: targets.map((unit) => unit.id) },
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Task>();
  }

  /** The first device of a model online, an upgrade of it to a package of its model, and its command sent. */
  async function upgradeSent(extra: object = {}) {
    const [a] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const device = await online(a);
    const created = await upgrade(firmware.id, [a], extra);
    await state.t.services.tasks.engine.tick();
    return { a, firmware, device, created, command: await commandFor(device, created.id) };
  }

  it('upgrades an online device through its reports, and the device list shows its new version', async () => {
    const [a, b] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const device = await online(a);
    const created = await upgrade(firmware.id, [a, b]);
    expect(created).toMatchObject({ type: 'firmware_upgrade', total: 2 });

    await state.t.services.tasks.engine.tick();
    const command = await commandFor(device, created.id);
    expect(command).toMatchObject({
      name: 'upgrade_firmware',
      args: { md5: md5(firmware.bytes), size: firmware.bytes.length, version: firmware.version },
    });
    expect(String(command.args.url)).toMatch(/^http:\/\/devices\.example\/webapi\/.+firmware\/.+\.bin\?/);
    // The URL serves the package itself, to anyone holding it.
    const url = new URL(String(command.args.url));
    const download = await state.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(download.rawPayload.equals(firmware.bytes)).toBe(true);
    expect(await jobOf(created.id, a)).toMatchObject({ state: 'processing', attempts: 1 });
    expect((await jobOf(created.id, b)).state).toBe('pending');
    expect((await task(created.id)).state).toBe('processing');

    await report(device, a, { id: command.id, state: 'processing', progress: 40 });
    await until(async () => (await jobOf(created.id, a)).progress === 40);
    await report(device, a, {
      id: command.id,
      state: 'completed',
      result: { firmware_version: firmware.version },
    });
    await until(async () => (await jobOf(created.id, a)).state === 'completed');
    const shown = await call('GET', `/v1/dms/company/devices/${a.id}`);
    expect(shown.json<{ firmware_version: string }>().firmware_version).toBe(firmware.version);
    // A report repeated, or of an ended job, changes nothing.
    await report(device, a, { id: command.id, state: 'failed', reason: 'late' });
    await new Promise((wait) => setTimeout(wait, 200));
    expect((await jobOf(created.id, a)).state).toBe('completed');
  });

  it("fails a device still offline at the task's deadline, and a retry waits for it again", async () => {
    const [a, b] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const created = await upgrade(firmware.id, [b], { deadline_hours: 1 });
    await state.t.services.tasks.engine.tick();
    expect((await jobOf(created.id, b)).state).toBe('pending');
    state.clock += 3_600_000;
    await state.t.services.tasks.engine.tick();
    expect(await jobOf(created.id, b)).toMatchObject({ state: 'failed', reason: 'offline' });
    expect((await task(created.id)).state).toBe('failed');

    const retried = await call('POST', TASK_PATHS.retry(created.id), {});
    expect(retried.json<Task>().counts).toMatchObject({ pending: 1, failed: 0 });
    const device = await online(b);
    await state.t.services.tasks.engine.tick();
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
    const { a, device, created, command: first } = await upgradeSent({ timeout_minutes: 5 });
    state.clock += LEASE_MS + 1;
    await state.t.services.tasks.engine.tick();
    expect((await commandFor(device, created.id, 2)).id).toBe(first.id);
    expect((await jobOf(created.id, a)).attempts).toBe(1);
    // Another device cannot report on this job.
    const [, other] = twoOfOneModel();
    const impostor = await online(other);
    await report(impostor, other, { id: first.id, state: 'completed', result: {} });
    await new Promise((wait) => setTimeout(wait, 200));
    expect((await jobOf(created.id, a)).state).toBe('processing');
    state.clock += 5 * 60_000;
    await state.t.services.tasks.engine.tick();
    expect(await jobOf(created.id, a)).toMatchObject({ state: 'failed', reason: 'timeout' });
  });

  it('a completion reported after the timeout ends the job completed, and the device list shows the new version', async () => {
    const { a, firmware, device, created, command } = await upgradeSent({ timeout_minutes: 5 });
    await report(device, a, { id: command.id, state: 'processing', progress: 80 });
    await until(async () => (await jobOf(created.id, a)).progress === 80);
    state.clock += 5 * 60_000;
    await state.t.services.tasks.engine.tick();
    expect(await jobOf(created.id, a)).toMatchObject({ state: 'failed', reason: 'timeout' });
    expect((await task(created.id)).state).toBe('failed');

    // The slow upgrade ends after all: the device runs the new firmware, and the job says so.
    await report(device, a, {
      id: command.id,
      state: 'completed',
      result: { firmware_version: firmware.version },
    });
    await until(async () => (await jobOf(created.id, a)).state === 'completed');
    expect(await jobOf(created.id, a)).toMatchObject({
      reason: null,
      progress: 100,
      result: { firmware_version: firmware.version },
    });
    expect((await task(created.id)).state).toBe('completed');
    const shown = await call('GET', `/v1/dms/company/devices/${a.id}`);
    expect(shown.json<{ firmware_version: string }>().firmware_version).toBe(firmware.version);
  });

  it("a timed-out job retried since is the next attempt's: the old attempt's completion changes nothing", async () => {
    const { a, device, created, command: first } = await upgradeSent({ timeout_minutes: 5 });
    state.clock += 5 * 60_000;
    await state.t.services.tasks.engine.tick();
    expect((await jobOf(created.id, a)).reason).toBe('timeout');
    await call('POST', TASK_PATHS.retry(created.id), {});
    await state.t.services.tasks.engine.tick();
    const second = await commandFor(device, created.id, 2);
    expect(second.id).not.toBe(first.id);
    await report(device, a, { id: first.id, state: 'completed', result: { firmware_version: 'V0.0.1' } });
    await new Promise((wait) => setTimeout(wait, 200));
    expect(await jobOf(created.id, a)).toMatchObject({ state: 'processing', attempts: 2 });
  });

  it('a failed job shows how far the device got, beyond its last progress report (issue 29)', async () => {
    const [a, b] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const [first, second] = [await online(a), await online(b)];
    const created = await upgrade(firmware.id, [a, b]);
    await state.t.services.tasks.engine.tick();
    const [toA, toB] = [await commandFor(first, created.id), await commandFor(second, created.id)];
    for (const [device, unit, command] of [
      [first, a, toA],
      [second, b, toB],
    ] as const) {
      await report(device, unit, { id: command.id, state: 'processing', progress: 9 });
      await until(async () => (await jobOf(created.id, unit)).progress === 9);
    }
    // 245,675 of 307,200 bytes is 71 % of the download's 90: the device says so with its failure.
    await report(first, a, {
      id: toA.id,
      state: 'failed',
      reason: 'download_failed',
      message: 'failed after 245675 of 307200 bytes',
      progress: 71,
    });
    await until(async () => (await jobOf(created.id, a)).state === 'failed');
    expect(await jobOf(created.id, a)).toMatchObject({ reason: 'download_failed', progress: 71 });
    // A failure that does not say keeps the last progress reported.
    await report(second, b, { id: toB.id, state: 'failed', reason: 'busy' });
    await until(async () => (await jobOf(created.id, b)).state === 'failed');
    expect((await jobOf(created.id, b)).progress).toBe(9);
  });

  it('a device failing with its own words: the job keeps its reason and its message', async () => {
    const { a, device, created, command } = await upgradeSent();
    await report(device, a, {
      id: command.id,
      state: 'failed',
      reason: 'md5_mismatch',
      message: 'md5 0123, expected 4567',
    });
    await until(async () => (await jobOf(created.id, a)).state === 'failed');
    expect(await jobOf(created.id, a)).toMatchObject({
      reason: 'md5_mismatch',
      message: 'md5 0123, expected 4567',
      result: null,
    });
    // A retry clears the last attempt's words with its reason.
    await call('POST', TASK_PATHS.retry(created.id), {});
    expect(await jobOf(created.id, a)).toMatchObject({ reason: null, message: null });
  });

  it('a retry of chosen devices starts their failed jobs alone', async () => {
    const [a, b] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const created = await upgrade(firmware.id, [a, b], { deadline_hours: 1 });
    state.clock += 3_600_000;
    await state.t.services.tasks.engine.tick();
    expect((await task(created.id)).counts).toMatchObject({ pending: 0, failed: 2 });

    const retried = await call('POST', TASK_PATHS.retry(created.id), { device_ids: [a.id] });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Task>().counts).toMatchObject({ pending: 1, failed: 1 });
    expect(await jobOf(created.id, a)).toMatchObject({ state: 'pending', reason: null });
    expect(await jobOf(created.id, b)).toMatchObject({ state: 'failed', reason: 'offline' });
    // A chosen device whose job has not failed is not started again.
    const again = await call('POST', TASK_PATHS.retry(created.id), { device_ids: [a.id] });
    expect(again.json<Task>().counts).toMatchObject({ pending: 1, failed: 1 });
  });

  it('cancels the jobs not started; started ones run to their end; a cancelled task is not retried', async () => {
    const [a, b] = twoOfOneModel();
    const firmware = await firmwareFor(a.model);
    const device = await online(a);
    const created = await upgrade(firmware.id, [a, b]);
    await state.t.services.tasks.engine.tick();
    const command = await commandFor(device, created.id);
    const cancelled = await call('POST', TASK_PATHS.cancel(created.id));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await jobOf(created.id, b)).toMatchObject({ state: 'failed', reason: 'cancelled' });
    expect((await jobOf(created.id, a)).state).toBe('processing');
    await report(device, a, { id: command.id, state: 'completed', result: {} });
    await until(async () => (await jobOf(created.id, a)).state === 'completed');
    const retry = await call('POST', TASK_PATHS.retry(created.id), {});
    expect(retry.json()).toMatchObject({ code: 'task_cancelled' });
  });

  it('refuses devices of another model, unknown devices, and a package in use', async () => {
    const [a] = twoOfOneModel();
    const other = state.units.find((unit) => unit.model !== a.model);
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
