import { describe, expect, it } from 'vitest';
import { buildCsv, CSV_BOM, csvField, csvFilename } from './csv.js';

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('camera 1')).toBe('camera 1');
    expect(csvField(42)).toBe('42');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(true)).toBe('true');
  });

  it('writes null, undefined and non-finite numbers as empty cells', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes fields with commas, quotes or line breaks and doubles quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('line1\r\nline2')).toBe('"line1\r\nline2"');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
  });
});

describe('buildCsv', () => {
  it('starts with a UTF-8 BOM, has the header first and CRLF line ends', () => {
    const csv = buildCsv(
      ['Name', 'Count'],
      [
        ['摄像头', 3],
        ['b,c', null],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('Name,Count\r\n摄像头,3\r\n"b,c",\r\n');
  });
});

describe('csvFilename', () => {
  it('adds .csv only when missing', () => {
    expect(csvFilename('devices')).toBe('devices.csv');
    expect(csvFilename('devices.CSV')).toBe('devices.CSV');
  });
});
