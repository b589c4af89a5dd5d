import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { ColumnsWithin } from './sheet-columns.js';

const XML =
  '<worksheet><cols><col min="1" max="16384" width="9"/></cols><sheetData>' +
  '<row r="1" spans="1:16384"><c r="A1" t="s"><v>0</v></c><c r="B1"/><c r="C1" t="inlineStr"><is><t>摄像机 &lt;c r="A9"&gt;</t></is></c>' +
  '<c r="XFD1"><v>1</v></c><c r="D1" s="2"/><cfRule/><customSheetView/><colBreaks/></row></sheetData></worksheet>';
const KEPT =
  '<worksheet><cols></cols><sheetData>' +
  '<row r="1" spans="1:16384"><c r="A1" t="s"><v>0</v></c><c r="B1"/>' +
  '<cfRule/><customSheetView/><colBreaks/></row></sheetData></worksheet>';

async function filtered(chunks: Buffer[], columns = 2) {
  return text(Readable.from(chunks).pipe(new ColumnsWithin(columns)));
}

describe('cells past the columns read', () => {
  it('are left out with their content, and so are column definitions; everything else passes as it was', async () => {
    expect(await filtered([Buffer.from(XML)])).toBe(KEPT);
    expect(await filtered([Buffer.from(XML)], 4)).toBe(
      KEPT.replace(
        '<c r="B1"/>',
        '<c r="B1"/><c r="C1" t="inlineStr"><is><t>摄像机 &lt;c r="A9"&gt;</t></is></c>',
      ).replace('<cfRule/>', '<c r="D1" s="2"/><cfRule/>'),
    );
  });

  it('are found wherever the chunks of the stream cut the text, a byte at a time included', async () => {
    const bytes = Buffer.from(XML);
    for (const size of [1, 2, 3, 5, 7, 13, 64]) {
      const chunks = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await filtered(chunks), `chunks of ${size}`).toBe(KEPT);
    }
  });

  it('refuses a tag longer than any worksheet holds', async () => {
    const endless = Buffer.from(`<c r="A1" ${'x'.repeat(70_000)}`);
    await expect(filtered([endless.subarray(0, 40_000), endless.subarray(40_000)])).rejects.toThrow(
      'a tag of the worksheet is too long',
    );
  });
});
