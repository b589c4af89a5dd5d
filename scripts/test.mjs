#!/usr/bin/env node
/**
 * `npm test`: every package's tests, two at a time after one build.
 *
 * Turbo alone starts a package's tests as soon as the packages it depends on are built, so on a
 * 2-core machine the small suites took a core while the server and the console were still being
 * built, and the cross-package suite (@vap/tests, which needs every build and runs longest) began
 * minutes late, always last. Here every package is built first on both cores; then two lanes take
 * the packages' tests from one queue, the longest suites first, each lane the next package as soon
 * as its last one ends. Two fixed lanes (the cross-package suite in one, the rest in the other)
 * left one lane running alone for minutes at the end; a shared queue ends both lanes close together.
 * Once the longest suites have ended, a third lane joins: the console packages' suites left then
 * spend much of their time waiting (on React's reveal of suspended content, on timers), and two of
 * them kept the two cores 55% busy (the plugins' suites: 223 s two at a time, 178 s three at a time).
 * Every suite runs even when another fails; the failed ones are named at the end, and the run fails
 * if any did. Plain Node, no dependencies.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The suites that run longest, first in the queue, in this order (those the workspace has). */
const LONGEST = ['@vap/tests', '@vap/server'];
const LANES = 2;
/** The lanes once the longest suites have ended. */
const TAIL_LANES = 3;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The workspace's package directories (`dir` or `dir/*` entries of the root's `workspaces`). */
function workspaceDirs() {
  return (readJson('package.json').workspaces ?? []).flatMap((entry) => {
    if (!entry.endsWith('/*')) return [entry];
    const parent = entry.slice(0, -2);
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true })
      .filter((each) => each.isDirectory())
      .map((each) => join(parent, each.name));
  });
}

/** How many test files lie below `dir` (node_modules and dist aside): a package's size in tests. */
function testFiles(dir) {
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const each of readdirSync(dir, { withFileTypes: true })) {
    if (each.name === 'node_modules' || each.name === 'dist') continue;
    if (each.isDirectory()) count += testFiles(join(dir, each.name));
    else if (/\.test\.[cm]?[jt]sx?$/.test(each.name)) count += 1;
  }
  return count;
}

/**
 * The packages with a `test` script, as queue entries: the longest suites first, then the most test
 * files first. A package whose package.json lists `testParts` (file filters of its test runner) is
 * an entry per part, run one after another or side by side as the lanes come free: the
 * cross-package suite runs its files one at a time, and whole it ran twice as long as any other
 * suite, one lane running it alone for minutes after the other had emptied the queue.
 */
function testQueue() {
  const packages = workspaceDirs()
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: readJson(join(dir, 'package.json')) }))
    .filter(({ manifest }) => manifest.scripts?.test)
    .map(({ dir, manifest }) => ({
      name: manifest.name,
      parts: manifest.testParts ?? [undefined],
      files: testFiles(join(dir, 'src')),
    }));
  const rank = (name) => (LONGEST.includes(name) ? LONGEST.indexOf(name) : LONGEST.length);
  return packages
    .sort((a, b) => rank(a.name) - rank(b.name) || b.files - a.files || a.name.localeCompare(b.name))
    .flatMap(({ name, parts }) => parts.map((part) => ({ name, part })));
}

/** Runs turbo with `args`; answers its exit code. */
function turbo(args) {
  return new Promise((done) => {
    const child = spawn('turbo', args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', () => done(1));
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const built = await turbo(['run', 'build', '--continue', '--output-logs=errors-only']);
const queue = testQueue();
const failed = [];
let longestLeft = queue.filter(({ name }) => LONGEST.includes(name)).length;
const tail = [];
const lane = async () => {
  for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) {
    const { name, part } = entry;
    const args = ['run', 'test', '--only', `--filter=${name}`, ...(part ? ['--', part] : [])];
    if ((await turbo(args)) !== 0) failed.push(part ? `${name}#test (${part})` : `${name}#test`);
    if (LONGEST.includes(name) && --longestLeft === 0) {
      for (let extra = LANES; extra < TAIL_LANES; extra++) tail.push(lane());
    }
  }
};
// With none of the longest suites in the queue, the tail's lanes run from the start.
await Promise.all(Array.from({ length: longestLeft > 0 ? LANES : TAIL_LANES }, lane));
await Promise.all(tail);
if (failed.length > 0) console.error(`\n  Failed:    ${failed.sort().join(', ')}\n`);
process.exit(built !== 0 || failed.length > 0 ? 1 : 0);
