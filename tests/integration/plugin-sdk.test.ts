/**
 * A third party builds a plugin outside this repository (issue 30 §4), as docs/plugin-api.md walks
 * them through it: `npm run sdk:publish` puts the SDK into a real npm registry (Verdaccio, on a free
 * port, its storage in a temporary directory); `npm run new-plugin -- --dir` scaffolds a plugin in a
 * temporary directory outside the repository, which installs `@vap/*` from that registry and
 * everything else from the npm registry or npm's cache, builds and passes its own tests there; listed
 * in a deployment's plugin list, the console built and the server started, its dir, page and button
 * are in the menu titled by its own strings in three languages, its own call is answered by its
 * server entry, its button permission holds for a role without it (on screen and on the call), and
 * it disappears cleanly, call included, when it is taken off the list (issue 12 §3). No file of the
 * kernel, the console or the server is edited.
 */

import { type ChildProcess, type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  type MenuItem,
  type PluginManifest,
  pluginManifestSchema,
  SYSTEM_PATHS,
  TOKEN_STORAGE_KEY,
} from '@vap/contracts';
import { LANGUAGE_STORAGE_KEY } from '@vap/kernel/host';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { apiToken, DEMO, freePort, ROOT, type RunningServer, startServer } from '../support/server.js';

const VERDACCIO = createRequire(import.meta.url).resolve('verdaccio/bin/verdaccio');
const SDK = ['@vap/contracts', '@vap/kernel', '@vap/ui'] as const;
const SDK_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'packages/kernel/package.json'), 'utf8')) as {
    version: string;
  }
).version;
// The SDK is built by the time this runs (the tests' ^build): rebuilding it here would rewrite the
// dist/ that the suites running beside it read.
const PUBLISH_OPTIONS = ['--no-build'];
const NAME = 'device-map';
const PAGE = `${NAME}_example`;
const CONSOLE = join(ROOT, 'apps/console');
/** A member whose role has the plugin's page but not its button. */
const MEMBER = { phone: '13900139077', password: 'member-pass-1', nickname: '地图查看员' };
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

interface Registry {
  url: string;
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * The environment of a child: nothing of the npm, turbo or vitest run around this test (npm would
 * take the repository for the project a command runs in), as in a third party's own shell.
 */
function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|vitest|turbo_)/i.test(key)) env[key] = value;
  }
  return { ...env, FORCE_COLOR: '0', NO_COLOR: '1', ...extra };
}

const output = (result: SpawnSyncReturns<string>) => `${result.stdout}\n${result.stderr}`;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return spawnSync(command, args, { cwd, encoding: 'utf8', env: cleanEnv(env), timeout: 480_000 });
}

function mustRun(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = run(command, args, cwd, env);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${output(result)}`);
  return result;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((done) => child.once('exit', () => done()));
}

/** Verdaccio on a free port, serving only what is published to it: no uplink to another registry. */
async function startRegistry(dir: string): Promise<Registry> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(dir, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${join(dir, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(dir, 'htpasswd')}`,
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      'web:',
      '  enable: false',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const logFile = join(dir, 'verdaccio.log');
  // Its output goes to a file: a pipe left unread while a synchronous npm runs would stall it.
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [VERDACCIO, '--config', config, '--listen', `127.0.0.1:${port}`], {
    cwd: dir,
    env: cleanEnv(),
    stdio: ['ignore', log, log],
  });
  const readLog = () => readFileSync(logFile, 'utf8');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited with ${child.exitCode}:\n${readLog()}`);
    try {
      if ((await fetch(`${url}-/ping`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Verdaccio did not answer within 60 s:\n${readLog()}`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    url,
    log: readLog,
    stop: async () => {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(killer);
    },
  };
}

/** An account on the registry and npm's user configuration holding its token, as `npm login` leaves it. */
async function loginConfig(registry: string, dir: string): Promise<string> {
  const answer = await fetch(`${registry}-/user/org.couchdb.user:sdk-publisher`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'sdk-publisher', password: 'publisher-pass-1' }),
  });
  expect(answer.status).toBe(201);
  const { token } = (await answer.json()) as { token: string };
  const file = join(dir, 'npmrc');
  writeFileSync(file, `//${new URL(registry).host}/:_authToken=${token}\n`);
  return file;
}

