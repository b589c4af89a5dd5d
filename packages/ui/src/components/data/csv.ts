/**
 * Table exports as files. The CSV text itself comes from the product's one writer in
 * `@vap/contracts` (`toCsv`: BOM, CRLF, RFC 4180 quoting, formula cells neutralised).
 */
import { downloadBlob } from './download.js';

export { type CsvValue, toCsv as buildCsv } from '@vap/contracts';

/** `name` with a `.csv` extension, added only when missing. */
export function csvFilename(name: string): string {
  return /\.csv$/i.test(name) ? name : `${name}.csv`;
}

/** Hands `content` to the browser as a download named `filename`. */
export function downloadCsv(filename: string, content: string): void {
  downloadBlob(csvFilename(filename), new Blob([content], { type: 'text/csv;charset=utf-8' }));
}
