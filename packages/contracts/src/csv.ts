/**
 * The one CSV writer of the product, used by the server's exports and the console's table exports:
 * csv-stringify with the settings spreadsheet programs need. A UTF-8 byte order mark, because
 * Excel otherwise reads UTF-8 as the local code page and garbles Chinese text; CRLF line ends as
 * RFC 4180 says; a field quoted when it holds a comma, a quote, CR or LF (quotes doubled); and text
 * a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR, and their full-width forms)
 * prefixed with `'` (CSV injection). Numbers are our own data and stay numbers, so `-5` is left alone.
 */
import { stringify } from 'csv-stringify/sync';

/** One cell; `null`/`undefined` and non-finite numbers become an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

/** The UTF-8 byte order mark that starts every CSV file we write. */
export const CSV_BOM = '\uFEFF';

/**
 * The characters that make a spreadsheet run a text as a formula when it starts with one: the set
 * csv-stringify's `escape_formulas` guards in `toCsv` (OWASP's CSV injection), full-width forms too.
 */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/**
 * A text cell of an export as `toCsv` writes it: one a spreadsheet would run as a formula (a remark
 * of `=HYPERLINK(…)`) prefixed with `'`. Anything but a text (a number, `-5`) is left as it is.
 */
export function inertCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_STARTS.has(value.charAt(0)) ? `'${value}` : value;
}

/** The whole file: BOM, the header row, then one line per row, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify([header, ...rows] as CsvValue[][], {
    bom: true,
    record_delimiter: 'windows',
    // With a record delimiter set, csv-stringify would otherwise quote only CRLF, not a lone CR or LF.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: {
      boolean: (value) => String(value),
      number: (value) => (Number.isFinite(value) ? String(value) : ''),
    },
  });
}