/** The files an `exports` map names, wildcards aside. */
function entryFiles(exports: unknown): string[] {
  if (typeof exports === 'string') return exports.includes('*') ? [] : [exports];
  return exports && typeof exports === 'object' ? Object.values(exports).flatMap(entryFiles) : [];
}

/** The SDK package `name` at the SDK's version, as the registry answers `npm view`. */
interface Published {
  'dist-tags': Record<string, string>;
  dist: { integrity: string };
  bin?: Record<string, string>;
  types?: string;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function published(name: string): Published {
  const view = mustRun(
    'npm',
    [
      'view',
      `${name}@${SDK_VERSION}`,
      '--json',
      '--registry',
      registry.url,
      `--@vap:registry=${registry.url}`,
    ],
    work,
  );
  return JSON.parse(view.stdout) as Published;
}

let work: string;
let registry: Registry;
let userConfig: string;
let publish: SpawnSyncReturns<string>;
let pluginDir: string;
const timings: Record<string, number> = {};

/** Records how long each step took, in seconds, for the figures this test prints at its end. */
async function timed<T>(step: string, action: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await action();
  } finally {
    timings[step] = Math.round((performance.now() - start) / 100) / 10;
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'vap-plugin-sdk-'));
  registry = await timed('registry', () => startRegistry(mkdtempSync(join(work, 'registry-'))));
  userConfig = await loginConfig(registry.url, work);
  publish = await timed('sdk:publish', () =>
    run('npm', ['run', 'sdk:publish', '--', '--registry', registry.url, ...PUBLISH_OPTIONS], ROOT, {
      NPM_CONFIG_USERCONFIG: userConfig,
    }),
  );
  // Nothing after it can run without the SDK in the registry.
  if (publish.status !== 0)
    throw new Error(`npm run sdk:publish failed:\n${output(publish)}\n${registry.log()}`);
  const elsewhere = join(work, 'acme');
  mustRun(
    process.execPath,
    [join(ROOT, 'scripts/new-plugin.mjs'), NAME, '--dir', elsewhere, '--registry', registry.url],
    work,
  );
  pluginDir = join(elsewhere, NAME);
  // npm's cache first: a CI machine has fetched these packages for the repository already.
  await timed('npm install', () =>
    mustRun('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], pluginDir),
  );
  await timed('npm run build', () => mustRun('npm', ['run', 'build'], pluginDir));
}, 900_000);

afterAll(async () => {
  await timed('teardown', async () => {
    await registry?.stop();
    // The plugin's node_modules (some 300 MB) and the console's build: seconds on a busy disk.
    if (work) await rm(work, { recursive: true, force: true });
  });
  console.log(`plugin SDK steps (s): ${JSON.stringify(timings)}`);
}, 300_000);

