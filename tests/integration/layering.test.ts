/**
 * The layering rule of docs/architecture.md, in CI as well as in `npm run lint`: the repository passes
 * `npm run depcheck`, and the check does catch each kind of violation, tried on a small tree of the
 * same layout.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.js';

const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');

function depcruise(cwd: string, ...paths: string[]) {
  const run = spawnSync(DEPCRUISE, [...paths, '--config', CONFIG, '--output-type', 'err'], {
    cwd,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the layering check', () => {
  it('passes on the repository', () => {
    const { status, output } = depcruise(ROOT, 'apps', 'packages', 'plugins');
    expect(output).toContain('no dependency violations');
    expect(status).toBe(0);
  }, 120_000);

  describe('on a tree with violations', () => {
    const tree = mkdtempSync(join(tmpdir(), 'vap-layering-'));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    };
    copyFileSync(join(ROOT, 'tsconfig.json'), join(tree, 'tsconfig.json'));
    const server = 'apps/server/src';
    write(`${server}/modules/system/users.ts`, 'export const users = 1;\n');
    write(`${server}/modules/system/index.ts`, "export { users } from './users.js';\n");
    write(
      `${server}/modules/audit/good.ts`,
      "import { users } from '../system/index.js';\nexport const a = users;\n",
    );
    write(
      `${server}/modules/audit/bad.ts`,
      "import { users } from '../system/users.js';\nexport const b = users;\n",
    );
    write(
      `${server}/core/http/bad.ts`,
      "import { users } from '../../modules/system/index.js';\nexport const c = users;\n",
    );
    write(`${server}/core/a.ts`, "import { d } from './b.js';\nexport const e = d;\n");
    write(`${server}/core/b.ts`, "import { e } from './a.js';\nexport const d = () => e;\n");
    write('packages/kernel/src/bad.ts', "import { f } from '../../ui/src/f.js';\nexport const g = f;\n");
    write('packages/ui/src/f.ts', 'export const f = 1;\n');
    write('plugins/one/src/points.ts', 'export const p = 1;\n');
    write('plugins/one/src/inner.ts', 'export const q = 1;\n');
    write('plugins/two/src/good.ts', "import { p } from '../../one/src/points.js';\nexport const h = p;\n");
    write('plugins/two/src/bad.ts', "import { q } from '../../one/src/inner.js';\nexport const i = q;\n");
    write(`${server}/modules/audit/missing.ts`, "import { z } from './nowhere.js';\nexport const j = z;\n");

    const { status, output } = depcruise(tree, 'apps', 'packages', 'plugins');
    const violations = (rule: string) =>
      output
        .split('\n')
        .filter((line) => line.includes(`${rule}:`))
        .map((line) => line.trim());

    it('fails', () => expect(status).not.toBe(0));
    it("catches a module importing another module's internals, not its index.ts", () => {
      expect(violations('module-through-its-face')).toEqual([
        expect.stringContaining('modules/audit/bad.ts → apps/server/src/modules/system/users.ts'),
      ]);
    });
    it('catches core importing a module', () => {
      expect(violations('core-knows-no-module')).toEqual([expect.stringContaining('core/http/bad.ts')]);
    });
    it('catches a cycle', () => {
      expect(violations('no-cycle').join('\n')).toContain('core/a.ts');
    });
    it('catches the kernel importing the design system', () => {
      expect(violations('kernel-below-ui')).toEqual([expect.stringContaining('packages/kernel/src/bad.ts')]);
    });
    it("catches a plugin importing another plugin's internals, and allows its points entry", () => {
      expect(violations('plugin-alone')).toEqual([expect.stringContaining('plugins/two/src/bad.ts')]);
    });
    it('catches an import that resolves nowhere', () => {
      expect(violations('resolvable')).toEqual([expect.stringContaining('modules/audit/missing.ts')]);
    });
  });
});
