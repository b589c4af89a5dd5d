/**
 * A third party's plugin, end to end (issue 12 §3): created by `npm run new-plugin` outside the
 * repository's plugins/ (a temporary directory whose node_modules are the repository's, as after
 * an `npm install`), built on its own, installed by the documented steps only — listed in the
 * console's plugin list, the console built, the server started — it appears in the running console
 * with its dir, page and button titled in three languages, its own declared call answered by its
 * server entry, its button permission holds for a role without it (on the screen and on the call),
 * and it disappears cleanly, call included, when it is taken off the list. No file of the kernel, the
 * console or the server is edited.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MenuItem, SYSTEM_PATHS, TOKEN_STORAGE_KEY } from '@vap/contracts';
import { LANGUAGE_STORAGE_KEY } from '@vap/kernel/host';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerAndBrowser } from '../support/browser.js';
import { DEMO, ROOT, type RunningServer, startServer } from '../support/server.js';

const NAME = 'device-map';
const PAGE = `${NAME}_example`;
const MEMBER = { phone: '13900139077', password: 'member-pass-1', nickname: '地图查看员' };
const CONSOLE = join(ROOT, 'apps/console');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

let work: string;
let pluginDir: string;
let consoleDir: string;
let dataDir: string;
let server: RunningServer;
let browser: Browser;

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** The documented install step: the deployment's plugin list, then the console's build. */
function buildConsole(plugins: readonly string[]) {
  const list = join(work, 'plugins.json');
  writeFileSync(list, JSON.stringify(plugins));
  run(join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', consoleDir, '--emptyOutDir'], CONSOLE, {
    VAP_PLUGINS_FILE: list,
  });
}

const firstPartyPlugins = () => JSON.parse(readFileSync(join(CONSOLE, 'plugins.json'), 'utf8')) as string[];

async function login(account: string, password: string): Promise<string> {
  const answer = await fetch(`${server.url}/webapi/v0/pms/users/login_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: md5(password) }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

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

const texts = (language: string) =>
  JSON.parse(readFileSync(join(pluginDir, `src/locales/${language}.json`), 'utf8')) as {
    example: { title: string; greet: string; greeting: string };
    menu: { dir: string; example: string };
    buttons: { greet: string };
  };

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'vap-third-party-'));
  // The plugin's dependencies (the kernel, @vap/ui, React, tsup, …) installed, as after npm install.
  symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
  run(process.execPath, [join(ROOT, 'scripts/new-plugin.mjs'), NAME, '--dir', work], ROOT);
  pluginDir = join(work, NAME);
  run('npm', ['run', 'build'], pluginDir);
  consoleDir = join(work, 'console');
  dataDir = join(work, 'data');
  buildConsole([...firstPartyPlugins(), pluginDir]);
  ({ server, browser } = await startServerAndBrowser({ dataDir, env: { CONSOLE_DIR: consoleDir } }));
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a plugin written outside the repository', () => {
  it('puts its dir, page and button into the server menu, titled by keys of its own strings', async () => {
    const items = await menuOf(await login(DEMO.account, DEMO.password));
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

  it.each(['en', 'zh-CN', 'zh-TW'])('shows its menu entries and page in %s', async (language) => {
    const strings = texts(language);
    const token = await login(DEMO.account, DEMO.password);
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
    const owner = await login(DEMO.account, DEMO.password);
    const role = await api<{ id: number }>(owner, 'POST', SYSTEM_PATHS.roles, {
      name: 'Map viewers',
      menus: { dashboard: [], [NAME]: [], [PAGE]: [] },
    });
    await api(owner, 'POST', SYSTEM_PATHS.users, {
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
    expect((await greetingCall(owner)).status).toBe(200);
  });

  it('disappears cleanly when taken off the list: no menu entry, no route, the rest unchanged', async () => {
    const before = (await menuOf(await login(DEMO.account, DEMO.password))).filter(
      (item) => item.name !== NAME && item.name !== PAGE && item.name !== 'greet',
    );
    await server.stop();
    // Off the list, the console's build is the one of the first-party list alone: the repository's
    // own build (apps/console/dist, the server's default), which a rebuild would only make again.
    server = await startServer({ dataDir });
    const token = await login(DEMO.account, DEMO.password);
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
