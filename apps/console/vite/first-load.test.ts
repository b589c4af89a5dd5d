// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_LOAD_FILE, type FirstLoadFile } from '@vap/contracts';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributionsChunk, firstLoad, languageOf } from './first-load.js';
import { VIRTUAL_ID } from './vap-plugins.js';

/**
 * A console in miniature: boot code with its own messages, two plugins (one declaring the sign-in
 * route), a signed-in page and a UI part both pages import. Each source is padded so that no chunk
 * is too small for the bundler to keep apart.
 */
const pad = (name: string) => `export const padding_${name} = ${JSON.stringify('x'.repeat(2000))};\n`;
const FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/main.js"></script></body></html>',
  'main.js': `import { boot } from './kernel.js';
import { digest, request, services } from './kernel-package/http.js';
request();
services();
digest();
const messages = { en: () => import('./locales/en.json'), 'zh-CN': () => import('./locales/zh-CN.json') };
const shellMessages = { en: () => import('./locales/shell/en.json'), 'zh-CN': () => import('./locales/shell/zh-CN.json') };
boot(import('${VIRTUAL_ID}'), messages, () => import('./shell/shell.js'), shellMessages);`,
  'shell/shell.js': `import { menu } from '../menu.js';\n${pad('shell')}export default () => menu() + padding_shell;`,
  'menu.js': `${pad('menu')}export const menu = () => padding_menu;`,
  'kernel.js': `${pad('kernel')}export const boot = async (plugins, messages, shell, shellMessages) => {
  const { pluginPackages } = await plugins;
  for (const load of Object.values(pluginPackages)) console.log(await load());
  console.log(await messages.en(), await shell(), await shellMessages.en(), padding_kernel);
};
export const publicRoute = (path, load) => ({ path, load });
export const page = (id, load) => ({ id, load });
export const topbarItem = (id, load) => ({ id, load });
export const lazyService = (ref, load) => ({ ref, load });
export const contribute = (point, id, value) => ({ point, id, value });`,
  'kernel-package/http.js': `${pad('http')}export const request = async () => (await import('./schemas.js')).listSchema + padding_http;
export const services = async () => (await import('../node_modules/container/index.js')).container;
export const digest = async () => (await import('../node_modules/digest/index.js')).digest;`,
  'node_modules/container/index.js': `${pad('container')}export const container = () => padding_container;`,
  'node_modules/digest/index.js': `${pad('digest')}export const digest = () => padding_digest;`,
  'kernel-package/schemas.js': `import { coerce } from '../node_modules/zod/coerce.js';\n${pad('schemas')}export const listSchema = coerce() + padding_schemas;`,
  'locales/en.json': '{"app": {"title": "Console"}}',
  'locales/zh-CN.json': '{"app": {"title": "控制台"}}',
  'locales/shell/en.json': '{"menu": {"title": "Menu"}}',
  'locales/shell/zh-CN.json': '{"menu": {"title": "菜单"}}',
  'field.js': `${pad('field')}export const field = () => padding_field;`,
  'account/index.js': `import { contribute, lazyService, publicRoute } from '../kernel.js';
const HomeCards = 'home.cards';
const AccountApiRef = 'account.api';
export default {
  services: [lazyService(AccountApiRef, () => import("./api-Q3ZT7YKD.js").then((module) => module.createAccountApi))],
  contributions: [contribute(HomeCards, "account-card", { component: () => import("./card-3KQ7XV2M.js") })],
  routes: [
    publicRoute("/login", () => import("./login-JTENRMJ5.js")),
    publicRoute("/register", () => import("./register-J3XQPJYL.js")),
  ],
  messages: { en: () => import("./en-4QIYTC5H.js"), "zh-CN": () => import("./zh-CN-4OZWQ25T.js") },
};`,
  'account/login-JTENRMJ5.js': `import { field } from '../field.js';\n${pad('login')}export default () => field() + padding_login;`,
  'account/api-Q3ZT7YKD.js': `${pad('accountApi')}export const createAccountApi = () => padding_accountApi;`,
  'account/register-J3XQPJYL.js': `${pad('register')}export default () => padding_register;`,
  'account/en-4QIYTC5H.js': `export default { login: { title: "Sign in" } };`,
  'account/zh-CN-4OZWQ25T.js': `export default { login: { title: "登录" } };`,
  'system/index.js': `import { contribute, lazyService, page, topbarItem } from '../kernel.js';
const SystemApiRef = 'system.api';
const HomeCards = 'home.cards';
export default {
  contributions: [
    contribute(HomeCards, "system-card", {
      component: () => import("./card-5RT2WQ8N.js").then((module) => ({ default: module.UsersCard })),
      page: "users",
    }),
  ],
  pages: [page('users', () => import('./users-2NTAYU6R.js'))],
  topbar: [topbarItem("system-bell", () => import("./bell-5XQ2NDJA.js"))],
  services: [
    lazyService(SystemApiRef, async () => {
      const { createSystemApi } = await import("./api-7SSDXCLX.js");
      return () => createSystemApi();
    }),
  ],
  messages: { en: () => import("./en-7K2WRVZV.js"), "zh-CN": () => import("./zh-CN-IGI44N4L.js") },
};`,
  'system/bell-5XQ2NDJA.js': `import { menu } from '../menu.js';\nimport { BELL_CALLS } from '../contracts/index.js';\n${pad('bell')}export default async () => menu() + (await BELL_CALLS.schemas()).bell + padding_bell;`,
  'contracts/index.js': `export * from './bell-calls.js';\nexport * from './users-calls.js';`,
  'contracts/bell-calls.js': `export const BELL_CALLS = { schemas: () => import('./bell.js') };`,
  'contracts/bell.js': `${pad('bellSchema')}export const bell = padding_bellSchema;`,
  'contracts/users-calls.js': `export const USERS_CALLS = { schemas: () => import('./users.js') };`,
  'contracts/users.js': `${pad('usersSchema')}export const users = padding_usersSchema;`,
  'system/api-7SSDXCLX.js': `${pad('api')}export const createSystemApi = () => padding_api;`,
  'system/users-2NTAYU6R.js': `import { field } from '../field.js';\nimport { USERS_CALLS } from '../contracts/index.js';\nimport { usersOf } from './users-of.js';\n${pad('users')}export default async () => field() + usersOf() + (await USERS_CALLS.schemas()).users + padding_users;`,
  'account/card-3KQ7XV2M.js': `${pad('accountCard')}export default () => padding_accountCard;`,
  'system/card-5RT2WQ8N.js': `import { usersOf } from './users-of.js';\n${pad('systemCard')}export const UsersCard = () => usersOf() + padding_systemCard;`,
  'system/users-of.js': `import { coerce } from '../node_modules/zod/coerce.js';\n${pad('usersOf')}export const usersOf = () => coerce() + padding_usersOf;`,
  'node_modules/zod/coerce.js': `${pad('coerce')}export const coerce = () => padding_coerce;`,
  'mall/index.js': `import { page } from '../kernel.js';
export default {
  pages: [page('shop', () => import('./shop-6PZQ3WLA.js'))],
  messages: { en: () => import("./en-2XK7QDMB.js"), "zh-CN": () => import("./zh-CN-8RVN4TQE.js") },
};`,
  'mall/shop-6PZQ3WLA.js': `import { field } from '../field.js';\n${pad('shop')}export default () => field() + padding_shop;`,
  'mall/en-2XK7QDMB.js': `export default { shop: { title: "Shop" } };`,
  'mall/zh-CN-8RVN4TQE.js': `export default { shop: { title: "商城" } };`,
  'system/en-7K2WRVZV.js': `export default { users: { title: "Users" } };`,
  'system/zh-CN-IGI44N4L.js': `export default { users: { title: "用户" } };`,
};

