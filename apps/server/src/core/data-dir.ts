/**
 * The data directory belongs to one server at a time: two processes on one PGlite directory
 * corrupt it. A lock file holds the owner's pid and, where /proc tells it, that process's start
 * time; a lock whose process is gone, a zombie, or another process that reused the pid is taken over.
 *
 * The directory holds the database and the token secret, so it is private to the account that runs
 * the server: created 0700, and everything the process creates is owner-only (umask 077).
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

export class DataDirError extends Error {
  override name = 'DataDirError';
}

/** Group and other permission bits: none of them belongs on a file of the data directory. */
const SHARED_BITS = 0o077;

/**
 * From now on the process creates files and directories for its owner only. PGlite's directories
 * follow the umask; the files of its first `initdb` do not (see `tightenModes`).
 */
export function restrictNewFileModes(): void {
  process.umask(SHARED_BITS);
}

/**
 * Takes group and other permissions off everything under `dir` (PGlite writes its first files
 * `rw-rw-rw-` whatever the umask, and any local account could rewrite the database). Answers how
 * many entries it changed.
 */
export function tightenModes(dir: string): number {
  let changed = 0;
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & SHARED_BITS) {
      chmodSync(path, stat.mode & 0o7700);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return changed;
}

/**
 * Puts a directory at `dir` whole or not at all: `make` fills `<dir>.next`, which then replaces
 * whatever `dir` held, so that a process stopped halfway leaves no half a directory at `dir`.
 */
export async function replaceDirectory(dir: string, make: (next: string) => Promise<void>): Promise<void> {
  const next = `${dir}.next`;
  await rm(next, { recursive: true, force: true });
  await make(next);
  await rm(dir, { recursive: true, force: true });
  await rename(next, dir);
}

interface ProcessIdentity {
  /** Linux `/proc/<pid>/stat` state: `Z` (zombie) and `X` (dead) are no longer running anything. */
  state: string;
  /** Start time in clock ticks since boot: a pid reused by another process has another. */
  start: string;
}

/** The state and start time of a process, where /proc tells them (Linux); undefined otherwise. */
function identityOf(pid: number): ProcessIdentity | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after it do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, start] = [fields[0], fields[19]];
    return state && start ? { state, start } : undefined;
  } catch {
    return undefined;
  }
}

const hasProc = (() => {
  try {
    return statSync('/proc/self/stat').isFile();
  } catch {
    return false;
  }
})();

/** Why the process that wrote a lock no longer holds it, or undefined while it still does. */
function goneReason(pid: number, recordedStart: string | undefined): string | undefined {
  if (hasProc) {
    const identity = identityOf(pid);
    if (!identity) return 'has exited';
    if (identity.state === 'Z' || identity.state === 'X')
      return 'has exited (a zombie left by a crash or kill -9)';
    if (recordedStart !== undefined && identity.start !== recordedStart) {
      return 'has exited; another process now has its pid';
    }
    return undefined;
  }
  try {
    process.kill(pid, 0);
    return undefined;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? undefined : 'has exited';
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * Creates (0700) and locks the data directory. `warn` is told of a directory other accounts may
 * read or write (the server still starts: the operator may have reasons) and of a lock taken over.
 */
export function lockDataDir(dataDir: string, warn: (line: string) => void = () => {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if (mode & SHARED_BITS) {
    warn(
      `DATA_DIR ${dataDir} is open to other accounts (mode ${mode.toString(8).padStart(4, '0')}); ` +
        `it holds the database and the token secret: chmod 700 ${dataDir}`,
    );
  }
  const file = join(dataDir, 'server.lock');
  const self = identityOf(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, self ? `${process.pid}\n${self.start}\n` : `${process.pid}\n`, { flag: 'wx' });
      return {
        release: () => {
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLock(file);
      if (owner !== undefined && owner.pid !== process.pid) {
        const gone = goneReason(owner.pid, owner.start);
        if (gone === undefined) {
          throw new DataDirError(
            `Another VAP server (pid ${owner.pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR.`,
          );
        }
        warn(
          `Taking over the lock of DATA_DIR ${dataDir}: the server that held it (pid ${owner.pid}) ${gone}.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirError(`Could not lock DATA_DIR ${dataDir}; remove ${file} if no server is running.`);
}

function readLock(file: string): { pid: number; start: string | undefined } | undefined {
  try {
    const [pidLine, startLine] = readFileSync(file, 'utf8').split('\n');
    const pid = Number.parseInt(pidLine?.trim() ?? '', 10);
    const start = startLine?.trim();
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, start: start || undefined } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server secret when JWT_SECRET is not set: generated on first start and kept (owner-only) in
 * the data directory, under the name it has always had (`jwt-secret`).
 */
export function loadServerSecret(dataDir: string): string {
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
