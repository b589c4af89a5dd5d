/**
 * The spreadsheets of the device area (spec §3 device import rows, §5.4): reading an import
 * workbook row by row, the first checks of each row, the empty templates, and writing an export.
 *
 * An import is read as it arrives: exceljs's streaming reader for .xlsx (the workbook is never held
 * whole, nor twice) and csv-parse for .csv, so that 10,000 rows are one request of bounded memory.
 * What a row needs of the database (known to the factory, bound, group capacity) is checked by the
 * import service; here are the checks of the row alone (bindTemplateError 0 and 1) and of the file
 * (4, a serial or id on an earlier row).
 */
import type { Readable } from 'node:stream';
import {
  BIND_TEMPLATE_ERRORS,
  type BindTemplateError,
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_PASSWORD_MAX_LENGTH,
  DEVICE_REMARK_MAX_LENGTH,
  DEVICE_USERNAME_MAX_LENGTH,
  IMPORT_COLUMNS,
  type ImportFormat,
  type ImportMode,
  isDeviceName,
  isDeviceSerial,
  isGb28181Id,
  isGbPassword,
  toCsv,
} from '@vap/contracts';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { ApiError } from '../../core/http/errors.js';

/** One data row of an import as read: its row number in the sheet (the header is row 1) and its cells. */
export interface ImportSheetRow {
  row: number;
  cells: Record<string, string>;
  /** A cell held a number too large to be exact (a serial typed as a number): a format error. */
  inexact?: true;
}

/** A row that passed the checks of the row alone and of the file. */
export type CheckedImportRow =
  | { row: number; mode: 'template'; name: string; gb28181Id: string; password: string; remark: string }
  | {
      row: number;
      mode: 'plain';
      sn: string;
      username: string;
      password: string;
      remark: string;
    };

export type RowCheck =
  | { ok: true; device: CheckedImportRow }
  | { ok: false; row: number; code: BindTemplateError };

const fileInvalid = () => new ApiError(400, 'import_file_invalid');

/**
 * The text of a cell as a spreadsheet shows it: rich text joined, trimmed. Null for a number past
 * 2^53 that is not exact: a 20-digit serial typed into a cell as a number has lost its last digits
 * and could read as another unit's serial, so it is refused, never guessed back.
 */
function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return null;
    return String(value);
  }
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown };
    if (Array.isArray(cell.richText))
      return cell.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
  }
  return '';
}

/** What a sheet is read as: its columns (the first one required in the header) and its most rows. */
export interface SheetShape {
  columns: readonly string[];
  maxRows: number;
}

/** Maps the header row to the shape's columns; a sheet without the first one is not of this shape. */
function columnsOf(header: readonly string[], wanted: readonly string[]): Map<number, string> {
  const positions = new Map<number, string>();
  header.forEach((name, index) => {
    const column = name.trim().toLowerCase();
    if (wanted.includes(column)) positions.set(index, column);
  });
  if (![...positions.values()].includes(wanted[0] ?? '')) throw fileInvalid();
  return positions;
}

async function* rowsOf(
  lines: AsyncIterable<{ row: number; values: Array<string | null> }>,
  shape: SheetShape,
): AsyncGenerator<ImportSheetRow> {
  let columns: Map<number, string> | undefined;
  let rows = 0;
  for await (const { row, values } of lines) {
    if (!columns) {
      columns = columnsOf(
        values.map((value) => value ?? ''),
        shape.columns,
      );
      continue;
    }
    if (values.every((value) => value === '')) continue;
    if (++rows > shape.maxRows) throw new ApiError(400, 'import_too_many_rows');
    const cells: Record<string, string> = {};
    let inexact = false;
    for (const [index, column] of columns) {
      const value = values[index];
      if (value === null) inexact = true;
      cells[column] = value ?? '';
    }
    yield inexact ? { row, cells, inexact } : { row, cells };
  }
  if (!columns) throw fileInvalid();
}

async function* xlsxLines(file: Readable): AsyncGenerator<{ row: number; values: Array<string | null> }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell a date cell from a number.
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  // The first sheet is the import; the others (notes, a copy) are skipped unread.
  let first = true;
  for await (const sheet of reader) {
    if (!first) continue;
    first = false;
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      // `values` is 1-based: index 0 is always empty.
      const values = (row.values as unknown[]).slice(1).map(cellText);
      yield { row: row.number, values };
    }
  }
}

async function* csvLines(file: Readable): AsyncGenerator<{ row: number; values: string[] }> {
  const parser = file.pipe(
    parseCsv({ bom: true, relax_column_count: true, skip_empty_lines: false, info: true, trim: true }),
  );
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { row: record.info.lines, values: record.record.map((value) => value.trim()) };
  }
}

