/**
 * CSV text for spreadsheet programs (RFC 4180), kept pure so it can be tested without a browser.
 * The file starts with a UTF-8 byte order mark because Excel otherwise reads UTF-8 as the local
 * code page and garbles Chinese text; lines end in CRLF as RFC 4180 says.
 */

/** One cell as a column gives it; `null`/`undefined` become an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

/** The UTF-8 byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** Characters that make a spreadsheet treat a text cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One escaped field. Text that a spreadsheet would run as a formula is prefixed with `'`, so a
 * device name like `=HYPERLINK(…)` stays text; numbers are our own data and are left alone, so
 * `-5` stays a number. Fields with a quote, comma or line break are quoted, quotes doubled.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, the header row, then one line per row, CRLF between lines. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvField).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** `name` with a `.csv` extension, added only when missing. */
export function csvFilename(name: string): string {
  return /\.csv$/i.test(name) ? name : `${name}.csv`;
}

/** Hands `content` to the browser as a download named `filename`. */
export function downloadCsv(filename: string, content: string): void {
  downloadBlob(csvFilename(filename), new Blob([content], { type: 'text/csv;charset=utf-8' }));
}

/** Hands a file (e.g. one the server exported) to the browser as a download named `filename`. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
