/**
 * `npm test` (the root script, which CI runs) reports every package's tests even when one fails,
 * and still fails: turbo stops at the first failing task otherwise, hiding the others' results
 * (issue 19 §6); a package whose tests run in parts (`testParts`) runs each part, and a failed part
 * is named. Checked on a small workspace of four packages, one of them in two parts, run by the
 * root's own `test` script and turbo, one task at a time so that the first failure would stop the
 * rest.
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

const work = mkdtempSync(join(tmpdir(), 'vap-npm-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function writeJson(file: string, value: unknown) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

describe('npm test', () => {
  it('runs the tests of every package and part past a failing one, names each failure, and exits non-zero', () => {
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
    writeJson(join(work, 'turbo.json'), {
      concurrency: '1',
      tasks: { build: { outputs: [] }, test: { outputs: [] } },
    });
    const lock: Record<string, object> = { '': { name: 'workspace', workspaces: ['packages/*'] } };
    const manifests = [
      ...Object.entries(PACKAGES).map(([name, command]) => ({
        name,
        scripts: { test: `echo ran-${name} && ${command}` },
      })),
      { name: IN_PARTS.name, testParts: IN_PARTS.testParts, scripts: { test: IN_PARTS.test } },
    ];
    for (const { name, ...manifest } of manifests) {
      mkdirSync(join(work, 'packages', name), { recursive: true });
      writeJson(join(work, 'packages', name, 'package.json'), { name, version: '1.0.0', ...manifest });
      lock[`node_modules/${name}`] = { resolved: `packages/${name}`, link: true };
      lock[`packages/${name}`] = { version: '1.0.0' };
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
    const output = `${result.stdout}\n${result.stderr}`;
    for (const name of Object.keys(PACKAGES)) expect(output, output).toContain(`ran-${name}`);
    for (const part of IN_PARTS.testParts) expect(output, output).toContain(`ran-fourth-${part}`);
    expect(output).toContain('Failed:    first#test, fourth#test (y/), third#test');
    expect(result.status).not.toBe(0);
  });
});
