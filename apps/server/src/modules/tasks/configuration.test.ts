/**
 * Configuration and white-list tasks (issue 16; spec §1, §4.3 configuration states): templates of
 * typed fields, a configuration sent as it was when the task was made, a device that comes online
 * later getting its pending configuration, and white-list workbooks read with their refused rows
 * by row number before a list is pushed.
 */
import { TASK_PATHS, type Task } from '@vap/contracts';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../testing/accounts.js';
import { createTestApp, ENGINES } from '../../testing/harness.js';
import { sharedStringsBomb } from '../../testing/workbooks.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { deviceTopic } from '../mqtt/topics.js';
import { taskFixture } from './test-support.js';

const NIGHT = { image: { brightness: 70, day_night: 'night' }, osd: { show_time: true, text: 'Gate 1' } };

describe.each(ENGINES)('configuration and white-list tasks, on %s (issue 16)', (engine) => {
  const fixture = taskFixture((options) => createTestApp(engine, options));
  const { state, call, online, commandFor, report, jobOf, twoOfOneModel } = fixture;
  beforeAll(() => fixture.setup());
  afterEach(() => fixture.endClients());
  afterAll(() => fixture.close());

  let names = 0;
  async function template(config: object = NIGHT, model = '') {
    const created = await call('POST', TASK_PATHS.configTemplates, {
      name: `Night ${++names}`,
      model,
      config,
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ id: number; name: string }>();
  }

  it('keeps templates of typed fields, each refusal with its message', async () => {
    const created = await template();
    const listed = (await call('GET', TASK_PATHS.configTemplates)).json<{ items: Array<{ id: number }> }>();
    expect(listed.items.map((item) => item.id)).toContain(created.id);
    const refused = async (config: object) =>
      (await call('POST', TASK_PATHS.configTemplates, { name: 'Bad', config })).json<{
        code: string;
        fields?: Record<string, string>;
      }>();
    expect(await refused({ image: { brightness: 101 } })).toMatchObject({ code: 'validation_failed' });
    expect(await refused({ network: { dhcp: false, ip: '10.0.0.9' } })).toMatchObject({
      code: 'validation_failed',
    });
    expect(await refused({ network: { ip: '10.0.0.300' } })).toMatchObject({ code: 'validation_failed' });
    expect(await refused({ image: { hue: 3 } })).toMatchObject({ code: 'validation_failed' });
    expect(await refused({})).toMatchObject({ code: 'validation_failed' });
    const taken = await call('POST', TASK_PATHS.configTemplates, { name: created.name, config: NIGHT });
    expect(taken.json()).toMatchObject({ code: 'template_name_taken' });
    const renamed = await call('PUT', TASK_PATHS.configTemplate(created.id), {
      name: 'Renamed',
      config: NIGHT,
    });
    expect(renamed.json()).toMatchObject({ name: 'Renamed' });
  });

  it("sends the configuration as it was when the task was made, and the device's answer ends the job applied", async () => {
    const [a] = twoOfOneModel();
    const chosen = await template();
    const device = await online(a);
    const created = await call('POST', TASK_PATHS.configuration, {
      template_id: chosen.id,
      target: { device_ids: [a.id] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<Task>();
    // A later edit of the template changes no task.
    await call('PUT', TASK_PATHS.configTemplate(chosen.id), {
      name: chosen.name,
      config: { osd: { text: 'Other' } },
    });
    await state.t.services.tasks.engine.tick();
    const command = await commandFor(device, id);
    expect(command).toMatchObject({ name: 'apply_config', args: { config: NIGHT } });
    await report(device, a, { id: command.id, state: 'completed', result: { config: NIGHT } });
    await expect.poll(async () => (await jobOf(id, a)).state).toBe('completed');
    expect((await jobOf(id, a)).result).toEqual({ config: NIGHT });
  });

  it("keeps a device's refusal with its own words, and exports the jobs as .xlsx in the caller's language", async () => {
    const [a, b] = twoOfOneModel();
    const c = state.units.find((unit) => unit !== a && unit !== b);
    if (!c) throw new Error('no third device');
    const chosen = await template();
    const first = await online(a);
    const second = await online(b);
    const created = await call('POST', TASK_PATHS.configuration, {
      template_id: chosen.id,
      target: { device_ids: [a.id, b.id, c.id] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<Task>();
    await state.t.services.tasks.engine.tick();
    const applied = await commandFor(first, id);
    await report(first, a, { id: applied.id, state: 'completed', result: { config: NIGHT } });
    // The device refuses the command at once, on up/reply: its error is the reason, its words the message.
    const refused = await commandFor(second, id);
    await second.client.publishAsync(
      deviceTopic(b.sn, 'up', 'reply'),
      JSON.stringify({ id: refused.id, ok: false, error: 'bad_args', message: 'osd.text: too long' }),
      { qos: 1 },
    );
    await expect.poll(async () => (await jobOf(id, b)).state).toBe('failed');
    expect(await jobOf(id, b)).toMatchObject({ reason: 'bad_args', message: 'osd.text: too long' });
    await expect.poll(async () => (await jobOf(id, a)).state).toBe('completed');
    expect(await jobOf(id, a)).toMatchObject({ reason: null, message: null, result: { config: NIGHT } });

    const exported = await state.t.app.inject({
      method: 'GET',
      url: `/webapi${TASK_PATHS.jobsExport(id)}`,
      headers: { ...state.owner, 'accept-language': 'zh-CN' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const {
      rows: [header, ...rows],
    } = await sheetOf(exported.rawPayload);
    // The headers and values of the jobs list (plugins/devices job-columns.tsx), progress a share.
    expect(header).toEqual([
      '序列号',
      '名称',
      '型号',
      '执行状态',
      '进度',
      '原因',
      '设备回复',
      '尝试次数',
      '开始时间',
      '结束时间',
    ]);
    // One row per device, in device order; a configuration's states are named as spec §4.3 does.
    // (Empty cells read back as undefined.)
    const expected = new Map([
      [a.id, ['已应用', 1, undefined, expect.stringMatching(/^已应用的配置: /)]],
      [b.id, ['失败', 0, '设备认为指令参数有误而拒绝', 'osd.text: too long']],
      [c.id, ['未应用', 0, undefined, undefined]],
    ]);
    const inOrder = [a, b, c].sort((x, y) => x.id - y.id);
    expect(rows.map((row) => [row[0], row[2], ...row.slice(3, 7)])).toEqual(
      inOrder.map((unit) => [unit.sn, unit.model, ...(expected.get(unit.id) ?? [])]),
    );
    const answer = rows.find((row) => row[0] === a.sn)?.[6];
    expect(JSON.parse(String(answer).replace(/^已应用的配置: /, ''))).toEqual(NIGHT);
  });

  it('gives a device that comes online later its pending configuration', async () => {
    const [, b] = twoOfOneModel();
    const chosen = await template();
    const created = await call('POST', TASK_PATHS.configuration, {
      template_id: chosen.id,
      target: { device_ids: [b.id] },
    });
    const { id } = created.json<Task>();
    await state.t.services.tasks.engine.tick();
    expect((await jobOf(id, b)).state).toBe('pending');
    // No tick of the test's: subscribing to its commands wakes the engine.
    const device = await online(b);
    const command = await commandFor(device, id);
    expect(command.name).toBe('apply_config');
    expect((await jobOf(id, b)).state).toBe('processing');
  });

  it("refuses a template's task for devices of another model", async () => {
    const [a] = twoOfOneModel();
    const other = state.units.find((unit) => unit.model !== a.model);
    if (!other) return;
    const chosen = await template(NIGHT, a.model);
    const refused = await call('POST', TASK_PATHS.configuration, {
      template_id: chosen.id,
      target: { device_ids: [a.id, other.id] },
    });
    expect(refused.json()).toMatchObject({ code: 'template_model_mismatch' });
  });

  const check = async (list: string, name: string, file: Buffer) => {
    const form = multipart({ list }, file, '----whitelist', name);
    return state.t.app.inject({
      method: 'POST',
      url: `/webapi${TASK_PATHS.whitelistCheck}`,
      headers: { ...state.owner, 'content-type': form.contentType },
      payload: form.body,
    });
  };

  it('refuses a white-list workbook of 12 × 400 MB shared strings (4.4 MB) with 400, reading no more than its limits', async () => {
    const bomb = sharedStringsBomb(12);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const answer = await check('plate', 'plates.xlsx', bomb);
    expect([answer.statusCode, answer.json().code]).toEqual([400, 'archive_too_large']);
    // The same strings declared small: the reading stops at the size declared.
    const lying = await check('plate', 'plates.xlsx', sharedStringsBomb(12, 400, 1024 * 1024));
    expect([lying.statusCode, lying.json().code]).toEqual([400, 'import_file_invalid']);
  });

  it('reads a white-list workbook: its entries, and each refused row by its number', async () => {
    const csv = Buffer.from(
      'value,remark\n京A12345,gate\n\nnot a plate,\n京a 12345,again\n,empty\n沪AD12345,new energy\n',
    );
    const answer = await check('plate', 'plates.csv', csv);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      entries: ['京A12345', '沪AD12345'],
      errors: [
        { row: 4, value: 'not a plate', code: 'format' },
        { row: 5, value: '京a 12345', code: 'duplicate' },
        { row: 6, value: '', code: 'missing' },
      ],
    });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('cards');
    for (const row of [['value'], ['0a1b2c3d'], ['XYZ']]) sheet.addRow(row);
    const xlsx = await check('card', 'cards.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(xlsx.json()).toEqual({
      entries: ['0A1B2C3D'],
      errors: [{ row: 3, value: 'XYZ', code: 'format' }],
    });
    expect((await check('plate', 'plates.txt', csv)).json()).toMatchObject({ code: 'import_file_invalid' });
  });

  it('pushes a white list to the devices, its entries as checked', async () => {
    const [a] = twoOfOneModel();
    const device = await online(a);
    const created = await call('POST', TASK_PATHS.whitelist, {
      list: 'plate',
      name: 'Staff cars',
      entries: ['京A12345', '沪ad12345'],
      target: { device_ids: [a.id] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, subject } = created.json<Task>();
    expect(subject).toBe('Staff cars');
    await state.t.services.tasks.engine.tick();
    expect(await commandFor(device, id)).toMatchObject({
      name: 'set_whitelist',
      args: { list: 'plate', entries: ['京A12345', '沪AD12345'] },
    });
    const refused = await call('POST', TASK_PATHS.whitelist, {
      list: 'card',
      name: 'Cards',
      entries: ['not a card'],
      target: { device_ids: [a.id] },
    });
    expect(refused.json()).toMatchObject({ code: 'validation_failed' });
  });

  it("a white list for a target with no device says so, naming no firmware package's model", async () => {
    const empty = await state.t.app.inject({
      method: 'POST',
      url: `/webapi${TASK_PATHS.whitelist}`,
      headers: { ...state.owner, 'accept-language': 'en' },
      payload: {
        list: 'plate',
        name: 'Nobody',
        entries: ['京A12345'],
        target: { wheres: [{ k: 'sn', o: 'like', v: 'NO-SUCH-SERIAL' }] },
      },
    });
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { code: 'task_no_devices', message: 'No device in the chosen range' },
    ]);
  });
});