describe('the plugin SDK, published', () => {
  it('npm run sdk:publish puts @vap/contracts, @vap/kernel and @vap/ui into the registry the operator names', () => {
    expect(publish.stdout).toContain(`@vap/ui@${SDK_VERSION}: published to ${registry.url}`);
    for (const name of SDK) {
      const manifest = published(name);
      expect(manifest['dist-tags'].latest, name).toBe(SDK_VERSION);
      expect(manifest.types, name).toBe('./dist/index.d.ts');
    }
  });

  it('carries the manifest tool, @vap/kernel/testing and ranges on the SDK that the set published satisfies', () => {
    const kernel = published('@vap/kernel');
    const ui = published('@vap/ui');
    expect(kernel?.bin).toEqual({ 'vap-plugin-manifest': 'bin/plugin-manifest.mjs' });
    expect(kernel?.exports?.['./testing']).toEqual({
      types: './dist/testing.d.ts',
      default: './dist/testing.js',
    });
    expect(kernel?.dependencies?.['@vap/contracts']).toBe(`^${SDK_VERSION}`);
    expect(ui?.dependencies?.['@vap/contracts']).toBe(`^${SDK_VERSION}`);
    expect(ui?.peerDependencies?.['@vap/kernel']).toBe(`^${SDK_VERSION}`);
  });

  it('publishing again leaves the versions the registry holds as they are', () => {
    const again = run(
      'npm',
      ['run', 'sdk:publish', '--', '--registry', registry.url, ...PUBLISH_OPTIONS],
      ROOT,
      {
        NPM_CONFIG_USERCONFIG: userConfig,
      },
    );
    expect(again.status, output(again)).toBe(0);
    for (const name of SDK)
      expect(again.stdout).toContain(`${name}@${SDK_VERSION}: already in ${registry.url}`);
  });

  it('is refused without a registry, naming the option', () => {
    const refused = run(process.execPath, [join(ROOT, 'scripts/sdk-publish.mjs')], ROOT);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('the registry is missing');
    expect(refused.stderr).toContain('--registry <url>');
  });

  it('publishes nothing when a package lacks a file its package.json points at', () => {
    // A copy of the SDK's packages at an unpublished version, one of them without its testing types.
    const copy = mkdtempSync(join(work, 'unbuilt-'));
    const version = '9.9.9';
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ private: true, workspaces: ['packages/*'] }));
    mkdirSync(join(copy, 'scripts'));
    for (const script of ['sdk-publish.mjs', 'cli.mjs'])
      copyFileSync(join(ROOT, 'scripts', script), join(copy, 'scripts', script));
    for (const dir of ['contracts', 'kernel', 'ui']) {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8'));
      pkg.version = version;
      for (const field of ['dependencies', 'peerDependencies'])
        for (const name of SDK) if (pkg[field]?.[name]) pkg[field][name] = `^${version}`;
      mkdirSync(join(copy, 'packages', dir), { recursive: true });
      writeFileSync(join(copy, 'packages', dir, 'package.json'), JSON.stringify(pkg));
      for (const target of [
        pkg.main,
        pkg.types,
        ...Object.values(pkg.bin ?? {}),
        ...entryFiles(pkg.exports),
      ]) {
        if (target === './dist/testing.d.ts' && dir === 'kernel') continue;
        mkdirSync(join(copy, 'packages', dir, dirname(target)), { recursive: true });
        writeFileSync(join(copy, 'packages', dir, target), '');
      }
    }
    const refused = run(
      process.execPath,
      [join(copy, 'scripts/sdk-publish.mjs'), '--registry', registry.url, '--no-build'],
      copy,
      {
        NPM_CONFIG_USERCONFIG: userConfig,
      },
    );
    expect(refused.status, output(refused)).not.toBe(0);
    expect(refused.stderr).toContain(`@vap/kernel@${version} lacks dist/testing.d.ts: build it first`);
    const contracts = run(
      'npm',
      [
        'view',
        `@vap/contracts@${version}`,
        'version',
        '--registry',
        registry.url,
        `--@vap:registry=${registry.url}`,
      ],
      work,
    );
    expect(contracts.stdout.trim()).toBe('');
  });
});

