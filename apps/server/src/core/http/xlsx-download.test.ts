/**
 * The one .xlsx writer (issue 29): an instant is a date cell showing the wall-clock time of the
 * product's time zone (UTC+8) in the pattern of the console's lists, money and shares are numbers
 * shown as the console shows them, and a formula-like text stays inert.
 */
import { PassThrough } from 'node:stream';
import { formatDateTime } from '@vap/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMAT, EXPORT_UTC_OFFSET_HOURS, writeXlsx, type XlsxCell } from './xlsx-download.js';

async function written(rows: XlsxCell[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  async function* each() {
    yield* rows;
  }
  await writeXlsx(out, ['a', 'b', 'c', 'd'], each(), 'sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('the .xlsx writer', () => {
  it("formats date cells as the console's lists show a time: the one compact format of every language", () => {
    // The lists show an instant as `2026-11-26 20:55` (formatDateTime): year, month, day, 24-hour time.
    expect(formatDateTime(new Date(2026, 10, 26, 20, 55))).toBe('2026-11-26 20:55');
    expect(DATE_TIME_FORMAT).toBe('yyyy-mm-dd hh:mm');
  });

  it('writes an instant as a date cell of its time in UTC+8, never as ISO text', async () => {
    expect(EXPORT_UTC_OFFSET_HOURS).toBe(8);
    const sheet = await written([[new Date('2026-11-26T12:55:11.494Z'), 'x', null, 1]]);
    const cell = sheet.getRow(2).getCell(1);
    // exceljs reads a date cell back as a Date whose UTC fields are the cell's wall-clock time.
    expect(cell.value).toEqual(new Date('2026-11-26T20:55:11.494Z'));
    expect(cell.numFmt).toBe(DATE_TIME_FORMAT);
    expect(sheet.getRow(2).getCell(4).value).toBe(1);
  });

  it('writes money and shares as numbers shown as the console shows them', async () => {
    const sheet = await written([[{ yuan: 1234.5 }, { percent: 71 }, { yuan: -2 }]]);
    const row = sheet.getRow(2);
    expect([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value]).toEqual([1234.5, 0.71, -2]);
    expect(row.getCell(1).numFmt).toBe('"¥"#,##0.00;-"¥"#,##0.00');
    expect(row.getCell(2).numFmt).toBe('0%');
  });

  it('keeps a text a spreadsheet would run as a formula inert', async () => {
    const sheet = await written([['=HYPERLINK("http://example.com")', '+1', '@x', 'plain']]);
    const row = sheet.getRow(2);
    expect([1, 2, 3, 4].map((column) => row.getCell(column).value)).toEqual([
      `'=HYPERLINK("http://example.com")`,
      "'+1",
      "'@x",
      'plain',
    ]);
    expect(row.getCell(1).formula).toBeUndefined();
  });
});
