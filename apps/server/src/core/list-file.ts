/**
 * The one guarded reader of an operator's JSON list file (`algmall:products`, `resources:load`): at
 * most `maxBytes` read, no deeper than the JSON depth bound, a list of at most `maxRows`. Anything
 * else is refused whole through `refuse`, which makes the command's own error. The rows are then
 * checked one by one, and loaded by code; the command reports what the load did and the rows refused.
 */
import { open } from 'node:fs/promises';
import { jsonDepthWithin } from '@vap/contracts';
import type { z } from 'zod';

export interface ListFileBounds {
  maxBytes: number;
  maxRows: number;
  /** What the list holds, for the refusals: `products`, `resources`. */
  noun: string;
  refuse: (message: string) => Error;
}

/** Reads at most `max` bytes of the file, refusing it when there are more. */
async function boundedText(path: string, { maxBytes: max, refuse }: ListFileBounds): Promise<string> {
  const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw refuse(`Cannot read ${path}: ${error.code ?? error.message}`);
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
    if (length > max) throw refuse(`${path} is larger than ${max} bytes`);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    await file.close();
  }
}

/** The file's list, or the command's error saying why it is no such file. */
export async function readListFile(path: string, bounds: ListFileBounds): Promise<unknown[]> {
  const { maxRows, noun, refuse } = bounds;
  const text = await boundedText(path, bounds);
  if (!jsonDepthWithin(text)) throw refuse(`${path} nests too deeply to be a ${noun} file`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw refuse(`${path} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(json)) throw refuse(`${path} is not a JSON list of ${noun}`);
  if (json.length > maxRows)
    throw refuse(`${path} holds ${json.length} ${noun}; a file loads at most ${maxRows}`);
  return json;
}

/** A row's `code`, shortened, to name it in a report of refused rows. */
export const codeOfRow = (row: unknown): string | undefined => {
  const code = typeof row === 'object' && row !== null ? (row as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code.slice(0, 60) : undefined;
};

/** A row refused: its index in the list (from 0), its code when it gives one, and what is wrong. */
export interface RefusedRow {
  index: number;
  code?: string;
  problems: string[];
}

/** The row at `index` of the list, refused for `problems`; named by its code when it gives one. */
export function refusedRow(index: number, row: unknown, problems: string[]): RefusedRow {
  const code = codeOfRow(row);
  return { index, ...(code === undefined ? {} : { code }), problems };
}

/** What a row's schema found wrong with it, a line a field (`row` for the row itself). */
export const schemaProblems = (error: z.ZodError): string[] =>
  error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`);

/** What a load did: codes new to the catalogue, codes whose row changed, codes loaded as they were. */
export interface LoadCounts {
  added: number;
  updated: number;
  unchanged: number;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const refusal = (row: RefusedRow) =>
  `  row ${row.index}${row.code === undefined ? '' : ` (${row.code})`}: ${row.problems.join('; ')}`;

/**
 * The command's answer to a load of `loaded` rows (`noun`s) by code; with rows refused, its error
 * naming them: the good rows are stored, and the exit status still tells a script that the file
 * was not clean.
 */
export function loadReport(
  noun: string,
  loaded: number,
  counts: LoadCounts,
  refused: readonly RefusedRow[],
): string {
  const { added, updated, unchanged } = counts;
  const report = `${count(loaded, noun)} loaded: ${added} added, ${updated} updated, ${unchanged} unchanged.`;
  if (refused.length === 0) return report;
  throw new Error(`${report}\n${count(refused.length, 'row')} refused:\n${refused.map(refusal).join('\n')}`);
}
