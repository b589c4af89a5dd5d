/**
 * The operator's products file (`npm run ops -- algmall:products <file>`, docs/operations.md): a
 * JSON list of `productInputSchema` rows. The file is bounded before it is parsed — its size, its
 * nesting (JSON.parse and zod walk it recursively), its row count — by the guarded reader of every
 * operator list file (core/list-file.ts), and a file that fails any bound, or is no JSON list, is
 * refused whole. Each row is then checked on its own: a bad row is reported and the good ones are
 * loaded.
 */
import { PRODUCTS_FILE_MAX_ROWS, productInputSchema } from '@vap/contracts';
import { type RefusedRow, readListFile, refusedRow, schemaProblems } from '../../core/list-file.js';
import type { ProductRow } from './products.js';

/**
 * The largest products file read, in bytes. A product's detail is at most 20,000 characters in each
 * language; a vendor's catalogue is tens of products of a few kB each, far below.
 */
export const PRODUCTS_FILE_MAX_BYTES = 32 * 1024 * 1024;

/** A file refused whole: nothing of it is loaded. */
export class ProductsFileError extends Error {}

export interface ProductsFile {
  /** The good rows, in the file's order. */
  rows: ProductRow[];
  refused: RefusedRow[];
}

/** Each row checked against `productInputSchema`; a code given twice is refused the second time. */
export function checkProductRows(list: readonly unknown[]): ProductsFile {
  const rows: ProductRow[] = [];
  const refused: RefusedRow[] = [];
  const firstOf = new Map<string, number>();
  list.forEach((raw, index) => {
    const parsed = productInputSchema.safeParse(raw);
    if (!parsed.success) {
      refused.push(refusedRow(index, raw, schemaProblems(parsed.error)));
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
  return checkProductRows(
    await readListFile(path, {
      maxBytes: PRODUCTS_FILE_MAX_BYTES,
      maxRows: PRODUCTS_FILE_MAX_ROWS,
      noun: 'products',
      refuse: (message) => new ProductsFileError(message),
    }),
  );
}
