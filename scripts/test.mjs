#!/usr/bin/env node
/**
 * `npm test`: every package's tests, in lanes after one build.
 *
 * Turbo alone starts a package's tests as soon as the packages it depends on are built, so on a
 * 2-core machine the small suites took a core while the server and the console were still being
 * built, and the cross-package suite (@vap/tests, which needs every build and runs longest) began
 * minutes late, always last. Here every package is built first on both cores; then each of the two
 * long suites runs in a lane of its own — the cross-package suite, which waits on browsers and
 * servers as much as it computes, and the server's, on both database engines — while a third lane
 * runs the rest, one suite at a time. With the rest queued behind the server's suite in one lane,
 * that lane ran about 21 minutes while the cross-package one ran 17 and left a core idle for long
 * stretches of its waits. Every suite runs even when another fails (turbo's --continue); the run
 * fails if any did. Plain Node, no dependencies.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The suites that run longest, each in a lane of its own (absent from a workspace without them). */
const LONGEST = [
  { name: '@vap/tests', dir: 'tests' },
  { name: '@vap/server', dir: 'apps/server' },
];

const present = (suite) => {
  const manifest = join(suite.dir, 'package.json');
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === suite.name;
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
const longest = LONGEST.filter(present);
const lanes = [
  ...longest.map(({ name }) => turbo(['run', 'test', '--only', `--filter=${name}`])),
  turbo([
    'run',
    'test',
    '--only',
    '--continue',
    '--concurrency=1',
    ...longest.map(({ name }) => `--filter=!${name}`),
  ]),
];
const codes = [built, ...(await Promise.all(lanes))];
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
