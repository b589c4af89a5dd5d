/**
 * The data directory belongs to one server at a time: two processes on one PGlite directory
 * corrupt it. A lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirError extends Error {
  override name = 'DataDirError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return {
        release: () => {
          if (readPid(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readPid(file);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new DataDirError(
          `Another VAP server (pid ${owner}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR.`,
        );
      }
      // Stale: its owner is gone.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirError(`Could not lock DATA_DIR ${dataDir}; remove ${file} if no server is running.`);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The token signing secret: generated on first start and kept (owner-only) in the data directory. */
export function loadJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
