import { describe, expect, it } from 'vitest';
import { CSV_BOM, inertCell, toCsv } from './csv.js';

const body = (csv: string) => csv.slice(CSV_BOM.length);

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark so that Excel reads Chinese text as UTF-8', () => {
    expect(toCsv(['名称'], [['摄像机']]).startsWith(CSV_BOM)).toBe(true);
  });

  it('ends every line, the last included, with CRLF (RFC 4180)', () => {
    expect(body(toCsv(['a', 'b'], [[1, 2]]))).toBe('a,b\r\n1,2\r\n');
  });

  it('quotes a field holding a comma, a quote, CR or LF, doubling quotes', () => {
    expect(body(toCsv(['x'], [['a,b'], ['say "hi"'], ['line\nbreak'], ['cr\ronly']]))).toBe(
      'x\r\n"a,b"\r\n"say ""hi"""\r\n"line\nbreak"\r\n"cr\ronly"\r\n',
    );
  });

  it('prefixes text a spreadsheet would run as a formula with an apostrophe', () => {
    const cells = ['=HYPERLINK("x")', '+1', '-1', '@SUM(A1)', '\tx', '＝1'];
    const lines = body(
      toCsv(
        ['x'],
        cells.map((cell) => [cell]),
      ),
    ).split('\r\n');
    expect(lines.slice(1, -1)).toEqual(['"\'=HYPERLINK(""x"")"', "'+1", "'-1", "'@SUM(A1)", "'\tx", "'＝1"]);
  });

  it('leaves numbers as numbers, negative ones included', () => {
    expect(body(toCsv(['n'], [[-5], [0.25]]))).toBe('n\r\n-5\r\n0.25\r\n');
  });

  it('writes null, undefined and non-finite numbers as empty cells, and booleans as words', () => {
    expect(body(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, Number.NaN, true]]))).toBe(
      'a,b,c,d\r\n,,,true\r\n',
    );
  });
});

describe('a text cell of an .xlsx export', () => {
  it('is made inert exactly as toCsv makes it: each formula start prefixed with a quote, numbers left alone', () => {
    const starts = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
    for (const start of starts) {
      const text = `${start}HYPERLINK("http://x")`;
      expect(inertCell(text)).toBe(`'${text}`);
      // The same text through the CSV writer: the same cell.
      expect(toCsv(['remark'], [[text]])).toContain(`'${start}HYPERLINK`);
    }
    expect(inertCell('lobby = main')).toBe('lobby = main');
    expect(inertCell(-5)).toBe(-5);
    expect(inertCell(null)).toBe(null);
  });
});
