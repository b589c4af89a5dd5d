/**
 * The guarded spreadsheet reader (issue 28): what a hostile workbook may cost is bounded — its
 * parts' inflated bytes counted whatever the archive declares, a cell's length, the lines, the
 * columns read — while every workbook a spreadsheet program writes still reads.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  columnName,
  part,
  peakGrowth,
  repeatedPart,
  SHARED_HEAD,
  SHARED_TAIL,
  SHEET_HEAD,
  SHEET_TAIL,
  sharedStringsBomb,
  sheetXml,
  workbookOf,
} from '../../testing/workbooks.js';
import { CELL_MAX_LENGTH, readSheetRows, SHEET_LIMITS, type SheetShape } from './sheet-rows.js';

const SHAPE: SheetShape = { columns: ['sn', 'remark'], maxRows: 10_000 };
const MB = 1024 * 1024;

async function rowsOf(file: Buffer | string, format: 'xlsx' | 'csv' = 'xlsx', shape = SHAPE) {
  const rows = [];
  for await (const row of readSheetRows(Readable.from([Buffer.from(file)]), format, shape)) rows.push(row);
  return rows;
}

describe('the guarded spreadsheet reader (issue 28)', () => {
  it("refuses issue 28's 6.5 MB workbook of 6.4 GB of shared strings with 400, holding no more than megabytes", async () => {
    const bomb = sharedStringsBomb(16);
    expect(bomb.length).toBeLessThan(7 * MB);
    let refusal: unknown;
    const { growth } = await peakGrowth(() =>
      rowsOf(bomb).catch((error: unknown) => {
        refusal = error;
      }),
    );
    expect(refusal).toMatchObject({ status: 400, code: 'archive_too_large' });
    expect(growth).toBeLessThan(64 * MB);
  });

  it('counts the bytes a part inflates to, not the size it declares: a part that lies is refused at its declared size', async () => {
    // One 300 MB shared string in a file of 300 KB, declared as 1 MB.
    const lying = sharedStringsBomb(1, 300, MB);
    expect(lying.length).toBeLessThan(400 * 1024);
    const { growth } = await peakGrowth(() =>
      expect(rowsOf(lying)).rejects.toMatchObject({ status: 400, code: 'import_file_invalid' }),
    );
    expect(growth).toBeLessThan(64 * MB);
  });

  it('refuses a workbook whose parts, each within its limit, expand beyond the total together', async () => {
    const unit = `<c r="A2" t="inlineStr"><is><t>${'x'.repeat(1000)}</t></is></c>`;
    // Styles and shared strings of 30 MB each are read before the sheet: the sheet crosses 64 MB.
    const filler = (name: string, head: string, tail: string) =>
      repeatedPart(name, {
        head,
        open: '',
        unit: `<!--${'y'.repeat(1017)}-->`,
        times: 30_000,
        close: '',
        count: 1,
        tail,
      });
    const book = workbookOf(
      repeatedPart('xl/worksheets/sheet1.xml', {
        head: `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>sn</t></is></c></row>`,
        open: '<row r="2">',
        unit,
        times: 1,
        close: '</row>',
        count: 30_000,
        tail: SHEET_TAIL,
      }),
      filler(
        'xl/styles.xml',
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
        '</styleSheet>',
      ),
      filler('xl/sharedStrings.xml', SHARED_HEAD, SHARED_TAIL),
    );
    await expect(rowsOf(book)).rejects.toMatchObject({ status: 400, code: 'archive_too_large' });
  });

  it('refuses a part that declares more than a part may hold, before inflating it', async () => {
    const book = workbookOf(
      sheetXml([['sn']]),
      repeatedPart('xl/sharedStrings.xml', {
        head: SHARED_HEAD,
        open: '<si><t>',
        unit: 'A'.repeat(MB),
        times: SHEET_LIMITS.entryBytes / MB + 1,
        close: '</t></si>',
        count: 1,
        tail: SHARED_TAIL,
      }),
    );
    await expect(rowsOf(book)).rejects.toMatchObject({ code: 'archive_too_large' });
  });

  it("refuses a cell longer than Excel's 32,767 characters, shared, inline or in a .csv", async () => {
    const long = 'a'.repeat(CELL_MAX_LENGTH + 1);
    const shared = workbookOf(
      `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>sn</t></is></c></row><row r="2"><c r="A2" t="s"><v>0</v></c></row>${SHEET_TAIL}`,
      part('xl/sharedStrings.xml', `${SHARED_HEAD}<si><t>${long}</t></si>${SHARED_TAIL}`),
    );
    await expect(rowsOf(shared)).rejects.toMatchObject({ status: 400, code: 'sheet_cell_too_long' });
    await expect(rowsOf(workbookOf(sheetXml([['sn'], [long]])))).rejects.toMatchObject({
      code: 'sheet_cell_too_long',
    });
    await expect(rowsOf(`sn,remark\n1,${long}\n`, 'csv')).rejects.toMatchObject({
      code: 'sheet_cell_too_long',
    });
    const fits = 'a'.repeat(CELL_MAX_LENGTH);
    expect(await rowsOf(workbookOf(sheetXml([['sn'], [fits]])))).toEqual([{ row: 2, cells: { sn: fits } }]);
  });

  it('reads no cell past column Z: 5,000 rows with a cell in XFD read as fast as without', async () => {
    const rows = Array.from(
      { length: 5_000 },
      (_, index) =>
        `<row r="${index + 2}"><c r="A${index + 2}" t="inlineStr"><is><t>S${index}</t></is></c><c r="XFD${index + 2}"><v>1</v></c></row>`,
    );
    const book = workbookOf(
      `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>sn</t></is></c><c r="XFD1" t="inlineStr"><is><t>remark</t></is></c></row>${rows.join('')}${SHEET_TAIL}`,
    );
    const started = performance.now();
    const read = await rowsOf(book);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(read).toHaveLength(5_000);
    // The header's `remark` in XFD is not read either: the column is not the sheet's.
    expect(read[4_999]).toEqual({ row: 5_001, cells: { sn: 'S4999' } });
  });

  it('reads a sheet 10,000 columns wide (100 rows: 24 MB of cells) within megabytes, and column definitions of any width', async () => {
    const wide = Array.from(
      { length: 10_000 },
      (_, column) => `<c r="${columnName(column + 1)}ROW"><v>${column}</v></c>`,
    ).join('');
    const rows = Array.from(
      { length: 100 },
      (_, index) => `<row r="${index + 2}">${wide.replaceAll('ROW', String(index + 2))}</row>`,
    );
    const book = workbookOf(
      `${SHEET_HEAD.replace('<sheetData>', '<cols><col min="1" max="1000000000" width="9"/></cols><sheetData>')}<row r="1"><c r="A1" t="inlineStr"><is><t>sn</t></is></c></row>${rows.join('')}${SHEET_TAIL}`,
    );
    let read: unknown[] = [];
    const { growth } = await peakGrowth(async () => {
      read = await rowsOf(book);
    });
    expect(read).toHaveLength(100);
    expect(read[0]).toEqual({ row: 2, cells: { sn: '0' } });
    expect(growth).toBeLessThan(64 * MB);
  });

  it('refuses a sheet of far more lines than the rows it may hold, empty ones included', async () => {
    const shape = { ...SHAPE, maxRows: 10 };
    const empties = Array.from({ length: 30 }, (_, index) => `<row r="${index + 2}"></row>`).join('');
    const book = workbookOf(
      `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>sn</t></is></c></row>${empties}${SHEET_TAIL}`,
    );
    await expect(rowsOf(book, 'xlsx', shape)).rejects.toMatchObject({ code: 'import_too_many_rows' });
  });

  it('reads characters of several bytes that a chunk boundary cuts in two', async () => {
    const text = '摄像机'.repeat(10_000);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('import');
    sheet.addRow(['sn', 'remark']);
    sheet.addRow(['1', text]);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([{ row: 2, cells: { sn: '1', remark: text } }]);
  });

  it('refuses what is no zip archive, and an archive without a workbook, as import_file_invalid', async () => {
    await expect(rowsOf('PK\u0003\u0004 not a zip')).rejects.toMatchObject({ code: 'import_file_invalid' });
    await expect(rowsOf(workbookOf(sheetXml([['sn']])).subarray(0, 100))).rejects.toMatchObject({
      code: 'import_file_invalid',
    });
  });
});
