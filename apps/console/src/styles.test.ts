// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Scanner } from '@tailwindcss/oxide';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');

/** The `@source` folders of the console's stylesheet, as Tailwind's own scanner reads them. */
function scannedFiles(): string[] {
  const css = readFileSync(join(here, 'styles.css'), 'utf8');
  const sources = [...css.matchAll(/@source\s+"([^"]+)"/g)].map(([, path]) => ({
    base: resolve(here, path ?? ''),
    pattern: '**/*',
    negated: false,
  }));
  const scanner = new Scanner({ sources });
  scanner.scan();
  return scanner.files;
}

describe('the console stylesheet', () => {
  it("generates the classes of every plugin's sources, the UI kit's and the kernel's", () => {
    const files = new Set(scannedFiles());
    const plugins = readdirSync(join(root, 'plugins'), { withFileTypes: true }).filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('.'),
    );
    expect(plugins.length).toBeGreaterThan(0);
    for (const plugin of plugins) {
      const index = join(root, 'plugins', plugin.name, 'src/index.ts');
      expect(files.has(index), index).toBe(true);
    }
    expect(files.has(join(root, 'packages/ui/src/components/button.tsx'))).toBe(true);
  });
});
