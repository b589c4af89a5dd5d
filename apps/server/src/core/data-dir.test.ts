import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadJwtSecret, lockDataDir } from './data-dir.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vap-datadir-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('creates the directory, holds the lock with its pid and removes it on release', () => {
    const target = join(dir, 'nested', 'data');
    const lock = lockDataDir(target);
    expect(readFileSync(join(target, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
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

  it('takes over a lock whose process is gone', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((exit) => gone.once('exit', exit));
    writeFileSync(join(dir, 'server.lock'), `${gone.pid}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});

describe('loadJwtSecret', () => {
  it('generates a long secret once, readable by the owner only, and keeps it', () => {
    const first = loadJwtSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadJwtSecret(dir)).toBe(first);
  });
});
