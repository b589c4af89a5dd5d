/**
 * The spreadsheets of the device area (spec §3 device import rows, §5.4): reading an import
 * workbook row by row, the first checks of each row, the empty templates, and writing an export.
 *
 * An import is read as it arrives (core/http/sheet-rows.ts), so that 10,000 rows are one request of
 * bounded memory.
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
import { ApiError } from '../../core/http/errors.js';
import { type ImportSheetRow, readSheetRows } from '../../core/http/sheet-rows.js';

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
  // exceljs takes a second or more to load: it is read when first needed, not by every start.
  const { default: ExcelJS } = await import('exceljs');
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
