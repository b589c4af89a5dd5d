/**
 * What the data directory's checks look for, in the server's tests and in those of the built server
 * (tests/integration): the secret and the database must be the server user's alone.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every path under `root` that group or others may write. */
export function sharedWritable(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.mode & 0o022) found.push(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}
