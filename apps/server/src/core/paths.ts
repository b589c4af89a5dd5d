/**
 * Folders shipped beside the server. The sources (`src/core/…`) and the bundle (`dist/main.js`)
 * sit at different depths, so the package's root is found by walking up to its `drizzle` folder.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

function serverRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle')) && existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No drizzle folder above ${from}`);
  }
}

const SERVER_ROOT = serverRoot(import.meta.dirname);

export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
/** The console build of the monorepo, served at `/` unless CONSOLE_DIR says otherwise. */
export const DEFAULT_CONSOLE_DIR = resolve(SERVER_ROOT, '../console/dist');
/**
 * A PGlite cluster made and migrated by the build (src/pglite-image.ts): a first start on an empty
 * DATA_DIR copies it rather than running initdb and every migration. Absent when running from sources.
 */
export const PGLITE_IMAGE = join(SERVER_ROOT, 'dist/pglite-image');