/** `virtual:vap-plugins` as vap-plugins.ts writes it, over the two fixture plugins. */
function fixturePlugins(root: string): Plugin {
  return {
    name: 'fixture-plugins',
    enforce: 'pre',
    resolveId: (id) => (id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined),
    load: (id) =>
      id === `\0${VIRTUAL_ID}`
        ? `export const pluginPackages = {
  account: () => import(${JSON.stringify(join(root, 'account/index.js'))}),
  system: () => import(${JSON.stringify(join(root, 'system/index.js'))}),
  mall: () => import(${JSON.stringify(join(root, 'mall/index.js'))}),
};`
        : undefined,
  };
}

describe('the first load’s chunks', () => {
  let root: string;
  let chunks: Rolldown.OutputChunk[];
  let html: string;
  let firstLoadFile: FirstLoadFile | undefined;
  const chunk = (name: string) => chunks.find((output) => output.name === name);
  const holding = (file: string) =>
    chunks.filter((output) => output.moduleIds.includes(join(root, file))).map((output) => output.name);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vap-first-load-'));
    for (const [name, text] of Object.entries(FILES)) {
      await mkdir(join(root, name, '..'), { recursive: true });
      await writeFile(join(root, name), text);
    }
    const result = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      build: { write: false, minify: false, modulePreload: false },
      plugins: [
        fixturePlugins(root),
        firstLoad({
          signInPath: '/login',
          shell: 'shell/shell.js',
          defaultLanguage: 'zh-CN',
          kernel: '../kernel-package/http.js',
          sessionLibraries: ['../node_modules/container/index.js'],
          shellMessages: './locales/shell',
        }),
      ],
    });
    const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
    chunks = output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
    const page = output.output.find((item) => item.fileName === 'index.html');
    html = page?.type === 'asset' ? String(page.source) : '';
    const plan = output.output.find((item) => item.fileName === FIRST_LOAD_FILE);
    firstLoadFile = plan?.type === 'asset' ? (JSON.parse(String(plan.source)) as FirstLoadFile) : undefined;
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts every plugin entry, the sign-in page and what it imports in one sign-in chunk', () => {
    expect(holding('account/index.js')).toEqual(['sign-in']);
    expect(holding('system/index.js')).toEqual(['sign-in']);
    expect(holding('account/login-JTENRMJ5.js')).toEqual(['sign-in']);
    expect(holding('field.js')).toEqual(['sign-in']);
    expect(holding('kernel.js')).toEqual(['index']);
  });

  it('leaves the other pages in chunks of their own', () => {
    expect(holding('account/register-J3XQPJYL.js')).not.toContain('sign-in');
    expect(holding('system/users-2NTAYU6R.js')).not.toContain('sign-in');
  });

  it('puts the sign-in page’s messages in one chunk per language, the other plugins’ apart', () => {
    expect(holding('locales/en.json')).toEqual(['messages-en']);
    expect(holding('account/en-4QIYTC5H.js')).toEqual(['messages-en']);
    expect(holding('account/zh-CN-4OZWQ25T.js')).toEqual(['messages-zh-CN']);
    expect(holding('system/en-7K2WRVZV.js')).not.toContain('messages-en');
  });

  it('puts the shell, the plugins’ topbar items and what they share in one shell chunk, and those plugins’ lazy services', () => {
    expect(holding('shell/shell.js')).toEqual(['shell']);
    expect(holding('system/bell-5XQ2NDJA.js')).toEqual(['shell']);
    expect(holding('system/api-7SSDXCLX.js')).toEqual(['shell']);
    expect(holding('account/api-Q3ZT7YKD.js')).not.toContain('shell');
    expect(holding('menu.js')).toEqual(['shell']);
    expect(holding('node_modules/zod/coerce.js')).toEqual(['shell']);
    expect(holding('kernel-package/schemas.js')).toEqual(['shell']);
    expect(holding('kernel-package/http.js')).toEqual(['index']);
    expect(holding('system/users-2NTAYU6R.js')).not.toContain('shell');
  });

  it('puts the schemas of the calls that the topbar items make in the shell chunk, not other calls’ schemas', () => {
    expect(holding('contracts/bell.js')).toEqual(['shell']);
    expect(holding('contracts/users.js')).not.toContain('shell');
  });

  it('puts the libraries a session starts with in the shell chunk, not the kernel’s other lazy libraries', () => {
    expect(holding('node_modules/container/index.js')).toEqual(['shell']);
    expect(holding('node_modules/digest/index.js')).not.toContain('shell');
  });

  it('puts the components contributed to an extension point in one chunk, not what they share with pages', () => {
    expect(holding('account/card-3KQ7XV2M.js')).toEqual(['home-cards']);
    expect(holding('system/card-5RT2WQ8N.js')).toEqual(['home-cards']);
    expect(holding('system/users-of.js')).not.toContain('home-cards');
    expect(holding('system/users-2NTAYU6R.js')).not.toContain('home-cards');
  });

  it('puts the messages of the plugins with topbar items in one signed-in chunk per language', () => {
    expect(holding('system/en-7K2WRVZV.js')).toEqual(['signed-in-messages-en']);
    expect(holding('system/zh-CN-IGI44N4L.js')).toEqual(['signed-in-messages-zh-CN']);
    expect(holding('account/en-4QIYTC5H.js')).toEqual(['messages-en']);
  });

  it('puts the shell’s messages, which the boot code registers, in the signed-in chunk, not the sign-in page’s', () => {
    expect(holding('locales/shell/en.json')).toEqual(['signed-in-messages-en']);
    expect(holding('locales/shell/zh-CN.json')).toEqual(['signed-in-messages-zh-CN']);
    expect(holding('locales/zh-CN.json')).toEqual(['messages-zh-CN']);
  });

  it('leaves the messages of the other plugins in a chunk of their own per language, to load with their pages', () => {
    const [english] = holding('mall/en-2XK7QDMB.js');
    const [chinese] = holding('mall/zh-CN-8RVN4TQE.js');
    for (const name of [english, chinese]) {
      expect(name).not.toMatch(/messages/);
      expect(chunk(name ?? '')?.moduleIds).toHaveLength(1);
    }
    expect(english).not.toBe(chinese);
  });

  it('preloads the sign-in chunk and the default language’s messages from index.html, not the others', () => {
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(preloaded).toContain(chunk('sign-in')?.fileName);
    expect(preloaded).toContain(chunk('messages-zh-CN')?.fileName);
    expect(preloaded).not.toContain(chunk('messages-en')?.fileName);
    expect(html).toContain(`href="/${chunk('messages-zh-CN')?.fileName}" data-language="zh-CN">`);
    const entry = chunks.find((output) => output.isEntry);
    for (const imported of entry?.imports ?? []) expect(preloaded).toContain(imported);
  });

  it('names the messages chunk of each language, for the server to preload the visitor’s own', () => {
    expect(firstLoadFile).toEqual({
      defaultLanguage: 'zh-CN',
      messages: {
        en: `/${chunk('messages-en')?.fileName}`,
        'zh-CN': `/${chunk('messages-zh-CN')?.fileName}`,
      },
    });
  });
});

describe('contributionsChunk', () => {
  it('names the chunk after the extension point, as a bundler may have renamed it', () => {
    expect(contributionsChunk('DashboardCards')).toBe('dashboard-cards');
    expect(contributionsChunk('DashboardCards2')).toBe('dashboard-cards');
    expect(contributionsChunk('HomeCards')).toBe('home-cards');
  });
});

describe('languageOf', () => {
  it('reads the language of a message file, with or without a build hash', () => {
    expect(languageOf('/a/locales/en.json')).toBe('en');
    expect(languageOf('/a/dist/zh-CN-4OZWQ25T.js')).toBe('zh-CN');
    expect(languageOf('/a/dist/locales/zh-TW.js')).toBe('zh-TW');
    expect(languageOf('/a/dist/login-JTENRMJ5.js')).toBeUndefined();
    expect(languageOf('/a/dist/index.js')).toBeUndefined();
    expect(languageOf('/a/dist/api-7SSDXCLX.js')).toBeUndefined();
    expect(languageOf('/a/dist/log-3RG6N2DT.js')).toBeUndefined();
  });
});
