/**
 * Hostile workbooks for the tests of the guarded spreadsheet reader: .xlsx archives written part by
 * part, so that a part can expand to gigabytes without the test ever holding them (one compressed
 * megabyte, repeated), declare sizes other than its own, or hold what no spreadsheet program
 * writes (cells in column XFD, a column definition a billion wide); and `peakGrowth`, the memory
 * reading one holds.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { CELL_MAX_LENGTH, SHEET_LIMITS } from '../core/http/sheet-rows.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A part of an archive: its deflated bytes, and the size and CRC its headers declare. */
export interface Part {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
}

/** A part holding `text`, deflated, its size and CRC true. */
export function part(name: string, text: string | Buffer): Part {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/** Deflated pieces that may follow one another in one part: each ends on a full flush. */
const piece = (text: string | Buffer) => deflateRawSync(text, { finishFlush: constants.Z_FULL_FLUSH });

/**
 * A part of `head`, then `count` times `unit` repeated `times`, each between `open` and `close`,
 * then `tail`; made of one deflated unit repeated, so that gigabytes cost the test megabytes. Its
 * headers declare `declaredSize` (the truth, by default, as far as 32 bits hold it).
 */
export function repeatedPart(
  name: string,
  shape: {
    head: string;
    open: string;
    unit: string;
    times: number;
    close: string;
    count: number;
    tail: string;
  },
  declaredSize?: number,
): Part {
  const unit = piece(shape.unit);
  const open = piece(shape.open);
  const close = piece(shape.close);
  const chunks = [piece(shape.head)];
  for (let index = 0; index < shape.count; index++) {
    chunks.push(open);
    for (let time = 0; time < shape.times; time++) chunks.push(unit);
    chunks.push(close);
  }
  chunks.push(deflateRawSync(shape.tail));
  const size =
    Buffer.byteLength(shape.head) +
    shape.count *
      (Buffer.byteLength(shape.open) +
        shape.times * Buffer.byteLength(shape.unit) +
        Buffer.byteLength(shape.close)) +
    Buffer.byteLength(shape.tail);
  return { name, deflated: Buffer.concat(chunks), size: declaredSize ?? size % 2 ** 32, crc: 0 };
}

/**
 * The fields a zip entry's local header and its central directory record share, from the version
 * needed to extract to the name's length (the central record has them 2 bytes further on): UTF-8
 * names, deflated, the part's CRC and sizes.
 */
function writeEntryFields(header: Buffer, at: number, { deflated, size, crc }: Part, nameLength: number) {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x0800, at + 2);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(crc >>> 0, at + 10);
  header.writeUInt32LE(deflated.length, at + 14);
  header.writeUInt32LE(size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** A zip archive of the parts, as their headers declare them. */
export function zipOf(parts: readonly Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const fileName = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, part, fileName.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6, part, fileName.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, part.deflated);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + part.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A cell's letters (1 = A, 16384 = XFD). */
export function columnName(column: number): string {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** A worksheet's XML: rows of inline-string cells from column A, `extra` inserted before `<sheetData>`. */
export function sheetXml(rows: ReadonlyArray<ReadonlyArray<string>>, extra = ''): string {
  const body = rows
    .map(
      (cells, index) =>
        `<row r="${index + 1}">${cells
          .map(
            (cell, column) =>
              `<c r="${columnName(column + 1)}${index + 1}" t="inlineStr"><is><t>${xmlText(cell)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}">${extra}<sheetData>${body}</sheetData></worksheet>`;
}

/** The worksheet XML around rows written by hand. */
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
export const SHARED_HEAD = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;
export const SHARED_TAIL = '</sst>';

/** The parts every workbook needs around its sheet: relationships and the workbook naming sheet 1. */
export function workbookParts(): Part[] {
  return [
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}"><sheets><sheet name="import" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
  ];
}

/** A workbook of a sheet (its XML, or a part made by hand) and, where given, shared strings. */
export function workbookOf(sheet: string | Part, ...others: Part[]): Buffer {
  const sheetPart = typeof sheet === 'string' ? part('xl/worksheets/sheet1.xml', sheet) : sheet;
  return zipOf([...workbookParts(), ...others, sheetPart]);
}

/**
 * The workbook of issue 28: a device import (plain mode) whose shared strings are `count` strings
 * of 400 MB of `A` (6.4 GB in 6.5 MB for 16), its header row pointing at them. `declared` is the
 * size its headers give the shared strings (the truth modulo 2^32 by default).
 */
export function sharedStringsBomb(count: number, megabytes = 400, declared?: number): Buffer {
  const shared = repeatedPart(
    'xl/sharedStrings.xml',
    {
      head: SHARED_HEAD,
      open: '<si><t>',
      unit: 'A'.repeat(1024 * 1024),
      times: megabytes,
      close: '</t></si>',
      count,
      tail: SHARED_TAIL,
    },
    declared,
  );
  const header = sheetXml([['sn', 'username', 'password', 'remark']]);
  const pointing = header.replace(
    '</row>',
    `<c r="E1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>${count - 1}</v></c></row>`,
  );
  return workbookOf(pointing, shared);
}

/**
 * The largest device import (plain mode) the limits accept: a row for each serial (10,000 at most),
 * columns E to Z of each pointing at shared strings of Excel's longest cell, as many as a part may
 * hold (about 32 MB), and a sheet of about 8 MB: the most reading a workbook may cost.
 */
export function largestAcceptedImport(serials: readonly string[]): Buffer {
  const longest = 'A'.repeat(CELL_MAX_LENGTH);
  const strings = Math.floor(
    (SHEET_LIMITS.entryBytes - 1024) / Buffer.byteLength(`<si><t>${longest}</t></si>`),
  );
  const shared = repeatedPart('xl/sharedStrings.xml', {
    head: SHARED_HEAD,
    open: '<si><t>',
    unit: longest,
    times: 1,
    close: '</t></si>',
    count: strings,
    tail: SHARED_TAIL,
  });
  const pointers = (row: number) =>
    Array.from(
      { length: 22 },
      (_, index) => `<c r="${columnName(index + 5)}${row}" t="s"><v>${(row * 22 + index) % strings}</v></c>`,
    ).join('');
  const rows = serials.map(
    (sn, index) =>
      `<row r="${index + 2}"><c r="A${index + 2}" t="inlineStr"><is><t>${sn}</t></is></c>${pointers(index + 2)}</row>`,
  );
  const header = sheetXml([['sn', 'username', 'password', 'remark']]).replace(SHEET_TAIL, '');
  return workbookOf(`${header}${rows.join('')}${SHEET_TAIL}`, shared);
}

/**
 * What `work` answered, and the most the process's resident memory grew above its start while it
 * ran (sampled every 5 ms): what reading a workbook held at its peak.
 */
export async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage().rss) - start };
  } finally {
    clearInterval(sampler);
  }
}
