// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@vap/contracts';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every locale file of the repository: the console's, the server's and each plugin's. */
function localeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return localeFiles(path);
    return /\/locales\/(?:[^/]+\/)?(?:en|zh-CN|zh-TW)\.json$/.test(path) ? [path] : [];
  });
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(texts);
  return [];
}

const read = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** The names the owner went by before issue 29 besides the one kept. */
const RETIRED = [/超级管理员/, /超級管理員/, /super administrator/i];

describe('the company owner has one name (issue 29)', () => {
  it('no text of the console, its plugins or the server calls the owner anything else', () => {
    const files = [join(root, 'locales'), join(root, 'plugins')].flatMap(localeFiles);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      texts(JSON.parse(readFileSync(file, 'utf8')))
        .filter((text) => RETIRED.some((name) => name.test(text)))
        .map((text) => `${relative(root, file)}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it.each(LANGUAGES)('the dashboard and the users table name the owner alike in %s', (language) => {
    const dashboard = read(`plugins/dashboard/src/locales/${language}.json`) as { owner: string };
    const system = read(`plugins/system/src/locales/${language}.json`) as { role: { superAdmin: string } };
    expect(system.role.superAdmin).toBe(dashboard.owner);
  });
});
