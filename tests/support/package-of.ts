/** The package a file of this repository or its installed dependencies belongs to. */
import { relative } from 'node:path';
import { ROOT } from './server.js';

/** The innermost node_modules package, or the workspace's own (`@vap/…`); else the file's path. */
export function packageOf(absolute: string): string {
  const path = relative(ROOT, absolute).split('\\').join('/');
  const dependency = [...path.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1)?.[1];
  if (dependency) return dependency;
  const workspace = /^(packages|plugins|apps)\/([^/]+)/.exec(path);
  if (!workspace) return path;
  if (workspace[1] === 'plugins') return `@vap/plugin-${workspace[2]}`;
  return `@vap/${workspace[2]}`;
}
