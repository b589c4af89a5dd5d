/**
 * A worksheet's XML with the cells past a column left out, before exceljs reads it. exceljs makes
 * an object for every cell and a row as wide as its farthest one: 5,000 rows with one cell each in
 * column XFD took 7.4 s of the server's thread, 10,000 columns × 200 rows 311 MB. An import reads
 * a few named columns, so the cells beyond `columns` are dropped here, unread, and so are the
 * column definitions (`<col min max>`, widths an import never needs, which exceljs expands one
 * object per column up to any `max`).
 *
 * It works on bytes: every tag and attribute of a worksheet is ASCII, and a byte of a multi-byte
 * UTF-8 character never equals `<`, `>` or `"`. A tag longer than `MAX_TAG_BYTES` is refused as no
 * worksheet. A cell's text never holds `</c>` (XML escapes `<`), so a dropped cell ends there.
 */
import { Transform, type TransformCallback } from 'node:stream';

const MAX_TAG_BYTES = 64 * 1024;

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const LETTER_C = 0x63;
const LETTER_O = 0x6f;
const LETTER_L = 0x6c;
const CELL_END = Buffer.from('</c>');

/** Whether the byte ends a tag's name: white space, `>` or `/`. */
const endsName = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === GT || byte === SLASH;

/** The column (A = 1) of a cell's `r="AB12"` attribute; 0 when it has none. */
function columnOf(tag: string): number {
  const letters = /\sr\s*=\s*["']([A-Za-z]{1,7})\d/.exec(tag)?.[1];
  if (!letters) return 0;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

/** What a tag starting at `<` is: a cell, a column definition, or anything else. */
function kindAt(buffer: Buffer, at: number): 'cell' | 'col' | 'other' | 'incomplete' {
  if (at + 2 >= buffer.length) return 'incomplete';
  if (buffer[at + 1] !== LETTER_C) return 'other';
  if (endsName(buffer[at + 2])) return 'cell';
  if (buffer[at + 2] !== LETTER_O) return 'other';
  if (at + 4 >= buffer.length) return 'incomplete';
  return buffer[at + 3] === LETTER_L && endsName(buffer[at + 4]) ? 'col' : 'other';
}

export class ColumnsWithin extends Transform {
  /** Bytes not yet passed on: an unfinished tag at the end of the last chunk. */
  private pending: Buffer = Buffer.alloc(0);
  /** Inside a dropped cell, until its `</c>`. */
  private skipping = false;

  constructor(private readonly columns: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const buffer = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    // What passes on, gathered into one chunk: exceljs parses each chunk it is given as a batch.
    const kept: Buffer[] = [];
    let keepFrom = 0;
    let at = 0;
    while (at < buffer.length) {
      if (this.skipping) {
        const end = buffer.indexOf(CELL_END, at);
        if (end < 0) {
          // The end tag may start in this chunk's last bytes.
          this.pending = buffer.subarray(Math.max(at, buffer.length - (CELL_END.length - 1)));
          keepFrom = buffer.length;
          break;
        }
        this.skipping = false;
        at = keepFrom = end + CELL_END.length;
        continue;
      }
      const open = buffer.indexOf(LT, at);
      if (open < 0) break;
      const kind = kindAt(buffer, open);
      if (kind === 'other') {
        at = open + 1;
        continue;
      }
      const close = kind === 'incomplete' ? -1 : buffer.indexOf(GT, open);
      if (close < 0) {
        kept.push(buffer.subarray(keepFrom, open));
        this.pending = buffer.subarray(open);
        keepFrom = buffer.length;
        if (this.pending.length > MAX_TAG_BYTES) {
          done(new Error('a tag of the worksheet is too long'));
          return;
        }
        break;
      }
      if (kind === 'col' || columnOf(buffer.toString('latin1', open, close)) > this.columns) {
        kept.push(buffer.subarray(keepFrom, open));
        keepFrom = close + 1;
        this.skipping = kind === 'cell' && buffer[close - 1] !== SLASH;
      }
      at = close + 1;
    }
    if (keepFrom < buffer.length) kept.push(buffer.subarray(keepFrom));
    // Copied: the pending bytes must not pin the whole chunk they were cut from.
    if (this.pending.length > 0) this.pending = Buffer.from(this.pending);
    const out = kept.length === 1 ? kept[0] : Buffer.concat(kept);
    if (out && out.length > 0) this.push(out);
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.pending.length > 0 && !this.skipping) this.push(this.pending);
    done();
  }
}
