/**
 * Which devices a task acts on (issue 16; spec §3 Task, §6): the selected ones, a group's or a
 * filter's — of the template's model when it names one — and never a downstream company's, which
 * the caller sees in the device list but does not act on (refused as every action on it is). Configuration tasks stand for every
 * type here: the target is read the same way for each (tasks.ts, devices/task-targets.ts).
 */
import { TASK_PATHS, type Task, type TaskJob, UNGROUPED } from '@vap/contracts';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../core/db/devices.js';
import { taskJobs, tasks } from '../../core/db/jobs.js';
import { companies } from '../../core/db/schema.js';
import { translate } from '../../core/http/i18n.js';
import { DEMO_DOWNSTREAM_COMPANY } from '../../seed.js';
import { createTestApp, ENGINES } from '../../testing/harness.js';
import { firmwarePackages } from './schema.js';
import { taskFixture } from './test-support.js';

const CONFIG = { image: { day_night: 'auto' } };

describe.each(ENGINES)('the devices a task acts on, on %s (issue 16)', (engine) => {
  const fixture = taskFixture((options) => createTestApp(engine, options));
  const { state, call } = fixture;
  beforeAll(() => fixture.setup());
  afterEach(() => fixture.endClients());
  afterAll(() => fixture.close());

  let names = 0;
  async function template(model = '') {
    const created = await call('POST', TASK_PATHS.configTemplates, {
      name: `Targets ${++names}`,
      model,
      config: CONFIG,
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ id: number }>().id;
  }
  const configure = (templateId: number, target: object) =>
    call('POST', TASK_PATHS.configuration, { template_id: templateId, target });
  async function jobDevices(taskId: number) {
    const page = (await call('GET', `${TASK_PATHS.jobs(taskId)}?size=100`)).json<{ items: TaskJob[] }>();
    return page.items.map((job) => job.device_id).sort((x, y) => x - y);
  }
  const ownDevices = (where?: SQL) =>
    state.t.database.db
      .select({ id: devices.id, model: devices.model, groupId: devices.groupId })
      .from(devices)
      .where(and(eq(devices.companyId, state.companyId), where))
      .orderBy(devices.id);

  it("a group's task takes every device of the group, and only those of the template's model", async () => {
    const [first] = await ownDevices(isNotNull(devices.groupId));
    const groupId = first?.groupId;
    if (!first || groupId == null) throw new Error('no grouped demo device');
    const members = await ownDevices(eq(devices.groupId, groupId));

    const any = await configure(await template(), { group_id: groupId });
    expect(any.statusCode, any.body).toBe(200);
    expect(any.json<Task>().total).toBe(members.length);
    expect(await jobDevices(any.json<Task>().id)).toEqual(members.map((device) => device.id));

    // Of a model, a group's other devices are simply not the task's (no mismatch to refuse).
    const ofModel = await configure(await template(first.model), { group_id: groupId });
    expect(ofModel.statusCode, ofModel.body).toBe(200);
    expect(await jobDevices(ofModel.json<Task>().id)).toEqual(
      members.filter((device) => device.model === first.model).map((device) => device.id),
    );
  });

  it('UNGROUPED takes the devices in no group', async () => {
    const ungrouped = await ownDevices(isNull(devices.groupId));
    expect(ungrouped.length).toBeGreaterThan(0);
    const created = await configure(await template(), { group_id: UNGROUPED });
    expect(created.statusCode, created.body).toBe(200);
    expect(await jobDevices(created.json<Task>().id)).toEqual(ungrouped.map((device) => device.id));
  });

  it("never acts on a downstream company's device: refused as every action on it is, naming the task's, and no task nor job is written (issue 29)", async () => {
    const [downstream] = await state.t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_DOWNSTREAM_COMPANY.name));
    if (!downstream) throw new Error('no downstream demo company');
    const theirs = await state.t.database.db
      .select({ id: devices.id, model: devices.model })
      .from(devices)
      .where(eq(devices.companyId, downstream.id));
    const [their] = theirs;
    const [own] = await ownDevices();
    if (!their || !own) throw new Error('demo devices missing');
    const templateId = await template();
    const [firmware] = await state.t.database.db
      .insert(firmwarePackages)
      .values({
        companyId: state.companyId,
        model: their.model,
        version: 'V9.29.0',
        path: `firmware/${state.companyId}_${'0'.repeat(32)}.bin`,
        size: 1,
        md5: '0'.repeat(32),
      })
      .returning({ id: firmwarePackages.id });
    if (!firmware) throw new Error('no firmware');
    const tasksBefore = await state.t.database.db.$count(tasks, eq(tasks.companyId, state.companyId));

    // Each task type, its words in the caller's language; selected alone or beside one's own, or
    // by a filter naming the downstream company.
    const creations = [
      ['upgrade', (target: object) => call('POST', TASK_PATHS.upgrade, { firmware_id: firmware.id, target })],
      ['configure', (target: object) => configure(templateId, target)],
      [
        'whitelist',
        (target: object) =>
          call('POST', TASK_PATHS.whitelist, { list: 'plate', name: 'Gate', entries: ['京A12345'], target }),
      ],
    ] as const;
    const targets = [
      { device_ids: [their.id] },
      { device_ids: [own.id, their.id] },
      { wheres: [{ k: 'company_id', o: '=', v: downstream.id }] },
    ];
    for (const [action, create] of creations) {
      for (const target of targets) {
        const refused = await create(target);
        expect([refused.statusCode, refused.json()], `${action} ${JSON.stringify(target)}`).toEqual([
          403,
          { code: 'device_read_only', message: translate('zh-CN', `deviceReadOnly.${action}`) },
        ]);
      }
    }
    expect(translate('zh-CN', 'deviceReadOnly.upgrade')).toBe('下级公司的设备只读，不能升级固件');
    // A device of no company the caller sees is not found, as anywhere.
    const unknown = await configure(templateId, { device_ids: [2_000_000_000] });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'not_found']);

    expect(await state.t.database.db.$count(tasks, eq(tasks.companyId, state.companyId))).toBe(tasksBefore);
    const jobs = await state.t.database.db
      .select({ id: taskJobs.id })
      .from(taskJobs)
      .where(
        inArray(
          taskJobs.deviceId,
          theirs.map((device) => device.id),
        ),
      );
    expect(jobs).toEqual([]);
  });

  it("a filter naming the caller's own company is their devices of the other filters", async () => {
    const [own] = await ownDevices();
    if (!own) throw new Error('no demo device');
    const created = await configure(await template(), {
      wheres: [
        { k: 'company_id', o: '=', v: state.companyId },
        { k: 'model', o: '=', v: own.model },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const ofModel = await ownDevices(eq(devices.model, own.model));
    expect(await jobDevices(created.json<Task>().id)).toEqual(ofModel.map((device) => device.id));
  });
});