describe('a plugin scaffolded outside the repository', () => {
  it('stands alone: the SDK at its published version, compiler options of its own, @vap/* from the registry', () => {
    const pkg = JSON.parse(readFileSync(join(pluginDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    expect(pkg.dependencies).toEqual({
      '@vap/contracts': `^${SDK_VERSION}`,
      '@vap/ui': `^${SDK_VERSION}`,
      zod: '^4.1.12',
    });
    expect(pkg.peerDependencies['@vap/kernel']).toBe(`^${SDK_VERSION}`);
    expect(pkg.devDependencies['@vap/kernel']).toBe(`^${SDK_VERSION}`);
    expect(pkg.devDependencies.typescript).toBeDefined();
    const tsconfig = JSON.parse(readFileSync(join(pluginDir, 'tsconfig.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(tsconfig.extends).toBeUndefined();
    expect(tsconfig.compilerOptions).toMatchObject({ strict: true, jsx: 'react-jsx' });
    expect(readFileSync(join(pluginDir, '.npmrc'), 'utf8')).toBe(`@vap:registry=${registry.url}\n`);
  });

  it('installs @vap/* from the SDK registry (the tarballs published there), not links into the repository', () => {
    const lock = JSON.parse(readFileSync(join(pluginDir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; integrity?: string; link?: boolean }>;
    };
    for (const name of SDK) {
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry?.version, name).toBe(SDK_VERSION);
      expect(entry?.integrity, name).toBe(published(name).dist.integrity);
      expect(lstatSync(join(pluginDir, 'node_modules', name)).isSymbolicLink(), name).toBe(false);
    }
  });

  it('builds there: dist/manifest.json places its dir, page and button in the menu catalogue', () => {
    const manifest: PluginManifest = pluginManifestSchema.parse(
      JSON.parse(readFileSync(join(pluginDir, 'dist/manifest.json'), 'utf8')),
    );
    expect(manifest.id).toBe(NAME);
    expect(manifest.pages.map((page) => [page.name, page.buttons])).toEqual([[PAGE, ['greet']]]);
  });

  it('its own tests pass there, in a kernel of @vap/kernel/testing from the registry', async () => {
    const result = await timed('npm test', () => run('npm', ['test'], pluginDir));
    expect(result.status, output(result)).toBe(0);
    // The page's four and its server entry's two.
    expect(result.stdout).toMatch(/Tests\s+6 passed/);
  });

  it('type-checks there, against the types the SDK published', async () => {
    const result = await timed('npm run typecheck', () => run('npm', ['run', 'typecheck'], pluginDir));
    expect(result.status, output(result)).toBe(0);
  });
});

describe("the plugin in a deployment's plugin list", () => {
  let consoleDir: string;
  let dataDir: string;
  let server: RunningServer;
  let browser: Browser;

  const login = (account: string, password: string) => apiToken(server.url, account, password);
  const owner = () => login(DEMO.account, DEMO.password);

  async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${server.url}/webapi${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    expect(answer.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    return JSON.parse(text) as T;
  }

  /** The plugin's own call, as its page makes it. */
  const greetingCall = (token: string) =>
    fetch(`${server.url}/webapi/plugins/${NAME}/greeting`, { headers: { authorization: `Bearer ${token}` } });

  const flatten = (items: readonly MenuItem[]): MenuItem[] =>
    items.flatMap((item) => [item, ...flatten(item.children)]);

  async function menuOf(token: string): Promise<MenuItem[]> {
    const info = await api<{ menus: MenuItem[] | Record<string, never> }>(token, 'GET', '/v1/pms/user');
    return Array.isArray(info.menus) ? flatten(info.menus) : [];
  }

  /** The plugin's strings in `language`, from its own locale file. */
  const texts = (language: string) =>
    JSON.parse(readFileSync(join(pluginDir, `src/locales/${language}.json`), 'utf8')) as {
      example: { title: string; greet: string; greeting: string };
      menu: { dir: string; example: string };
      buttons: { greet: string };
    };

  /** A signed-in tab in `language`, the token handed over as the console keeps it. */
  async function signedIn(token: string, language: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(
      ([tokenKey, languageKey, value, lang]) => {
        localStorage.setItem(tokenKey, value);
        localStorage.setItem(languageKey, lang);
      },
      [TOKEN_STORAGE_KEY, LANGUAGE_STORAGE_KEY, token, language] as const,
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    return page;
  }

  beforeAll(async () => {
    const firstParty = JSON.parse(readFileSync(join(CONSOLE, 'plugins.json'), 'utf8')) as string[];
    const list = join(work, 'plugins.json');
    writeFileSync(list, JSON.stringify([...firstParty, pluginDir]));
    consoleDir = join(work, 'console');
    // Kept across a restart: the plugin is taken off the list on the same data.
    dataDir = join(work, 'data');
    await timed('console build', () =>
      mustRun(
        join(ROOT, 'node_modules/.bin/vite'),
        ['build', '--outDir', consoleDir, '--emptyOutDir'],
        CONSOLE,
        {
          VAP_PLUGINS_FILE: list,
        },
      ),
    );
    [server, browser] = await timed('server', () =>
      Promise.all([startServer({ dataDir, env: { CONSOLE_DIR: consoleDir } }), launchChromium()]),
    );
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the server's menu holds its dir, page and button, titled by keys of its own strings", async () => {
    const items = await menuOf(await owner());
    const dir = items.find((item) => item.name === NAME);
    const page = items.find((item) => item.name === PAGE);
    expect(dir).toMatchObject({ type: 'dir', path: NAME, title: `${NAME}:menu.dir` });
    expect(page).toMatchObject({
      type: 'page',
      path: 'example',
      parent_id: dir?.id,
      title: `${NAME}:menu.example`,
    });
    expect(page?.children.map((button) => [button.name, button.title])).toEqual([
      ['greet', `${NAME}:buttons.greet`],
    ]);
  });

  it('the server answers its own call from its server entry, on the SDK and zod it installed', async () => {
    const answer = await greetingCall(await owner());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ user_id: expect.any(Number), served_at: expect.any(String) });
    const document = (await (await fetch(`${server.url}/webapi/api.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toContain(`/plugins/${NAME}/greeting`);
  });

  it.each(['en', 'zh-CN', 'zh-TW'])('Chromium shows its menu entries and page in %s', async (language) => {
    const strings = texts(language);
    const token = await owner();
    const page = await signedIn(token, language);
    const menu = page.getByRole('navigation').first();
    await menu.getByRole('button', { name: strings.menu.dir }).click();
    await menu.getByRole('link', { name: strings.menu.example }).click();
    await page.getByRole('heading', { name: strings.example.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${NAME}/example`);
    // The owner may use every button; the greeting comes from the plugin's own call, on the server.
    await page.getByRole('button', { name: strings.example.greet }).click();
    const { id } = await api<{ id: number }>(token, 'GET', '/v1/pms/user');
    await page
      .getByText(strings.example.greeting.replace('{{name}}', NAME).replace('{{user}}', String(id)))
      .waitFor();
    await page.context().close();
  });

  it('lets the owner grant its page without its button: the role sees the page, not the button', async () => {
    const ownerToken = await owner();
    const role = await api<{ id: number }>(ownerToken, 'POST', SYSTEM_PATHS.roles, {
      name: 'Map viewers',
      menus: { dashboard: [], [NAME]: [], [PAGE]: [] },
    });
    await api(ownerToken, 'POST', SYSTEM_PATHS.users, {
      ...MEMBER,
      password: md5(MEMBER.password),
      role_id: role.id,
    });
    const strings = texts('en');
    const page = await signedIn(await login(MEMBER.phone, MEMBER.password), 'en');
    await page.goto(`${server.url}/${NAME}/example`);
    await page.getByRole('heading', { name: strings.example.title }).waitFor();
    expect(await page.getByRole('button', { name: strings.example.greet }).count()).toBe(0);
    await page.context().close();
    // The server holds the same line for the call the button makes.
    expect((await greetingCall(await login(MEMBER.phone, MEMBER.password))).status).toBe(403);
    expect((await greetingCall(ownerToken)).status).toBe(200);
  });

  it('disappears cleanly when taken off the list: no menu entry, no route, the rest unchanged', async () => {
    const before = (await menuOf(await owner())).filter(
      (item) => item.name !== NAME && item.name !== PAGE && item.name !== 'greet',
    );
    await server.stop();
    // Off the list, the console's build is the one of the first-party list alone: the repository's
    // own build (apps/console/dist, the server's default), which a rebuild would only make again.
    server = await startServer({ dataDir });
    const token = await owner();
    const after = await menuOf(token);
    expect(after.map((item) => item.name)).toEqual(before.map((item) => item.name));
    expect((await greetingCall(token)).status).toBe(404);
    const page = await signedIn(token, 'en');
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect(await page.getByRole('button', { name: texts('en').menu.dir }).count()).toBe(0);
    // An unknown address goes to /index, the first page (spec §2.3), as if the plugin never was.
    await page.goto(`${server.url}/${NAME}/example`);
    await page.waitForURL((url) => url.pathname !== `/${NAME}/example`);
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect(await page.getByRole('heading', { name: texts('en').example.title }).count()).toBe(0);
    await page.context().close();
  }, 300_000);
});

describe('npm run new-plugin -- --registry', () => {
  it('is refused for a plugin inside the repository, which links the SDK', () => {
    const result = run(
      process.execPath,
      [join(ROOT, 'scripts/new-plugin.mjs'), 'inside', '--registry', 'http://127.0.0.1:1/'],
      ROOT,
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('--registry is for a plugin outside this repository');
    expect(existsSync(join(ROOT, 'plugins/inside'))).toBe(false);
  });

  it('is refused when it is no address', () => {
    const result = run(
      process.execPath,
      [join(ROOT, 'scripts/new-plugin.mjs'), 'outside', '--dir', work, '--registry', 'npm example'],
      work,
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('"npm example" is not a registry address');
    expect(existsSync(join(work, 'outside'))).toBe(false);
  });
});
