/**
 * CSV of RFC 4180 for spreadsheet apps: a UTF-8 byte order mark (so that they read Chinese text as
 * UTF-8), a header row, CRLF line ends, and a field quoted when it holds a comma, a quote, CR or LF
 * (quotes doubled). A text starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` so that
 * a spreadsheet shows it instead of running it as a formula (CSV injection); numbers stay as they are.
 */
import { AUDIT_CSV_COLUMNS, type AuditEntry } from '@vap/contracts';

export const UTF8_BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function cell(entry: AuditEntry, column: (typeof AUDIT_CSV_COLUMNS)[number]): string | number | null {
  const value = entry[column];
  if (column === 'before' || column === 'after') return value === null ? '' : JSON.stringify(value);
  return value as string | number;
}

/** The entries as a CSV document: BOM, header row, one row per entry, each line ended by CRLF. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const entry of entries) {
    lines.push(AUDIT_CSV_COLUMNS.map((column) => csvField(cell(entry, column))).join(','));
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}
