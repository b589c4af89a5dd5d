/** Which sources a built chunk of the console holds, read from the build's source maps. */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ROOT } from '../support/server.js';

export const DIST = join(ROOT, 'apps/console/dist');
export const ASSETS = join(DIST, 'assets');

export interface SourceMap {
  sources: string[];
  mappings: string;
}

export const readMap = (file: string): SourceMap | null =>
  existsSync(`${file}.map`) ? (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMap) : null;

/** The package a source belongs to: the innermost node_modules package, or the workspace's own. */
export function owner(absolute: string): string {
  const path = relative(ROOT, absolute).split('\\').join('/');
  const dependency = [...path.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1)?.[1];
  if (dependency) return dependency;
  const workspace = /^(packages|plugins|apps)\/([^/]+)/.exec(path);
  if (!workspace) return path;
  if (workspace[1] === 'plugins') return `@vap/plugin-${workspace[2]}`;
  return `@vap/${workspace[2]}`;
}

/** The packages whose code a served file of the build (`/assets/…`) holds; none for CSS. */
export function packagesOf(pathname: string): string[] {
  const map = pathname.endsWith('.js') ? readMap(join(DIST, pathname)) : null;
  return map ? [...new Set(map.sources.map((source) => owner(resolve(ASSETS, source))))] : [];
}
