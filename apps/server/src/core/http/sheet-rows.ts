/**
 * The one reader of every spreadsheet a tenant sends (the device import, white lists, and every
 * import to come): row by row, under limits. A .xlsx is a zip archive read through `ZipArchive`
 * (each part's inflated bytes counted, never the sizes the zip declares), its parts parsed by
 * exceljs's streaming reader, the worksheet's cells past `SHEET_LIMITS.columns` left out unread
 * (sheet-columns.ts); a .csv goes through csv-parse with a bounded record. A cell over Excel's own
 * 32,767 characters is refused, and so is a sheet of far more lines than rows it may hold. The
 * header row names the columns.
 */
import { pipeline, type Readable } from 'node:stream';
import type { ImportFormat } from '@vap/contracts';
import { parse as parseCsv } from 'csv-parse';
import type { Row } from 'exceljs';
import { boundedBytes } from './bounded-bytes.js';
import { ApiError } from './errors.js';
import { ColumnsWithin } from './sheet-columns.js';
import { type ArchiveLimits, ZipArchive } from './zip-archive.js';

/** What a spreadsheet may hold and expand to (docs/operations.md, "Limits of what tenants send"). */
export interface SheetLimits extends ArchiveLimits {
  /** Most bytes of the file itself (a request's own limit stops an upload before this). */
  fileBytes: number;
  /** The columns read (A to Z); cells beyond are ignored, unread. */
  columns: number;
}

export const SHEET_LIMITS: SheetLimits = {
  fileBytes: 32 * 1024 * 1024,
  entries: 256,
  entryBytes: 32 * 1024 * 1024,
  totalBytes: 64 * 1024 * 1024,
  columns: 26,
};

/** One data row of a sheet as read: its row number in the sheet (the header is row 1) and its cells. */
export interface ImportSheetRow {
  row: number;
  cells: Record<string, string>;
  /** A cell held a number too large to be exact (a serial typed as a number): a format error. */
  inexact?: true;
}

/** Most characters of one cell: Excel's own limit, so no workbook Excel wrote holds a longer one. */
export const CELL_MAX_LENGTH = 32_767;

const fileInvalid = () => new ApiError(400, 'import_file_invalid');
const cellTooLong = () => new ApiError(400, 'sheet_cell_too_long');

/** The characters of a shared string as exceljs keeps it: a text, or rich text's runs. */
function lengthOf(shared: unknown): number {
  if (typeof shared === 'string') return shared.length;
  const runs = (shared as { richText?: Array<{ text: string | null }> } | null)?.richText ?? [];
  return runs.reduce((sum, run) => sum + (run.text?.length ?? 0), 0);
}

/** A text of a cell, refused beyond `CELL_MAX_LENGTH`. */
function boundedText(text: string): string {
  if (text.length > CELL_MAX_LENGTH) throw cellTooLong();
  return text.trim();
}

/**
 * The text of a cell as a spreadsheet shows it: rich text joined, trimmed. Null for a number past
 * 2^53 that is not exact: a 20-digit serial typed into a cell as a number has lost its last digits
 * and could read as another unit's serial, so it is refused, never guessed back.
 */
function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return boundedText(value);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return null;
    return String(value);
  }
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown };
    if (Array.isArray(cell.richText)) return boundedText(cell.richText.map((part) => part.text).join(''));
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
  }
  return '';
}

/** What a sheet is read as: its columns (the first one required in the header), its most rows, its limits. */
export interface SheetShape {
  columns: readonly string[];
  maxRows: number;
  /** `SHEET_LIMITS` unless given: an operator's own files (the factory registry) may be larger. */
  limits?: SheetLimits;
}

