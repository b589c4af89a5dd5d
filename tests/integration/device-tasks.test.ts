/**
 * The job engine survives a crash (issue 16): 200 simulated cameras upgrade their firmware over the
 * real path — the server's build, its broker, the object store's signed download, the device
 * simulator's download, md5 check and reboot — and the server is killed (SIGKILL) in the middle
 * and started again on its data. Every device ends in exactly one final state — completed, on the
 * new version, or failed when the crash cut its download — and none is upgraded twice; a retry then
 * completes the failed ones.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEVICE_PATHS, OBJECT_STORE_AUTH_SCHEME, TASK_PATHS, type Task, type TaskJob } from '@vap/contracts';
import { type Fleet, startFleet } from '@vap/device-sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { factoryBatch, importFactoryBatch } from '../support/factory-batch.js';
import { apiToken, freePort, type RunningServer, startServer } from '../support/server.js';

const _run = promisify(execFile);
const DEVICES = 200;
const MODEL = 'VC-K200';
const NEW_VERSION = 'V6.0.0';

let dir: string;
let port: number;
let mqttPort: number;
let server: RunningServer;
let fleet: Fleet | undefined;
const units = factoryBatch('7770000002132', DEVICES);

async function api<T>(token: string, method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${server.url}/webapi${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

async function allJobs(token: string, taskId: number) {
  const jobs: TaskJob[] = [];
  for (let page = 1; jobs.length < DEVICES; page++)
    jobs.push(
      ...(await api<{ items: TaskJob[] }>(token, 'GET', `${TASK_PATHS.jobs(taskId)}?page=${page}&size=100`))
        .items,
    );
  return jobs;
}

const start = () => startServer({ dataDir: dir, port, env: { MQTT_PORT: String(mqttPort) } });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vap-tasks-'));
  port = await freePort();
  mqttPort = await freePort();
  await importFactoryBatch(dir, units, { model: MODEL, firmware: 'V5.0.0', macGroup: '01' });
  server = await start();
}, 180_000);

afterAll(async () => {
  await fleet?.stop();
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

it('kills the server during a 200-device upgrade: after a restart every device ends in one final state, none upgraded twice', async () => {
  let token = await apiToken(server.url);
  for (const unit of units)
    await api(token, 'POST', DEVICE_PATHS.bind, { mode: 'serial', sn: unit.sn, device_code: unit.code });

  fleet = startFleet({
    url: `mqtt://127.0.0.1:${mqttPort}`,
    units: units.map((unit) => ({
      sn: unit.sn,
      secret: unit.secret,
      kind: 'ipc' as const,
      model: MODEL,
      firmwareVersion: 'V5.0.0',
    })),
    // Back soon after the crash, and a reboot long enough to be cut by it.
    backoff: { initialMs: 300, maxMs: 2_000 },
    rebootMs: 3_000,
    eventRate: 0,
    telemetryIntervalMs: 600_000,
  });
  // Every boot counts, a reboot while away from the killed server's broker included (an upgrade
  // installed meanwhile reboots the unit without a `rebooting` state).
  const reboots = new Map<string, number>();
  for (const device of fleet.devices)
    device.on('booted', () => reboots.set(device.sn, (reboots.get(device.sn) ?? 0) + 1));
  await expect.poll(() => fleet?.stats().connected, { timeout: 60_000, interval: 250 }).toBe(DEVICES);

  // The package: 256 KB through the object store's token flow.
  const bytes = randomBytes(256 * 1024);
  const md5 = createHash('md5').update(bytes).digest('hex');
  const { company } = await api<{ company: { id: number } }>(token, 'GET', '/v1/pms/user');
  const name = `firmware/${company.id}_${md5}.bin`;
  const grant = await api<{ token: string; url: string }>(token, 'POST', TASK_PATHS.firmwareToken, {
    name,
    size: bytes.length,
  });
  const form = new FormData();
  form.set('filename', name);
  form.set('filesize', String(bytes.length));
  form.set('file', new Blob([bytes]), 'package.bin');
  const uploaded = await fetch(`${server.url}${grant.url}`, {
    method: 'POST',
    headers: { authorization: `${OBJECT_STORE_AUTH_SCHEME} ${grant.token}` },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const firmware = await api<{ id: number }>(token, 'POST', TASK_PATHS.firmware, {
    path: name,
    model: MODEL,
    version: NEW_VERSION,
  });
  const task = await api<Task>(token, 'POST', TASK_PATHS.upgrade, {
    firmware_id: firmware.id,
    target: { wheres: [{ k: 'model', o: '=', v: MODEL }] },
  });
  expect(task.total).toBe(DEVICES);

  // Mid-way: some devices done, others still downloading or rebooting.
  await expect
    .poll(async () => (await api<Task>(token, 'GET', TASK_PATHS.task(task.id))).counts.completed, {
      timeout: 60_000,
      interval: 100,
    })
    .toBeGreaterThan(0);
  const before = await api<Task>(token, 'GET', TASK_PATHS.task(task.id));
  await server.kill();
  process.stderr.write(`device tasks: killed the server at ${JSON.stringify(before.counts)}\n`);
  expect(before.counts.completed).toBeLessThan(DEVICES);
  server = await start();
  token = await apiToken(server.url);

  // A job not heard of for its lease (30 s) is asked again: give it that and the reboots.
  await expect
    .poll(
      async () => {
        const now = await api<Task>(token, 'GET', TASK_PATHS.task(task.id));
        return now.counts.pending + now.counts.processing;
      },
      { timeout: 120_000, interval: 500 },
    )
    .toBe(0);
  // Exactly one final state each: completed, or failed when the crash cut its download.
  const jobs = await allJobs(token, task.id);
  expect(new Set(jobs.map((job) => job.sn)).size).toBe(DEVICES);
  expect(jobs.every((job) => job.state === 'completed' || job.state === 'failed')).toBe(true);
  const bySn = new Map(fleet.devices.map((device) => [device.sn, device]));
  for (const job of jobs) {
    const device = bySn.get(job.sn);
    // None upgraded twice: a completed job's device rebooted into the version once, a failed one's never.
    expect(reboots.get(job.sn) ?? 0, job.sn).toBe(job.state === 'completed' ? 1 : 0);
    expect(device?.firmwareVersion, job.sn).toBe(job.state === 'completed' ? NEW_VERSION : 'V5.0.0');
    if (job.state === 'failed') expect(job.reason).toBe('download_failed');
  }
  const failed = jobs.filter((job) => job.state === 'failed').length;
  process.stderr.write(`device tasks: after the restart ${DEVICES - failed} completed, ${failed} failed\n`);
  if (failed > 0) {
    await api(token, 'POST', TASK_PATHS.retry(task.id), {});
    await expect
      .poll(async () => (await api<Task>(token, 'GET', TASK_PATHS.task(task.id))).state, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe('completed');
  }
  const after = await api<Task>(token, 'GET', TASK_PATHS.task(task.id));
  expect(after).toMatchObject({ state: 'completed', counts: { completed: DEVICES, failed: 0 } });
  expect(fleet.devices.every((device) => device.firmwareVersion === NEW_VERSION)).toBe(true);
  expect([...reboots.values()].every((count) => count === 1)).toBe(true);
  const devices = await api<{ items: Array<{ firmware_version: string }> }>(
    token,
    'GET',
    `${DEVICE_PATHS.devices}?size=100`,
  );
  expect(devices.items.filter((device) => device.firmware_version === NEW_VERSION)).toHaveLength(100);
}, 400_000);
