/**
 * Reading a spreadsheet row by row as it arrives (the device import, white lists): exceljs's
 * streaming reader for .xlsx (the workbook is never held whole, nor twice) and csv-parse for .csv,
 * so that 10,000 rows are one request of bounded memory. The header row names the columns.
 */
import type { Readable } from 'node:stream';
import type { ImportFormat } from '@vap/contracts';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { ApiError } from './errors.js';

/** One data row of a sheet as read: its row number in the sheet (the header is row 1) and its cells. */
export interface ImportSheetRow {
  row: number;
  cells: Record<string, string>;
  /** A cell held a number too large to be exact (a serial typed as a number): a format error. */
  inexact?: true;
}

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

/** The format of an uploaded sheet by its file name: .xlsx or .csv, else 400 `import_file_invalid`. */
export function sheetFormatOf(filename: string): ImportFormat {
  const extension = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'xlsx' || extension === 'csv') return extension;
  throw fileInvalid();
}
