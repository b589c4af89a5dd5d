/**
 * PDF downloads (the invoice request): pdfkit, printing with Noto Sans SC from @fontsource so that
 * Chinese names, banks and addresses print in either script. The font's Chinese subset (about 8,200
 * glyphs: the common simplified and traditional hanzi, Latin, digits, CJK punctuation) covers nearly
 * every text; a character outside it is printed from the slice of the whole font that holds it
 * (the package's unicode.json names each slice's ranges), read the first time it is needed. Fonts
 * come as WOFF2, decoded once per process with wawoff2 (Google's decoder): fontkit reading WOFF
 * itself takes seconds a page, and pdfkit embeds only the glyphs used.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyReply } from 'fastify';
import type * as Fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

export const PDF = 'application/pdf';

export type Weight = 400 | 700;

const fontDirectory = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/package.json')),
  'files',
);
const PRIMARY = 'chinese-simplified';

interface Face {
  /** The name the face is registered under in a document. */
  name: string;
  /** The font's TrueType bytes: fontkit reads WOFF tables by inflating them anew on each access. */
  bytes: Buffer;
  font: Fontkit.Font;
}

/**
 * pdfkit and fontkit, read by the first PDF: they take about a second to load, which a start that
 * may never print one should not pay. Node keeps a module once loaded; this keeps the one promise.
 */
let libraries: Promise<{ fontkit: typeof Fontkit; Document: typeof PDFDocument }> | undefined;
function pdfLibraries() {
  libraries ??= Promise.all([import('fontkit'), import('pdfkit')]).then(([fontkit, pdfkit]) => ({
    fontkit,
    Document: pdfkit.default,
  }));
  return libraries;
}

/** Faces read so far, by `{slice}-{weight}`; each is decoded once per process. */
const decoding = new Map<string, Promise<Face>>();
const faces = new Map<string, Face>();

/** The decode running or last run; the next waits for it. */
let decoder: Promise<unknown> = Promise.resolve();

/**
 * A WOFF2 font's TrueType bytes. wawoff2 answers a view of its own memory, which its next decode
 * overwrites: when both weights were decoded at once, the first came back garbage now and then
 * ("Unknown font format", a 500 on the first PDF). So one decode at a time, each copied out before
 * the next starts.
 */
export function decodeWoff2(woff2: Uint8Array): Promise<Buffer> {
  const decoded = decoder.then(async () => {
    const { default: decompress } = await import('wawoff2/decompress.js');
    return Buffer.from(await decompress(woff2));
  });
  decoder = decoded.catch(() => undefined);
  return decoded;
}

function load(slice: string, weight: Weight): Promise<Face> {
  const name = `${slice}-${weight}`;
  let face = decoding.get(name);
  if (!face) {
    face = (async () => {
      const woff2 = await readFile(join(fontDirectory, `noto-sans-sc-${slice}-${weight}-normal.woff2`));
      const bytes = await decodeWoff2(woff2);
      const { fontkit } = await pdfLibraries();
      const loaded = { name, bytes, font: fontkit.create(bytes) as Fontkit.Font };
      faces.set(name, loaded);
      return loaded;
    })();
    face.catch(() => decoding.delete(name));
    decoding.set(name, face);
  }
  return face;
}

/** The slices of the whole font, `12` → the code point ranges it holds. */
let slices: Array<{ slice: string; ranges: Array<[number, number]> }> | undefined;
function sliceHolding(codePoint: number): string | undefined {
  slices ??= Object.entries(
    JSON.parse(readFileSync(join(fontDirectory, '..', 'unicode.json'), 'utf8')) as Record<string, string>,
  ).map(([key, ranges]) => ({
    slice: key.replace(/^\[(\d+)\]$/, '$1'),
    ranges: ranges.split(',').map((range) => {
      const [low = '0', high = low] = range.trim().replace(/^U\+/i, '').split('-');
      return [Number.parseInt(low, 16), Number.parseInt(high, 16)] as [number, number];
    }),
  }));
  return slices.find(({ ranges }) => ranges.some(([low, high]) => codePoint >= low && codePoint <= high))
    ?.slice;
}

