/** A directory of a suite's own for the files its tests write. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A new directory under the system's temporary one, named from `prefix`: made before the suite's
 * first test (before the suite's own hooks registered after this call) and removed after its last.
 * Answers a function that gives its path once made.
 */
export function scratchDir(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (!dir) throw new Error('the scratch directory is made before the first test');
    return dir;
  };
}
