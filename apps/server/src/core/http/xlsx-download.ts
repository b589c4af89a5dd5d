/**
 * Exports as .xlsx downloads (the devices, their binding records, a task's jobs, the consumption
 * records, the invoice requests, the MQTT logs): rows written as they are read, with exceljs's
 * streaming writer, so that a large export never sits in memory.
 */
import { PassThrough, type Writable } from 'node:stream';
import { ACCOUNTING_UTC_OFFSET_HOURS, inertCell } from '@vap/contracts';
import type { FastifyReply } from 'fastify';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A cell: a text, a number, an instant (written as a date cell), an amount of yuan (a number shown
 * as the console shows money, `¥1,234.50`) or a percentage (0–100, shown `71%`). A spreadsheet sums,
 * sorts and filters the last four as what they are.
 */
export type XlsxCell = string | number | Date | null | { yuan: number } | { percent: number };

/**
 * The time zone of the date cells. A spreadsheet's date has no zone, so an instant is written as
 * the wall-clock time of one. Companies have no time zone of their own: it is the product's, that
 * of the accounting months (UTC+8, China Standard Time, no daylight saving).
 */
export const EXPORT_UTC_OFFSET_HOURS = ACCOUNTING_UTC_OFFSET_HOURS;

const YUAN_FORMAT = '"¥"#,##0.00;-"¥"#,##0.00';
const PERCENT_FORMAT = '0%';

/**
 * The number format of a date cell: the console's one compact date and time, the same in every
 * language (`formatDateTime` in @vap/contracts, `2026-11-26 20:55`), so that an export shows a time
 * as its list does.
 */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';

const wallClock = (at: Date) => new Date(at.getTime() + EXPORT_UTC_OFFSET_HOURS * 3_600_000);

/**
 * Writes rows to `out` as an .xlsx workbook as they come (each row is committed and leaves memory),
 * with a header row; date cells in the lists' compact format. Resolves once the workbook is complete. A
 * text a tenant wrote that a spreadsheet would run as a formula (`=HYPERLINK(…)` as a remark) is
 * written inert, as in CSV.
 */
export async function writeXlsx(
  out: Writable,
  header: readonly string[],
  rows: AsyncIterable<readonly XlsxCell[]>,
  sheetName = 'devices',
): Promise<void> {
  // exceljs takes a second or more to load: it is read by the first export, not by every start.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(sheetName);
  // One style object per kind of cell, shared by every cell of it: exceljs remembers a style by the
  // object, and otherwise builds each cell's style anew — four times the time of a 100,000-row export.
  const styles = {
    plain: Object.freeze({}),
    date: Object.freeze({ numFmt: DATE_TIME_FORMAT }),
    yuan: Object.freeze({ numFmt: YUAN_FORMAT }),
    percent: Object.freeze({ numFmt: PERCENT_FORMAT }),
  };
  type Kind = keyof typeof styles;
  const titles = sheet.addRow(header.map(inertCell));
  titles.eachCell((cell) => {
    cell.style = styles.plain;
  });
  titles.commit();
  for await (const cells of rows) {
    const kinds: Kind[] = [];
    const values = cells.map((cell) => {
      if (cell instanceof Date) {
        kinds.push('date');
        return wallClock(cell);
      }
      if (typeof cell === 'object' && cell !== null) {
        kinds.push('yuan' in cell ? 'yuan' : 'percent');
        return 'yuan' in cell ? cell.yuan : cell.percent / 100;
      }
      kinds.push('plain');
      return inertCell(cell);
    });
    const row = sheet.addRow(values);
    row.eachCell((cell, column) => {
      cell.style = styles[kinds[column - 1] ?? 'plain'];
    });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

const stamp = (at: Date) => at.toISOString().slice(0, 19).replace(/[-:T]/g, '');

/** An instant of an answer (ISO text) as a date cell; nothing for none. */
export const dateCell = (iso: string | null): Date | null => (iso ? new Date(iso) : null);

/**
 * Sends rows as an .xlsx download named `{name}-{time}.xlsx`, the first row read before answering
 * (a refusal while reading stays an error answer).
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  name: string,
  header: string[],
  rows: AsyncGenerator<T>,
  cells: (row: T) => XlsxCell[],
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

/** An export's columns: each its header's key and its cell of a row, given the export's `context` (the caller's words, language). */
export type XlsxColumns<T, Context extends unknown[]> = ReadonlyArray<
  readonly [string, (row: T, ...context: Context) => XlsxCell]
>;

/**
 * Sends rows read whole (a list's export, refused beyond its most rows) as an .xlsx download by
 * their columns: each header `header(key)`, each cell of a row given `context`.
 */
export function sendXlsxColumns<T, Context extends unknown[]>(
  reply: FastifyReply,
  name: string,
  columns: XlsxColumns<T, Context>,
  header: (key: string) => string,
  rows: readonly T[],
  ...context: Context
) {
  async function* each() {
    yield* rows;
  }
  return sendXlsx(
    reply,
    name,
    columns.map(([key]) => header(key)),
    each(),
    (row) => columns.map(([, cell]) => cell(row, ...context)),
  );
}
