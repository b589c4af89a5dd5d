/**
 * The one guarded reader of an operator's JSON list file (`algmall:products`, `resources:load`): at
 * most `maxBytes` read, no deeper than the JSON depth bound, a list of at most `maxRows`. Anything
 * else is refused whole through `refuse`, which makes the command's own error.
 */
import { open } from 'node:fs/promises';
import { jsonDepthWithin } from '@vap/contracts';

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