/**
 * The data rows of a sheet (.xlsx: its first sheet; .csv) of a shape, read as it arrives. 400
 * `import_file_invalid` for a file that is no workbook of the shape (no header with its first
 * column), `import_too_many_rows` past its most rows. Rows with every cell empty are skipped.
 */
export async function* readSheetRows(
  file: Readable,
  format: ImportFormat,
  shape: SheetShape,
): AsyncGenerator<ImportSheetRow> {
  try {
    yield* rowsOf(format === 'xlsx' ? xlsxLines(file) : csvLines(file), shape);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A zip that is no workbook, a truncated file, a quote never closed: the file, not the server.
    throw fileInvalid();
  }
}

const tooLong = (value: string, max: number) => value.length > max;

/** The rows of an import workbook of a mode (spec §3 device import rows). */
export const readImportRows = (file: Readable, format: ImportFormat, mode: ImportMode) =>
  readSheetRows(file, format, { columns: IMPORT_COLUMNS[mode], maxRows: DEVICE_IMPORT_MAX_ROWS });

/** The checks of one row alone (bindTemplateError 0 missing, 1 format), spec §5.1 and §5.4. */
export function checkImportRow(mode: ImportMode, { row, cells, inexact }: ImportSheetRow): RowCheck {
  const fail = (code: BindTemplateError): RowCheck => ({ ok: false, row, code });
  if (inexact) return fail(BIND_TEMPLATE_ERRORS.format);
  const remark = cells.remark ?? '';
  const password = cells.password ?? '';
  if (mode === 'template') {
    const name = cells.name ?? '';
    const gb28181Id = cells.gb28181_id ?? '';
    if (!name || !gb28181Id || !password) return fail(BIND_TEMPLATE_ERRORS.missing);
    if (
      !isDeviceName(name) ||
      !isGb28181Id(gb28181Id) ||
      !isGbPassword(password) ||
      tooLong(remark, DEVICE_REMARK_MAX_LENGTH)
    )
      return fail(BIND_TEMPLATE_ERRORS.format);
    return { ok: true, device: { row, mode, name, gb28181Id, password, remark } };
  }
  const sn = cells.sn ?? '';
  const username = cells.username ?? '';
  if (!sn) return fail(BIND_TEMPLATE_ERRORS.missing);
  if (
    !isDeviceSerial(sn) ||
    tooLong(username, DEVICE_USERNAME_MAX_LENGTH) ||
    tooLong(password, DEVICE_PASSWORD_MAX_LENGTH) ||
    tooLong(remark, DEVICE_REMARK_MAX_LENGTH)
  )
    return fail(BIND_TEMPLATE_ERRORS.format);
  return { ok: true, device: { row, mode, sn, username, password, remark } };
}

/**
 * Reads and checks every row of an import file: the rows that pass, and the failing ones with their
 * code (0, 1, or 4 for a serial or id already on an earlier row). An empty sheet is 400 `no_device`.
 */
export async function checkImportFile(
  file: Readable,
  format: ImportFormat,
  mode: ImportMode,
): Promise<{
  rows: number;
  valid: CheckedImportRow[];
  errors: Array<{ row: number; code: BindTemplateError }>;
}> {
  const valid: CheckedImportRow[] = [];
  const errors: Array<{ row: number; code: BindTemplateError }> = [];
  const seen = new Set<string>();
  let rows = 0;
  for await (const sheetRow of readImportRows(file, format, mode)) {
    rows++;
    const check = checkImportRow(mode, sheetRow);
    if (!check.ok) {
      errors.push({ row: check.row, code: check.code });
      continue;
    }
    const key = check.device.mode === 'template' ? check.device.gb28181Id : check.device.sn;
    if (seen.has(key)) {
      errors.push({ row: check.device.row, code: BIND_TEMPLATE_ERRORS.duplicate });
      continue;
    }
    seen.add(key);
    valid.push(check.device);
  }
  if (rows === 0) throw new ApiError(400, 'no_device');
  return { rows, valid, errors };
}

/** The empty workbook of an import mode: the header row of its columns. */
export async function importTemplate(mode: ImportMode, format: ImportFormat): Promise<Buffer> {
  const columns = IMPORT_COLUMNS[mode];
  if (format === 'csv') return Buffer.from(toCsv(columns, []), 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('devices');
  sheet.columns = columns.map((column) => ({
    header: column,
    key: column,
    width: column === 'remark' ? 30 : 24,
  }));
  // Serials and ids are 20 digits: typed as numbers they would lose their last ones.
  for (const column of ['sn', 'gb28181_id']) {
    if ((columns as readonly string[]).includes(column)) sheet.getColumn(column).numFmt = '@';
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
