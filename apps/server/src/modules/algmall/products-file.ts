/**
 * The operator's products file (`npm run ops -- algmall:products <file>`, docs/operations.md): a
 * JSON list of `productInputSchema` rows. The file is bounded before it is parsed — its size, its
 * nesting (JSON.parse and zod walk it recursively), its row count —, and a file that fails any
 * bound, or is no JSON list, is refused whole. Each row is then checked on its own: a bad row is
 * reported and the good ones are loaded.
 */
import { open } from 'node:fs/promises';
import { jsonDepthWithin, PRODUCTS_FILE_MAX_ROWS, productInputSchema } from '@vap/contracts';
import type { ProductRow } from './products.js';

/**
 * The largest products file read, in bytes. A product's detail is at most 20,000 characters in each
 * language; a vendor's catalogue is tens of products of a few kB each, far below.
 */
export const PRODUCTS_FILE_MAX_BYTES = 32 * 1024 * 1024;

/** A file refused whole: nothing of it is loaded. */
export class ProductsFileError extends Error {}

/** A row refused: its index in the list (from 0), its code when it gives one, and what is wrong. */
export interface RefusedRow {
  index: number;
  code?: string;
  problems: string[];
}

export interface ProductsFile {
  /** The good rows, in the file's order. */
  rows: ProductRow[];
  refused: RefusedRow[];
}

/** Reads at most `max` bytes of the file, refusing it when there are more. */
async function boundedText(path: string, max: number): Promise<string> {
  const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new ProductsFileError(`Cannot read ${path}: ${error.code ?? error.message}`);
  });
  try {
    // One byte past the bound tells a file at the bound from a larger one, whatever stat said.
    const buffer = Buffer.alloc(Math.min(max + 1, (await file.stat()).size + 1));
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await file.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > max) throw new ProductsFileError(`${path} is larger than ${max} bytes`);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    await file.close();
  }
}

/** The file's list, or a ProductsFileError saying why it is no products file. */
function parsedList(text: string, path: string): unknown[] {
  if (!jsonDepthWithin(text)) throw new ProductsFileError(`${path} nests too deeply to be a products file`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProductsFileError(`${path} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(json)) throw new ProductsFileError(`${path} is not a JSON list of products`);
  if (json.length > PRODUCTS_FILE_MAX_ROWS) {
    throw new ProductsFileError(
      `${path} holds ${json.length} products; a file loads at most ${PRODUCTS_FILE_MAX_ROWS}`,
    );
  }
  return json;
}

const codeOf = (row: unknown): string | undefined => {
  const code = typeof row === 'object' && row !== null ? (row as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code.slice(0, 60) : undefined;
};

/** Each row checked against `productInputSchema`; a code given twice is refused the second time. */
export function checkProductRows(list: readonly unknown[]): ProductsFile {
  const rows: ProductRow[] = [];
  const refused: RefusedRow[] = [];
  const firstOf = new Map<string, number>();
  list.forEach((raw, index) => {
    const code = codeOf(raw);
    const parsed = productInputSchema.safeParse(raw);
    if (!parsed.success) {
      refused.push({
        index,
        ...(code === undefined ? {} : { code }),
        problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`),
      });
      return;
    }
    const first = firstOf.get(parsed.data.code);
    if (first !== undefined) {
      refused.push({ index, code: parsed.data.code, problems: [`code: also the code of row ${first}`] });
      return;
    }
    firstOf.set(parsed.data.code, index);
    rows.push(parsed.data);
  });
  return { rows, refused };
}

/** Reads and checks a products file; a ProductsFileError when it is refused whole. */
export async function readProductsFile(path: string): Promise<ProductsFile> {
  return checkProductRows(parsedList(await boundedText(path, PRODUCTS_FILE_MAX_BYTES), path));
}
