/** The audit log's CSV export: one row per entry, written by the product's one CSV writer. */
import { AUDIT_CSV_COLUMNS, type AuditEntry, type CsvValue, toCsv } from '@vap/contracts';

function cell(entry: AuditEntry, column: (typeof AUDIT_CSV_COLUMNS)[number]): CsvValue {
  const value = entry[column];
  if (column === 'before' || column === 'after') return value === null ? '' : JSON.stringify(value);
  return value as CsvValue;
}

/** The entries as a CSV document: BOM, header row, one row per entry (see `toCsv`). */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return toCsv(
    AUDIT_CSV_COLUMNS,
    entries.map((entry) => AUDIT_CSV_COLUMNS.map((column) => cell(entry, column))),
  );
}
