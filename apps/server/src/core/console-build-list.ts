/**
 * The lists the console build writes beside `index.html` for the server (its plugins' manifests,
 * their server entries): read at start, each by the module it configures.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The JSON list `name` of the console build in `consoleDir`, or null when the build wrote none;
 * a file that is not a JSON list is refused with `refuse(message)`, the message naming it.
 */
export async function readConsoleBuildList(
  consoleDir: string,
  name: string,
  refuse: (message: string) => Error,
): Promise<{ file: string; list: unknown[] } | null> {
  const file = join(consoleDir, name);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw refuse(`${file} is not JSON`);
  }
  if (!Array.isArray(list)) throw refuse(`${file} is not a list`);
  return { file, list };
}
