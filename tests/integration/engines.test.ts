import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.js';

/** The oldest Node.js the project supports (package.json `engines`). */
const OLDEST_NODE = '20.19.0';

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

function installedManifests(dir: string, found: Map<string, Manifest> = new Map()): Map<string, Manifest> {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (entry.startsWith('@')) {
      installedManifests(path, found);
      continue;
    }
    const file = join(path, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    found.set(`${manifest.name}@${manifest.version}`, manifest);
    installedManifests(join(path, 'node_modules'), found);
  }
  return found;
}

describe('supported Node.js versions', () => {
  it(`the project declares Node ${OLDEST_NODE} as its oldest`, () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
    expect(semver.minVersion(root.engines?.node ?? '')?.version).toBe(OLDEST_NODE);
  });

  it(`every installed package runs on Node ${OLDEST_NODE}`, () => {
    const refusing = [...installedManifests(join(ROOT, 'node_modules')).entries()]
      .filter(
        ([, manifest]) => manifest.engines?.node && !semver.satisfies(OLDEST_NODE, manifest.engines.node),
      )
      .map(([id, manifest]) => `${id} needs node ${manifest.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
