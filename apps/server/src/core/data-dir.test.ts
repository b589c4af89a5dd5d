import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sharedWritable } from '../testing/file-modes.js';
import { loadServerSecret, lockDataDir, tightenModes } from './data-dir.js';
import { openDatabase, pgliteDir } from './db/client.js';
import { PGLITE_IMAGE } from './paths.js';

const onLinux = existsSync('/proc/self/stat');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vap-datadir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('creates the directory, holds the lock with its pid and removes it on release', () => {
    const target = join(dir, 'nested', 'data');
    const lock = lockDataDir(target);
    expect(readFileSync(join(target, 'server.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(target, 'server.lock'))).toBe(false);
  });

  it('refuses while another live process holds the lock, naming its pid', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'server.lock'), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(
        `Another VAP server (pid ${other.pid}) is using DATA_DIR ${dir}; stop it or choose another DATA_DIR.`,
      );
    } finally {
      other.kill();
    }
  });

  it('creates the data directory for its owner only (0700), whatever the umask', () => {
    const target = join(dir, 'fresh');
    lockDataDir(target).release();
    expect(statSync(target).mode & 0o777).toBe(0o700);
  });

  it('warns, and still locks, when an existing data directory is open to other accounts', () => {
    const target = join(dir, 'shared');
    mkdirSync(target);
    chmodSync(target, 0o755);
    const warnings: string[] = [];
    lockDataDir(target, (line) => warnings.push(line)).release();
    expect(warnings).toEqual([
      `DATA_DIR ${target} is open to other accounts (mode 0755); it holds the database and the token secret: chmod 700 ${target}`,
    ]);
    const quiet: string[] = [];
    lockDataDir(dir, (line) => quiet.push(line)).release();
    expect(quiet).toEqual([]);
  });

  it.runIf(onLinux)(
    'takes over, with a line saying so, a lock whose pid another process reused',
    async () => {
      const unrelated = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
      try {
        // The start time recorded by the lock's writer is not that of the process now holding the pid.
        writeFileSync(join(dir, 'server.lock'), `${unrelated.pid}\n1\n`);
        const warnings: string[] = [];
        const lock = lockDataDir(dir, (line) => warnings.push(line));
        expect(readFileSync(join(dir, 'server.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
        expect(warnings).toEqual([
          `Taking over the lock of DATA_DIR ${dir}: the server that held it (pid ${unrelated.pid}) has exited; another process now has its pid.`,
        ]);
        lock.release();
      } finally {
        unrelated.kill();
      }
    },
  );

  it.runIf(onLinux)('refuses a lock whose pid still runs the process that wrote it (same start time)', () => {
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
      const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      writeFileSync(join(dir, 'server.lock'), `${server.pid}\n${start}\n`);
      expect(() => lockDataDir(dir)).toThrow(`Another VAP server (pid ${server.pid})`);
    } finally {
      server.kill();
    }
  });

  it.runIf(onLinux)('takes over a lock whose process is a zombie that no parent has reaped yet', async () => {
    // sh starts a child that exits at once, then becomes `sleep`, which never reaps it.
    const parent = spawn('sh', ['-c', `${JSON.stringify(process.execPath)} -e '' & echo $!; exec sleep 30`]);
    try {
      const pid = Number(
        await new Promise<string>((read) =>
          parent.stdout.once('data', (chunk: Buffer) => read(String(chunk))),
        ),
      );
      for (let tries = 0; tries < 100; tries++) {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) break;
        await new Promise((wait) => setTimeout(wait, 50));
      }
      writeFileSync(join(dir, 'server.lock'), `${pid}\n`);
      const warnings: string[] = [];
      const lock = lockDataDir(dir, (line) => warnings.push(line));
      expect(warnings).toEqual([
        `Taking over the lock of DATA_DIR ${dir}: the server that held it (pid ${pid}) has exited (a zombie left by a crash or kill -9).`,
      ]);
      lock.release();
    } finally {
      parent.kill();
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((exit) => gone.once('exit', exit));
    writeFileSync(join(dir, 'server.lock'), `${gone.pid}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });
});

describe('loadServerSecret', () => {
  it('generates a long secret once, readable by the owner only, and keeps it', () => {
    const first = loadServerSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadServerSecret(dir)).toBe(first);
  });
});

describe('the embedded database files', () => {
  it('are writable by their owner only, although PGlite creates them rw-rw-rw-', async () => {
    const database = await openDatabase({ engine: 'pglite', dataDir: dir });
    await database.close();
    expect(readdirSync(pgliteDir(dir)).length).toBeGreaterThan(0);
    expect(sharedWritable(pgliteDir(dir))).toEqual([]);
  });

  // The build's cluster (dist/pglite-image/): present once the server is built, as npm test builds it.
  it.runIf(existsSync(join(PGLITE_IMAGE, 'PG_VERSION')))(
    "a first start copies the build's cluster in place of what a start stopped halfway left",
    async () => {
      // Files of a cluster without its PG_VERSION: not a database.
      mkdirSync(join(pgliteDir(dir), 'base'), { recursive: true });
      writeFileSync(join(pgliteDir(dir), 'base', 'half-copied'), 'x');
      const database = await openDatabase({ engine: 'pglite', dataDir: dir });
      await database.ping();
      await database.close();
      expect(existsSync(join(pgliteDir(dir), 'base', 'half-copied'))).toBe(false);
      expect(existsSync(join(pgliteDir(dir), 'PG_VERSION'))).toBe(true);
      expect(readdirSync(dir)).toEqual(['pglite']);
    },
  );

  it('tightenModes takes group and other bits off files and directories and counts them', () => {
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'file'), 'x');
    chmodSync(join(dir, 'sub', 'file'), 0o666);
    chmodSync(join(dir, 'sub'), 0o775);
    chmodSync(dir, 0o700);
    expect(tightenModes(dir)).toBe(2);
    expect(statSync(join(dir, 'sub', 'file')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'sub')).mode & 0o777).toBe(0o700);
    expect(tightenModes(dir)).toBe(0);
  });
});