/**
 * The face that prints a code point: the Chinese subset, else the loaded slice holding it, else the
 * subset (which prints a box).
 */
function faceFor(codePoint: number, weight: Weight): Face {
  const primary = faces.get(`${PRIMARY}-${weight}`);
  if (!primary) throw new Error('PDF fonts are read by openPdf first');
  if (primary.font.hasGlyphForCodePoint(codePoint)) return primary;
  const slice = sliceHolding(codePoint);
  return (slice && faces.get(`${slice}-${weight}`)) || primary;
}

/** The text cut into runs that one face prints each. */
export function runsOf(text: string, weight: Weight): Array<{ face: Face; text: string }> {
  const runs: Array<{ face: Face; text: string }> = [];
  for (const character of text) {
    const chosen = faceFor(character.codePointAt(0) ?? 0, weight);
    const last = runs.at(-1);
    if (last && last.face === chosen) last.text += character;
    else runs.push({ face: chosen, text: character });
  }
  return runs;
}

/**
 * A new PDF whose fonts can print `texts` (what users typed: names, addresses) in both weights:
 * the Chinese subset, and the slices holding any character beyond it.
 */
export async function openPdf(info: { title: string }, texts: readonly string[]): Promise<PdfWriter> {
  const weights: Weight[] = [400, 700];
  const primaries = await Promise.all(weights.map((weight) => load(PRIMARY, weight)));
  const beyond = new Set<string>();
  for (const text of [info.title, ...texts])
    for (const character of text) {
      const codePoint = character.codePointAt(0) ?? 0;
      if (primaries.some((primary) => !primary.font.hasGlyphForCodePoint(codePoint))) {
        const slice = sliceHolding(codePoint);
        if (slice) beyond.add(slice);
      }
    }
  await Promise.all([...beyond].flatMap((slice) => weights.map((weight) => load(slice, weight))));
  return new PdfWriter(info, (await pdfLibraries()).Document);
}

/** A PDF being written, with text that any script of ours prints in. */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly registered = new Set<string>();

  /** Made by openPdf, once the faces the text needs and pdfkit are read. */
  constructor(info: { title: string }, Document: typeof PDFDocument) {
    const primary = faceFor(0x20, 400);
    this.doc = new Document({ size: 'A4', margin: 50, info: { Title: info.title } });
    this.registered.add(primary.name);
    this.doc.registerFont(primary.name, primary.bytes);
    this.doc.font(primary.name);
  }

  /**
   * Writes text in the flow (or at `x`, `y`), each run in the face that holds its characters;
   * pdfkit's `continued` keeps the runs on one line and wraps them together.
   */
  text(
    text: string,
    options: PDFKit.Mixins.TextOptions & { x?: number; y?: number; size?: number; weight?: Weight } = {},
  ): this {
    const { x, y, size = 10, weight = 400, ...rest } = options;
    const runs = runsOf(text || ' ', weight);
    runs.forEach((run, index) => {
      if (!this.registered.has(run.face.name)) {
        this.doc.registerFont(run.face.name, run.face.bytes);
        this.registered.add(run.face.name);
      }
      this.doc.font(run.face.name).fontSize(size);
      const continued = index < runs.length - 1;
      if (index === 0 && x !== undefined) this.doc.text(run.text, x, y, { ...rest, continued });
      else this.doc.text(run.text, { ...rest, continued });
    });
    return this;
  }

  /** Starts a new page when less than `height` is left on this one. */
  keepSpace(height: number): this {
    if (this.doc.y + height > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
    return this;
  }

  rule(): this {
    const { doc } = this;
    const y = doc.y + 4;
    doc
      .moveTo(doc.page.margins.left, y)
      .lineTo(doc.page.width - doc.page.margins.right, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y = y + 8;
    return this;
  }
}

/** Ends the document and sends it as a download named `{file}.pdf`. */
export function sendPdf(reply: FastifyReply, file: string, pdf: PdfWriter) {
  pdf.doc.end();
  return reply
    .type(PDF)
    .header('content-disposition', `attachment; filename="${encodeURIComponent(file)}.pdf"`)
    .send(pdf.doc);
}