/** One line of a sheet: its number and the texts of its first columns (null: an inexact number). */
interface SheetLine {
  row: number;
  values: Array<string | null>;
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

async function* rowsOf(lines: AsyncIterable<SheetLine>, shape: SheetShape): AsyncGenerator<ImportSheetRow> {
  let columns: Map<number, string> | undefined;
  let rows = 0;
  // Empty lines are skipped, not counted as rows; a sheet of far more lines than rows is refused
  // all the same, before they cost more than a full sheet would.
  let lineCount = 0;
  const maxLines = 2 * shape.maxRows + 1;
  for await (const { row, values } of lines) {
    if (++lineCount > maxLines) throw new ApiError(400, 'import_too_many_rows');
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

/** The parts of exceljs's streaming reader that read one part of a workbook each (exceljs 4.4). */
interface WorkbookParts {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
  sharedStrings?: unknown[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(entry: Readable, sheetNo: string): Iterable<{ eventType: string; value: unknown }>;
}

const PARTS = {
  rels: 'xl/_rels/workbook.xml.rels',
  workbook: 'xl/workbook.xml',
  styles: 'xl/styles.xml',
  sharedStrings: 'xl/sharedStrings.xml',
} as const;

/** The archive path of the workbook's first sheet, from its relationships (`worksheets/sheet1.xml`). */
function firstSheetPath(parts: WorkbookParts): string {
  const rId = parts.model?.sheets?.[0]?.rId;
  const target = parts.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  if (!target) throw fileInvalid();
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/**
 * The lines of a .xlsx's first sheet. The archive is read part by part in the order exceljs needs
 * (relationships, workbook, styles, shared strings, then the sheet), each part's text decoded as
 * UTF-8 across chunk boundaries, so that no part waits in a temporary file as exceljs's own
 * reading does when a sheet precedes the shared strings.
 */
async function* xlsxLines(file: Readable, limits: SheetLimits): AsyncGenerator<SheetLine> {
  const bytes = await boundedBytes(file, {
    max: limits.fileBytes,
    tooLarge: () => new ApiError(413, 'payload_too_large'),
    rest: 'destroy',
  });
  const archive = await ZipArchive.open(bytes, limits);
  try {
    // exceljs takes a second or more to load: it is read by the first import, not by every start.
    const { default: ExcelJS } = await import('exceljs');
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Styles tell a date cell from a number.
      styles: 'cache',
      worksheets: 'emit',
      entries: 'ignore',
    });
    const parts = reader as unknown as WorkbookParts;
    const text = async (path: string) => (await archive.read(path)).setEncoding('utf8');
    await parts._parseRels(await text(PARTS.rels));
    await parts._parseWorkbook(await text(PARTS.workbook));
    if (archive.has(PARTS.styles)) await parts._parseStyles(await text(PARTS.styles));
    parts.sharedStrings = [];
    if (archive.has(PARTS.sharedStrings)) {
      for await (const _ of parts._parseSharedStrings(await text(PARTS.sharedStrings))) {
        // In 'cache' mode the strings are kept, none is yielded.
      }
      for (const shared of parts.sharedStrings) if (lengthOf(shared) > CELL_MAX_LENGTH) throw cellTooLong();
    }
    const path = firstSheetPath(parts);
    // A pipeline: when the reading stops early (too many rows), the inflating stops with it.
    const sheetXml = pipeline(await archive.read(path), new ColumnsWithin(limits.columns), () => {});
    sheetXml.setEncoding('utf8');
    for (const { value } of parts._parseWorksheet(sheetXml, /(\d+)\.xml$/.exec(path)?.[1] ?? '1')) {
      for await (const row of value as AsyncIterable<Row>) {
        // `values` is 1-based: index 0 is always empty.
        const values = (row.values as unknown[]).slice(1, limits.columns + 1);
        yield { row: row.number, values: Array.from(values, cellText) };
      }
    }
  } finally {
    archive.close();
  }
}

async function* csvLines(file: Readable, limits: SheetLimits): AsyncGenerator<SheetLine> {
  const parser = file.pipe(
    parseCsv({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      info: true,
      // A record (a line, or lines within quotes) of at most its columns' worth of full cells.
      max_record_size: limits.columns * CELL_MAX_LENGTH,
    }),
  );
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { row: record.info.lines, values: record.record.slice(0, limits.columns).map(boundedText) };
  }
}

/**
 * The data rows of a sheet (.xlsx: its first sheet; .csv) of a shape. 400 `import_file_invalid`
 * for a file that is no workbook of the shape (no header with its first column),
 * `import_too_many_rows` past its most rows, `archive_too_large` for a workbook that expands past
 * the limits, `sheet_cell_too_long` for a cell past Excel's length. Rows with every cell empty are
 * skipped.
 */
export async function* readSheetRows(
  file: Readable,
  format: ImportFormat,
  shape: SheetShape,
): AsyncGenerator<ImportSheetRow> {
  const limits = shape.limits ?? SHEET_LIMITS;
  try {
    yield* rowsOf(format === 'xlsx' ? xlsxLines(file, limits) : csvLines(file, limits), shape);
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
