#!/usr/bin/env node
/**
 * `npm test`: every package's tests, in two lanes after one build.
 *
 * Turbo alone starts a package's tests as soon as the packages it depends on are built, so on a
 * 2-core machine the small suites took a core while the server and the console were still being
 * built, and the cross-package suite (@vap/tests, which needs every build and runs longest) began
 * minutes late, always last. Here every package is built first on both cores; then the
 * cross-package suite runs in one lane while the other lane runs the rest, one suite at a time.
 * Every suite runs even when another fails (turbo's --continue); the run fails if any did.
 * Plain Node, no dependencies.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The suite that runs longest, in a lane of its own (absent from a workspace without it). */
const LONGEST = { name: '@vap/tests', dir: 'tests' };

const hasLongest = () => {
  const manifest = join(LONGEST.dir, 'package.json');
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === LONGEST.name;
};

/** Runs turbo with `args`; answers its exit code. */
function turbo(args) {
  return new Promise((done) => {
    const child = spawn('turbo', args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', () => done(1));
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const built = await turbo(['run', 'build', '--continue', '--output-logs=errors-only']);
const lanes = hasLongest()
  ? [
      turbo(['run', 'test', '--only', `--filter=${LONGEST.name}`]),
      turbo(['run', 'test', '--only', '--continue', '--concurrency=1', `--filter=!${LONGEST.name}`]),
    ]
  : [turbo(['run', 'test', '--only', '--continue', '--concurrency=1'])];
const codes = [built, ...(await Promise.all(lanes))];
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
