/** Which sources a built chunk of the console holds, read from the build's source maps. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageOf } from '../support/package-of.js';
import { ROOT } from '../support/server.js';

export const DIST = join(ROOT, 'apps/console/dist');
export const ASSETS = join(DIST, 'assets');

export interface SourceMap {
  sources: string[];
  mappings: string;
}

export const readMap = (file: string): SourceMap | null =>
  existsSync(`${file}.map`) ? (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMap) : null;

/** The packages whose code a served file of the build (`/assets/…`) holds; none for CSS. */
export function packagesOf(pathname: string): string[] {
  const map = pathname.endsWith('.js') ? readMap(join(DIST, pathname)) : null;
  return map ? [...new Set(map.sources.map((source) => packageOf(resolve(ASSETS, source))))] : [];
}
