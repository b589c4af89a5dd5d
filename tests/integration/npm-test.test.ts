/**
 * `npm test` (the root script, which CI runs) reports every package's tests even when one fails,
 * and still fails: turbo stops at the first failing task otherwise, hiding the others' results
 * (issue 19 §6); a package whose tests run in parts (`testParts`) runs each part, and a failed part
 * is named; once the longest suites (the cross-package suite's and the server's) have ended, three
 * suites run at once instead of two. Checked on small workspaces, run by the root's own `test`
 * script and turbo, one task at a time so that the first failure would stop the rest.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.js';

const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  packageManager: string;
  scripts: Record<string, string>;
};

const PACKAGES = { first: 'exit 1', second: 'exit 0', third: 'exit 1' } as const;
/** A package whose tests run in two parts, the second of which fails: the part is its argument. */
const IN_PARTS = {
  name: 'fourth',
  testParts: ['x/', 'y/'],
  test: `node -e "console.log('ran-fourth-' + process.argv[1]); process.exit(process.argv[1] === 'y/' ? 1 : 0)"`,
} as const;

const works: string[] = [];
afterAll(() => {
  for (const work of works) rmSync(work, { recursive: true, force: true });
});

function writeJson(file: string, value: unknown) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

interface Manifest {
  name: string;
  testParts?: readonly string[];
  scripts: { test: string };
}

/** Runs the root's `npm test` in a new workspace of `manifests` (and `files` at its root). */
function npmTestOf(manifests: readonly Manifest[], files: Record<string, string> = {}) {
  const work = mkdtempSync(join(tmpdir(), 'vap-npm-test-'));
  works.push(work);
  writeJson(join(work, 'package.json'), {
    name: 'workspace',
    private: true,
    packageManager: root.packageManager,
    workspaces: ['packages/*'],
    scripts: { test: root.scripts.test },
  });
  // The root script builds first (no package here has a build), then runs the tests.
  mkdirSync(join(work, 'scripts'));
  copyFileSync(join(ROOT, 'scripts/test.mjs'), join(work, 'scripts/test.mjs'));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(work, file), text);
  writeJson(join(work, 'turbo.json'), {
    concurrency: '1',
    tasks: { build: { outputs: [] }, test: { outputs: [] } },
  });
  const lock: Record<string, object> = { '': { name: 'workspace', workspaces: ['packages/*'] } };
  for (const { name, ...manifest } of manifests) {
    const dir = join('packages', name.replace(/^@vap\//, ''));
    mkdirSync(join(work, dir), { recursive: true });
    writeJson(join(work, dir, 'package.json'), { name, version: '1.0.0', ...manifest });
    lock[`node_modules/${name}`] = { resolved: dir, link: true };
    lock[dir] = { version: '1.0.0' };
  }
  writeJson(join(work, 'package-lock.json'), {
    name: 'workspace',
    lockfileVersion: 3,
    requires: true,
    packages: lock,
  });
  const result = spawnSync('npm', ['test'], {
    cwd: work,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`,
      TURBO_TELEMETRY_DISABLED: '1',
      TURBO_NO_UPDATE_NOTIFIER: '1',
      FORCE_COLOR: '0',
      NO_COLOR: '1',
    },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/**
 * A suite that marks itself running in `running/` for as long as it runs. A longest one runs for
 * 1.5 s and fails if more than two suites ran at its end; a short one fails if it ever sees three
 * suites running while a longest one is (a short one beside the other longest, once the first has
 * ended, is two at once), and passes once it has seen the three short ones running together.
 */
const SUITE = `
const fs = require('node:fs');
const path = require('node:path');
const [name, role] = process.argv.slice(2);
const dir = path.join(__dirname, 'running');
fs.mkdirSync(dir, { recursive: true });
const mark = path.join(dir, name);
fs.writeFileSync(mark, '');
const running = () => fs.readdirSync(dir);
const end = (code, why) => {
  fs.rmSync(mark);
  console.log(name + ': ' + why);
  process.exit(code);
};
if (role === 'longest') {
  setTimeout(() => end(running().length > 2 ? 1 : 0, 'ran beside ' + running().join(' ')), 1500);
} else {
  const deadline = Date.now() + 20_000;
  const look = () => {
    const now = running();
    if (now.length > 2 && now.some((each) => each.startsWith('longest')))
      return end(1, 'ran three at once beside a longest suite');
    if (['short-a', 'short-b', 'short-c'].every((each) => now.includes(each)))
      return setTimeout(() => end(0, 'ran beside two others'), 500);
    if (Date.now() > deadline) return end(1, 'never ran beside two others');
    setTimeout(look, 50);
  };
  look();
}
`;

describe('npm test', () => {
  it('runs the tests of every package and part past a failing one, names each failure, and exits non-zero', () => {
    const { status, output } = npmTestOf([
      ...Object.entries(PACKAGES).map(([name, command]) => ({
        name,
        scripts: { test: `echo ran-${name} && ${command}` },
      })),
      { name: IN_PARTS.name, testParts: IN_PARTS.testParts, scripts: { test: IN_PARTS.test } },
    ]);
    for (const name of Object.keys(PACKAGES)) expect(output, output).toContain(`ran-${name}`);
    for (const part of IN_PARTS.testParts) expect(output, output).toContain(`ran-fourth-${part}`);
    expect(output).toContain('Failed:    first#test, fourth#test (y/), third#test');
    expect(status).not.toBe(0);
  });

  it('runs two suites at once beside the longest, and three once the longest have ended', () => {
    const suite = (name: string, role: string) => ({ test: `node ../../suite.cjs ${name} ${role}` });
    const { status, output } = npmTestOf(
      [
        { name: '@vap/tests', scripts: suite('longest-tests', 'longest') },
        { name: '@vap/server', scripts: suite('longest-server', 'longest') },
        ...['a', 'b', 'c'].map((letter) => ({
          name: `short-${letter}`,
          scripts: suite(`short-${letter}`, 'short'),
        })),
      ],
      { 'suite.cjs': SUITE },
    );
    for (const letter of ['a', 'b', 'c'])
      expect(output, output).toContain(`short-${letter}: ran beside two others`);
    expect(status, output).toBe(0);
  });
});
