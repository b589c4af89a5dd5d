import { PassThrough, Readable } from 'node:stream';
import { BIND_TEMPLATE_ERRORS, CSV_BOM } from '@vap/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from '../../core/http/xlsx-download.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { checkImportFile, importTemplate, readImportRows } from './workbook.js';

const IPC = '12345678901320000001';
const NVR = '12345678901180000002';

async function xlsx(rows: unknown[][]): Promise<Readable> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('import');
  for (const row of rows) sheet.addRow(row);
  return Readable.from(Buffer.from(await workbook.xlsx.writeBuffer()));
}
const csv = (text: string) => Readable.from(Buffer.from(text, 'utf8'));

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('reading an import workbook (spec §3 device import rows)', () => {
  it('reads .xlsx rows by their header, with their row numbers, skipping empty rows', async () => {
    const file = await xlsx([
      ['remark', 'sn', 'password', 'username'],
      ['lobby', IPC, 'pw', 'admin'],
      [],
      ['', NVR],
    ]);
    expect(await collect(readImportRows(file, 'xlsx', 'plain'))).toEqual([
      { row: 2, cells: { remark: 'lobby', sn: IPC, password: 'pw', username: 'admin' } },
      { row: 4, cells: { remark: '', sn: NVR, password: '', username: '' } },
    ]);
  });

  it('reads .csv rows, a byte order mark and CRLF included', async () => {
    const file = csv(`${CSV_BOM}name,gb28181_id,password,remark\r\n前门,34020000001320000001,abcd,\r\n`);
    expect(await collect(readImportRows(file, 'csv', 'template'))).toEqual([
      { row: 2, cells: { name: '前门', gb28181_id: '34020000001320000001', password: 'abcd', remark: '' } },
    ]);
  });

  it("answers an empty sheet with 'no device'", async () => {
    await expect(
      checkImportFile(await xlsx([['sn', 'username', 'password', 'remark']]), 'xlsx', 'plain'),
    ).rejects.toMatchObject({ status: 400, code: 'no_device' });
    await expect(checkImportFile(csv('sn\r\n\r\n,,\r\n'), 'csv', 'plain')).rejects.toMatchObject({
      code: 'no_device',
    });
  });

  it('refuses a file that is no workbook, or has no column of the mode, as import_file_invalid', async () => {
    await expect(
      collect(readImportRows(csv('PK\u0003\u0004 not a zip'), 'xlsx', 'plain')),
    ).rejects.toMatchObject({
      code: 'import_file_invalid',
    });
    await expect(
      collect(
        readImportRows(
          await xlsx([
            ['name', 'password'],
            ['x', 'y'],
          ]),
          'xlsx',
          'plain',
        ),
      ),
    ).rejects.toMatchObject({
      code: 'import_file_invalid',
    });
  });

  it('refuses more than 10,000 rows as import_too_many_rows', async () => {
    const lines = ['sn', ...Array.from({ length: 10_001 }, () => IPC)].join('\n');
    await expect(checkImportFile(csv(lines), 'csv', 'plain')).rejects.toMatchObject({
      code: 'import_too_many_rows',
    });
  });
});

describe('bindTemplateError of the row alone and of the file (spec §5.4)', () => {
  it('template mode: missing name, id or password is 0; a bad name, id or password length is 1', async () => {
    const file = await xlsx([
      ['name', 'gb28181_id', 'password', 'remark'],
      ['前门', '34020000001320000001', 'abcd', 'ok'],
      ['', '34020000001320000002', 'abcd'],
      ['后门', '34020000001320000003', ''],
      ['bad name!', '34020000001320000004', 'abcd'],
      ['侧门', '34020000001310000005', 'abcd'],
      ['楼顶', '34020000001320000006', 'abc'],
      ['楼顶2', '34020000001320000001', 'abcd'],
    ]);
    const result = await checkImportFile(file, 'xlsx', 'template');
    expect(result.rows).toBe(7);
    expect(result.valid.map((device) => device.row)).toEqual([2]);
    expect(result.errors).toEqual([
      { row: 3, code: BIND_TEMPLATE_ERRORS.missing },
      { row: 4, code: BIND_TEMPLATE_ERRORS.missing },
      { row: 5, code: BIND_TEMPLATE_ERRORS.format },
      { row: 6, code: BIND_TEMPLATE_ERRORS.format },
      { row: 7, code: BIND_TEMPLATE_ERRORS.format },
      { row: 8, code: BIND_TEMPLATE_ERRORS.duplicate },
    ]);
  });

  it('plain mode: a missing sn is 0, a bad sn is 1, a repeated sn is 4', async () => {
    const file = csv(
      [
        'sn,username,password,remark',
        `${IPC},admin,pw,`,
        ',admin,pw,x',
        '1234,admin,pw,',
        `${IPC},other,pw,`,
      ].join('\n'),
    );
    const result = await checkImportFile(file, 'csv', 'plain');
    expect(result.valid).toEqual([
      { row: 2, mode: 'plain', sn: IPC, username: 'admin', password: 'pw', remark: '' },
    ]);
    expect(result.errors).toEqual([
      { row: 3, code: 0 },
      { row: 4, code: 1 },
      { row: 5, code: 4 },
    ]);
  });

  it('a serial typed as a number, which a spreadsheet rounds, is a format error, not another device', async () => {
    // 12345678901320000001 typed as a number: the spreadsheet keeps 12345678901320000000.
    const file = await xlsx([['sn'], [1.234567890132e19]]);
    expect((await checkImportFile(file, 'xlsx', 'plain')).errors).toEqual([{ row: 2, code: 1 }]);
  });

  it('reads 10,000 rows in one pass', async () => {
    const rows: unknown[][] = [['sn', 'username', 'password', 'remark']];
    for (let index = 0; index < 10_000; index++)
      rows.push([`1234567890132${String(index).padStart(7, '0')}`, 'admin', 'pw', '']);
    const started = performance.now();
    const result = await checkImportFile(await xlsx(rows), 'xlsx', 'plain');
    expect(result.valid).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('templates and exports', () => {
  it('the .xlsx template of each mode is its header row, read back as an empty sheet', async () => {
    for (const mode of ['template', 'plain'] as const) {
      const template = Readable.from(await importTemplate(mode, 'xlsx'));
      await expect(checkImportFile(template, 'xlsx', mode)).rejects.toMatchObject({ code: 'no_device' });
    }
  });

  it('the .csv template starts with a byte order mark and the header', async () => {
    expect((await importTemplate('plain', 'csv')).toString('utf8')).toBe(
      `${CSV_BOM}sn,username,password,remark\r\n`,
    );
  });

  it('writes an export as a workbook exceljs reads back, row by row, a formula-like text made inert', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    async function* rows() {
      yield [IPC, '前门', 1] as const;
      yield [NVR, '=cmd()', null] as const;
    }
    await writeXlsx(out, ['sn', 'name', 'n'], rows());
    const { sheet } = await sheetOf(Buffer.concat(chunks));
    expect(sheet.getRow(1).values).toEqual([undefined, 'sn', 'name', 'n']);
    // Text, never a formula, and marked so that a spreadsheet does not run it once edited (as CSV).
    expect(sheet.getRow(3).getCell(2).value).toBe("'=cmd()");
    expect(sheet.getRow(3).getCell(2).formula).toBeUndefined();
    expect(sheet.rowCount).toBe(3);
  });
});
