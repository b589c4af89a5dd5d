/**
 * Exports as .xlsx downloads (the devices, their binding records, the MQTT logs): rows written as
 * they are read, with exceljs's streaming writer, so that a 5000-row export never sits in memory.
 */
import { PassThrough, type Writable } from 'node:stream';
import { inertCell } from '@vap/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Writes rows to `out` as an .xlsx workbook as they come (each row is committed and leaves memory),
 * with a header row. Resolves once the workbook is complete. A text a tenant wrote that a
 * spreadsheet would run as a formula (`=HYPERLINK(…)` as a remark) is written inert, as in CSV.
 */
export async function writeXlsx(
  out: Writable,
  header: readonly string[],
  rows: AsyncIterable<readonly (string | number | null)[]>,
  sheetName = 'devices',
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header.map(inertCell)).commit();
  for await (const row of rows) sheet.addRow(row.map(inertCell)).commit();
  sheet.commit();
  await workbook.commit();
}

const stamp = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:T]/g, '');

/**
 * Sends rows as an .xlsx download named `{name}-{time}.xlsx`, the first row read before answering
 * (a refusal while reading stays an error answer).
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  name: string,
  header: string[],
  rows: AsyncGenerator<T>,
  cells: (row: T) => Array<string | number | null>,
) {
  const first = await rows.next();
  async function* all() {
    if (first.done) return;
    yield cells(first.value);
    for await (const row of rows) yield cells(row);
  }
  const out = new PassThrough();
  void writeXlsx(out, header, all(), name).catch((error: unknown) => out.destroy(error as Error));
  return reply
    .type(XLSX)
    .header('content-disposition', `attachment; filename="${name}-${stamp(new Date())}.xlsx"`)
    .send(out);
}
