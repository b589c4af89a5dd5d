/**
 * The device tasks' tests: an app with the engine ticked by the test and a clock it moves, the demo
 * company's devices with their secrets, and devices played by plain MQTT clients that record the
 * commands they are sent (docs/mqtt.md, "Device tasks").
 */
import type { Task, TaskJob } from '@vap/contracts';
import { TASK_PATHS } from '@vap/contracts';
import { type Fleet, type FleetOptions, startFleet } from '@vap/device-sim';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { devices } from '../../core/db/devices.js';
import { boundDevices } from '../../testing/device-fixtures.js';
import { demoOwner, type TestApp } from '../../testing/test-app.js';
import { testClients } from '../mqtt/test-support.js';
import { deviceTopic } from '../mqtt/topics.js';

export interface Unit {
  id: number;
  sn: string;
  secret: string;
  model: string;
}
export interface Command {
  id: string;
  name: string;
  args: Record<string, unknown>;
}
export interface PlayedDevice {
  client: MqttClient;
  commands: Command[];
}

export async function until(check: () => Promise<boolean> | boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((wait) => setTimeout(wait, 20));
  }
}

/** How the tasks' tests start their app: the engine ticked by the test, on a clock it moves. */
/**
 * Units as simulated devices on the broker at `port`, each with what `unitOptions` gives it (a job
 * failure rate, a licence that hangs), sending no events; resolves once all of them are connected.
 */
export async function simulatedUnits(
  port: number,
  units: readonly Unit[],
  unitOptions: (unit: Unit) => Partial<FleetOptions['units'][number]>,
  options: Partial<FleetOptions> = {},
): Promise<Fleet> {
  const fleet = startFleet({
    url: `mqtt://127.0.0.1:${port}`,
    units: units.map((unit) => ({
      sn: unit.sn,
      secret: unit.secret,
      kind: 'ipc' as const,
      model: unit.model,
      ...unitOptions(unit),
    })),
    eventRate: 0,
    ...options,
  });
  await until(() => fleet.connected() === units.length, 10_000);
  return fleet;
}

export interface TaskAppOptions {
  taskTickMs: 0;
  clock: () => number;
  publicUrl: string;
}

/**
 * The fixture of one engine's tests, on the app `start` makes (`createTestApp(engine, options)`);
 * `setup` in beforeAll, `endClients` after each, `close` after all.
 */
export function taskFixture(start: (options: TaskAppOptions) => Promise<TestApp>) {
  const state = {
    t: undefined as unknown as TestApp,
    port: 0,
    owner: {} as Record<string, string>,
    companyId: 0,
    units: [] as Unit[],
    clock: Date.now(),
  };
  const clients = testClients(() => `mqtt://127.0.0.1:${state.port}`);

  async function setup() {
    state.t = await start({
      taskTickMs: 0,
      clock: () => state.clock,
      publicUrl: 'http://devices.example',
    });
    const { t } = state;
    state.port = await t.services.mqtt.broker.listenTcp({
      port: 0,
      host: '127.0.0.1',
      chosen: true,
      tls: null,
    });
    ({ headers: state.owner, companyId: state.companyId } = await demoOwner(t));
    state.units = (await boundDevices(t.database, t.serverSecret, { companyId: state.companyId })).map(
      ({ id, sn, model, secret }) => ({ id, sn, model, secret }),
    );
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    state.t.app.inject({
      method,
      url: `/webapi${url}`,
      headers: state.owner,
      ...(payload ? { payload } : {}),
    });

  const statusOf = async (unit: Unit) =>
    (
      await state.t.database.db
        .select({ status: devices.status })
        .from(devices)
        .where(eq(devices.id, unit.id))
    )[0]?.status;

  /** A device on the broker that records the commands it is sent. */
  async function online(unit: Unit): Promise<PlayedDevice> {
    const client = await clients.connectDevice(unit);
    const commands: Command[] = [];
    client.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString()) as Command));
    await client.subscribeAsync(deviceTopic(unit.sn, 'down', 'cmd'), { qos: 1 });
    await until(async () => (await statusOf(unit)) === 'online');
    return { client, commands };
  }

  /** The commands a device was sent for a task (jobs of earlier tests may reach it too). */
  const commandsFor = (device: PlayedDevice, taskId: number) =>
    device.commands.filter((command) => command.id.startsWith(`job-${taskId}-`));
  async function commandFor(device: PlayedDevice, taskId: number, count = 1) {
    await until(() => commandsFor(device, taskId).length >= count);
    return commandsFor(device, taskId)[count - 1] as Command;
  }

  const report = (device: PlayedDevice, unit: Unit, body: object) =>
    device.client.publishAsync(deviceTopic(unit.sn, 'up', 'job'), JSON.stringify(body), { qos: 1 });

  const task = async (id: number) => (await call('GET', TASK_PATHS.task(id))).json<Task>();
  async function jobOf(taskId: number, unit: Unit): Promise<TaskJob> {
    const page = (await call('GET', TASK_PATHS.jobs(taskId))).json<{ items: TaskJob[] }>();
    const job = page.items.find((item) => item.device_id === unit.id);
    if (!job) throw new Error(`no job for ${unit.sn}`);
    return job;
  }

  /** Two devices of one model. */
  function twoOfOneModel(): [Unit, Unit] {
    for (const unit of state.units) {
      const other = state.units.find((candidate) => candidate !== unit && candidate.model === unit.model);
      if (other) return [unit, other];
    }
    throw new Error('no two devices of one model');
  }

  return {
    state,
    setup,
    endClients: async () => {
      await clients.endAll();
      await state.t.services.mqtt.broker.settled();
    },
    close: () => state.t.close(),
    call,
    online,
    commandFor,
    report,
    task,
    jobOf,
    twoOfOneModel,
  };
}
