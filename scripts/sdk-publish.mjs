#!/usr/bin/env node
/**
 * `npm run sdk:publish -- --registry <url> [--tag <dist-tag>] [--no-build]`: builds the plugin SDK
 * (@vap/contracts, @vap/kernel with its manifest tool and @vap/kernel/testing, @vap/ui), packs each
 * package, checks that the tarball holds every file its package.json points at, and publishes the
 * tarballs to the registry the operator names, in the order their dependencies need.
 * The registry's credentials are npm's own (`npm login --registry <url>` beforehand). A version the
 * registry already holds is left as it is: publishing changes means raising the SDK version.
 * Plain Node, no dependencies.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { command } from './cli.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The SDK, each package after those it depends on. */
const SDK_PACKAGES = ['packages/contracts', 'packages/kernel', 'packages/ui'];

const USAGE = `Usage: npm run sdk:publish -- --registry <url> [--tag <dist-tag>] [--no-build]

  --registry <url>  the npm registry to publish @vap/contracts, @vap/kernel and @vap/ui to;
                    log in to it first (npm login --registry <url>)
  --tag <dist-tag>  the dist-tag of this version (default: latest)
  --no-build        pack the packages' builds as they are (a CI job that has just built them)`;

const { fail, parse: parseOptions, registryAddress } = command('sdk:publish', USAGE);

function parse(argv) {
  const { values } = parseOptions(argv, {
    registry: { type: 'string' },
    tag: { type: 'string', default: 'latest' },
    'no-build': { type: 'boolean', default: false },
  });
  if (!values.registry) fail(`the registry is missing.\n\n${USAGE}`);
  return { registry: registryAddress(values.registry), tag: values.tag, build: !values['no-build'] };
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * The packages as they will be published. The SDK is versioned in lockstep, so that a plugin names
 * one version for all of it: each package has the SDK's version, none is private, and each range on
 * another SDK package is `^<version>`, which the published set satisfies.
 */
function sdkManifests() {
  const manifests = SDK_PACKAGES.map((dir) => ({ dir, ...readJson(join(ROOT, dir, 'package.json')) }));
  const version = manifests[0].version;
  const names = new Set(manifests.map((manifest) => manifest.name));
  const problems = [];
  for (const manifest of manifests) {
    if (manifest.private) problems.push(`${manifest.name} is private`);
    if (manifest.version !== version)
      problems.push(`${manifest.name} is at ${manifest.version}, the SDK at ${version}`);
    for (const field of ['dependencies', 'peerDependencies']) {
      for (const [name, range] of Object.entries(manifest[field] ?? {})) {
        if (names.has(name) && range !== `^${version}`)
          problems.push(`${manifest.name}'s ${field} name ${name}@${range}, not ^${version}`);
      }
    }
  }
  return { version, manifests, problems };
}

/** Runs npm against the registry, the @vap scope included (a scope's own registry would win). */
function npm(args, registry, options = {}) {
  return spawnSync('npm', [...args, '--registry', registry, `--@vap:registry=${registry}`], {
    cwd: ROOT,
    encoding: 'utf8',
    ...options,
  });
}

/** The files package.json points at (entry points, types, bins), as paths inside the package. */
function pointedAt(manifest) {
  const targets = [manifest.main, manifest.types, ...Object.values(manifest.bin ?? {})];
  const walk = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(manifest.exports);
  const paths = targets.filter((target) => typeof target === 'string' && !target.includes('*'));
  return [...new Set(paths.map((target) => target.replace(/^\.\//, '')))];
}

function published(name, version, registry) {
  const answer = npm(['view', `${name}@${version}`, 'version', '--json'], registry);
  return answer.status === 0 && answer.stdout.trim() !== '';
}

function main() {
  const { registry, tag, build } = parse(process.argv.slice(2));
  const { version, manifests, problems } = sdkManifests();
  if (problems.length > 0) fail(`the SDK cannot be published as it is:\n  ${problems.join('\n  ')}`);

  if (build) {
    const filters = manifests.map((manifest) => `--filter=${manifest.name}`);
    const turbo = spawnSync(
      join(ROOT, 'node_modules/.bin/turbo'),
      ['run', 'build', ...filters, '--output-logs=errors-only'],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (turbo.status !== 0) fail('the SDK does not build.');
  }

  // Every tarball is packed and checked before any is published: never half an SDK in the registry.
  const dir = mkdtempSync(join(tmpdir(), 'vap-sdk-'));
  try {
    const tarballs = [];
    for (const manifest of manifests) {
      const id = `${manifest.name}@${version}`;
      if (published(manifest.name, version, registry)) {
        console.log(`${id}: already in ${registry}, left as it is`);
        continue;
      }
      const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', dir, '-w', manifest.dir], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      if (pack.status !== 0) return refuse(`${id} cannot be packed:\n${pack.stderr}`);
      const [{ filename, files }] = JSON.parse(pack.stdout);
      const inside = new Set(files.map((file) => file.path));
      const missing = pointedAt(manifest).filter((path) => !inside.has(path));
      if (missing.length > 0)
        return refuse(
          `${id} lacks ${missing.join(', ')}: build it first (npm run build -w ${manifest.dir}).`,
        );
      tarballs.push({ id, file: join(dir, filename) });
    }
    for (const { id, file } of tarballs) {
      const publish = npm(['publish', file, '--tag', tag], registry, {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (publish.status !== 0)
        return refuse(
          `${id} was not published to ${registry} (logged in? npm login --registry ${registry}).`,
        );
      console.log(`${id}: published to ${registry} (${tag})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Like `fail`, once the temporary directory is to be removed on the way out. */
function refuse(message) {
  console.error(`sdk:publish: ${message}`);
  process.exitCode = 1;
}

main();
