#!/usr/bin/env node
/**
 * `npm run new-plugin -- <name> [--dir <path>] [--registry <url>]`: scaffolds the plugin package
 * `@vap/plugin-<name>` in `plugins/<name>` (or `<path>/<name>`), modelled on plugins/dashboard: the
 * same scripts, peers and build, one example page `<name>_example` with its texts in en, zh-CN and
 * zh-TW, one declared call of the plugin's own (`src/calls.ts`) that the page makes and the plugin's
 * server entry answers (`src/server.ts`), and tests of both: the page in a real kernel
 * (`@vap/kernel/testing`), the handler against the call's schemas. Outside this repository
 * the package stands alone: it depends on the published SDK's version, carries its own compiler
 * options and tools, and `--registry` points its `@vap` scope at the registry the SDK is in.
 * Plain Node, no dependencies.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { command } from './cli.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The rule of `definePlugin` ids, with a length that keeps the generated code within the line width. */
const NAME = /^[a-z][a-z0-9-]*$/;
const MAX_NAME_LENGTH = 40;

const USAGE = `Usage: npm run new-plugin -- <name> [--dir <path>] [--registry <url>]

  <name>            the plugin id: lower-case letters, digits and dashes, starting with a letter
                    (e.g. "device-map"); the package is @vap/plugin-<name>
  --dir <path>      create <path>/<name> instead of plugins/<name>
  --registry <url>  outside this repository: the registry holding the SDK (@vap/kernel, @vap/ui,
                    @vap/contracts), written to the package's .npmrc for its @vap scope`;

const { fail, parse: parseOptions, registryAddress } = command('new-plugin', USAGE);

function parse(argv) {
  const parsed = parseOptions(argv, { dir: { type: 'string' }, registry: { type: 'string' } }, true);
  const [name, ...extra] = parsed.positionals;
  if (name === undefined) fail(`the plugin name is missing.\n\n${USAGE}`);
  if (extra.length > 0) fail(`one plugin name at a time (got ${[name, ...extra].join(', ')}).`);
  if (!NAME.test(name)) {
    fail(
      `"${name}" is not a valid plugin name: use lower-case letters, digits and dashes, ` +
        'starting with a letter (e.g. "device-map").',
    );
  }
  if (name.length > MAX_NAME_LENGTH) {
    fail(`"${name}" is too long: a plugin name has at most ${MAX_NAME_LENGTH} characters.`);
  }
  const parent = resolve(parsed.values.dir ?? join(ROOT, 'plugins'));
  const { registry } = parsed.values;
  if (registry !== undefined && inRepository(parent))
    fail('--registry is for a plugin outside this repository, which links the SDK.');
  return { name, parent, registry: registry === undefined ? undefined : registryAddress(registry) };
}

/** Inside the repository npm links the SDK's workspaces; anywhere else the plugin installs it. */
function inRepository(dir) {
  const path = relative(ROOT, dir);
  return !path.startsWith('..') && !isAbsolute(path);
}

const readJson = (file) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

/**
 * What a plugin outside the repository needs besides the files of one inside: the SDK's published
 * versions, the compiler and Node's types the repository's root provides, its compiler options,
 * and where its @vap scope installs from.
 */
function standalone(registry) {
  const sdk = (name) => `^${readJson(`packages/${name}/package.json`).version}`;
  const root = readJson('package.json');
  return {
    versions: { '@vap/contracts': sdk('contracts'), '@vap/kernel': sdk('kernel'), '@vap/ui': sdk('ui') },
    tools: {
      '@types/node': root.devDependencies['@types/node'],
      typescript: root.devDependencies.typescript,
    },
    compilerOptions: readJson('tsconfig.json').compilerOptions,
    registry,
  };
}

/** `device-map` → `Device map`. */
function label(name) {
  const words = name.replace(/-+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const sorted = (record) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The files of the package, by path inside it. `up` is the way from the package to the repo root;
 * `alone`, for a package outside the repository, what it needs to build there (see `standalone`).
 */
function files(name, up, alone) {
  const sdk = (pkg) => alone?.versions[pkg] ?? '*';
  const page = `${name}_example`;
  const constant = name.toUpperCase().replaceAll('-', '_');
  const texts = {
    en: {
      example: {
        title: `${label(name)} example`,
        about: 'About this page',
        intro: `This is the example page of the ${name} plugin. Replace it with the first real screen of the area.`,
        signedInAs: 'Signed in as {{name}}',
        greet: 'Say hello',
        greeting: 'The server of the {{name}} plugin greets user {{user}}.',
      },
      menu: { dir: label(name), example: `${label(name)} example` },
      buttons: { greet: 'Say hello' },
    },
    'zh-CN': {
      example: {
        title: `${name} 示例页面`,
        about: '关于本页',
        intro: `这是 ${name} 插件的示例页面，请将其替换为该功能区的第一个真实页面。`,
        signedInAs: '当前登录：{{name}}',
        greet: '打个招呼',
        greeting: '{{name}} 插件的服务端向用户 {{user}} 问好。',
      },
      menu: { dir: name, example: `${name} 示例页面` },
      buttons: { greet: '打招呼' },
    },
    'zh-TW': {
      example: {
        title: `${name} 範例頁面`,
        about: '關於本頁',
        intro: `這是 ${name} 外掛的範例頁面，請將其替換為該功能區的第一個真實頁面。`,
        signedInAs: '目前登入：{{name}}',
        greet: '打個招呼',
        greeting: '{{name}} 外掛的伺服器向使用者 {{user}} 問好。',
      },
      menu: { dir: name, example: `${name} 範例頁面` },
      buttons: { greet: '打招呼' },
    },
  };

  return {
    'package.json': json({
      name: `@vap/plugin-${name}`,
      version: '0.1.0',
      private: true,
      type: 'module',
      sideEffects: false,
      exports: {
        '.': './dist/index.js',
        // What the server imports to answer the plugin's own calls (docs/plugin-api.md).
        './server': './dist/server.js',
      },
      files: ['dist', 'src'],
      scripts: {
        build: 'tsup && vap-plugin-manifest',
        typecheck: 'tsc --noEmit',
        test: 'vitest run',
      },
      dependencies: { '@vap/contracts': sdk('@vap/contracts'), '@vap/ui': sdk('@vap/ui'), zod: '^4.1.12' },
      peerDependencies: {
        '@tanstack/react-query': '^5.90.0',
        '@vap/kernel': sdk('@vap/kernel'),
        i18next: '~26.7.2',
        react: '^19.2.0',
        'react-dom': '^19.2.0',
        'react-i18next': '~17.1.13',
        'react-router': '^7.9.0',
        rxjs: '^7.8.2',
      },
      // Sorted as npm keeps them, the tools of a standalone package among the rest.
      devDependencies: sorted({
        ...alone?.tools,
        '@tanstack/react-query': '^5.90.0',
        '@testing-library/dom': '^10.4.1',
        '@testing-library/react': '^16.3.0',
        '@testing-library/user-event': '^14.6.1',
        '@types/react': '^19.2.0',
        '@types/react-dom': '^19.2.0',
        '@vap/kernel': sdk('@vap/kernel'),
        i18next: '~26.7.2',
        jsdom: '^27.0.0',
        react: '^19.2.0',
        'react-dom': '^19.2.0',
        'react-i18next': '~17.1.13',
        'react-router': '^7.9.0',
        rxjs: '^7.8.2',
        tsup: '~8.5.0',
        vitest: '~4.1.12',
      }),
    }),

    'tsconfig.json': alone
      ? json({
          compilerOptions: {
            ...alone.compilerOptions,
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            jsx: 'react-jsx',
            types: ['node'],
          },
          include: ['src', 'tsup.config.ts', 'vitest.config.ts'],
        })
      : `{
  "extends": "${up}/tsconfig.json",
  "compilerOptions": {
    "lib": ["ES2023", "DOM", "DOM.Iterable"],
    "jsx": "react-jsx",
    "types": ["node"]
  },
  "include": ["src", "tsup.config.ts", "vitest.config.ts"]
}
`,
    ...(alone ? { '.gitignore': 'node_modules/\ndist/\n' } : {}),
    ...(alone?.registry ? { '.npmrc': `@vap:registry=${alone.registry}\n` } : {}),

    'tsup.config.ts': `import { pluginBuild } from '@vap/kernel/plugin-build';
import { defineConfig } from 'tsup';

// Every plugin's build (ESM, chunks, the kernel's peers external; declarations only with
// declarations: true, for entries other plugins import): the console's entry, and the server's,
// which answers the plugin's own calls.
export default defineConfig(pluginBuild({ entry: ['src/index.ts', 'src/server.ts'] }));
`,

    'vitest.config.ts': `import { packageTests } from '@vap/kernel/test-config';
import { defineConfig } from 'vitest/config';

// Every console package's tests (jsdom, one module graph a worker, the time a loaded CI machine needs),
// each test followed by the design system's clean-up (pages unmounted, dialogs and messages dropped).
export default defineConfig(packageTests({ setupFiles: ['@vap/ui/test-cleanup'] }));
`,

    'src/index.ts': `import { definePlugin, menuDir, messages, page } from '@vap/kernel';

/**
 * The ${name} plugin: its pages are claimed by the names of the server's menu items (spec §2.3).
 * \`menu\` places a page, and \`menuDir(…, { title })\` a dir, in the server's menu catalogue when the
 * plugin is installed; titles are keys of the plugin's own strings.
 */
export default definePlugin({
  id: '${name}',
  kernel: '^2',
  menuDirs: [menuDir('${name}', () => true, { title: '${name}:menu.dir', icon: 'box', sort: 900 })],
  pages: [
    page('${page}', () => import('./pages/example.js'), {
      buttons: ['greet'],
      menu: {
        dir: '${name}',
        path: 'example',
        title: '${name}:menu.example',
        buttons: { greet: '${name}:buttons.greet' },
      },
    }),
  ],
  messages: [
    messages('${name}', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
`,

    'src/calls.ts': `import { declareCalls, pluginPage } from '@vap/contracts';

/**
 * The plugin's own calls, each declared once: the server's route (its access, validation, refusals
 * and OpenAPI entry) and the page's client both come from these values. Paths are below
 * /plugins/${name}/; the schemas load with the first call.
 */
// The plugin's OpenAPI tag, said once for all its calls.
export const ${constant}_CALLS = declareCalls(() => import('./schemas.js'), ['${name}'], {
  greeting: {
    method: 'GET',
    path: '/plugins/${name}/greeting',
    // Who may call it: a role granted the page's "greet" button (and the owner).
    access: { page: pluginPage('${page}'), button: 'greet' },
    summary: 'The greeting of the example page, for the signed-in caller',
    schemas: (s) => ({ response: s.greetingSchema }),
  },
});
`,

    'src/schemas.ts': `import { z } from 'zod';

/** What the greeting call answers. */
export const greetingSchema = z.object({
  user_id: z.number().int(),
  company_id: z.number().int().nullable(),
  served_at: z.iso.datetime(),
});
export type Greeting = z.infer<typeof greetingSchema>;
`,

    'src/server.ts': `import { definePluginServer, handle } from '@vap/contracts';
import { ${constant}_CALLS } from './calls.js';

/**
 * The plugin's server entry (package export "./server"): the server imports it at start and
 * answers each call with its handler, after checking the caller's access and the input against
 * the call's declaration. A handler gets the parsed input and the caller, and answers what the
 * call's response schema describes (or throws a \`CallRefusal\`).
 */
export default definePluginServer('${name}', [
  handle(${constant}_CALLS.greeting, (_input, caller) => ({
    user_id: caller.userId,
    company_id: caller.companyId,
    served_at: new Date().toISOString(),
  })),
]);
`,

    'src/server.test.ts': `import type { PluginCaller } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { ${constant}_CALLS } from './calls.js';
import server from './server.js';

const caller: PluginCaller = { userId: 7, companyId: 3, roleId: 0, language: 'en' };

describe('the ${name} server', () => {
  it('answers the greeting with the caller, in the shape the call declares', async () => {
    const greeting = server.handlers.find(({ call }) => call === ${constant}_CALLS.greeting);
    const answer = await greeting?.handler({ params: undefined, query: undefined, body: undefined }, caller);
    const { response } = await ${constant}_CALLS.greeting.schemas();
    expect(response.parse(answer)).toMatchObject({ user_id: 7, company_id: 3 });
  });

  it('serves only its own calls, below /plugins/${name}/', () => {
    expect(server.plugin).toBe('${name}');
    for (const { call } of server.handlers) expect(call.path.startsWith('/plugins/${name}/')).toBe(true);
  });
});
`,

    'src/pages/example.tsx': `import { useMutation } from '@tanstack/react-query';
import { Permitted, useClient, useSession, useT } from '@vap/kernel';
import { Button, Card, message } from '@vap/ui';
import { ${constant}_CALLS } from '../calls.js';

/** The example page (menu item \`${page}\`): replace it with a real screen of the area. */
export default function ExamplePage() {
  const t = useT('${name}');
  const { user } = useSession();
  const calls = useClient(${constant}_CALLS);
  // The kernel's HTTP client shows a refusal's message itself; success says what the server said.
  const greet = useMutation({
    mutationFn: () => calls.greeting(),
    onSuccess: (answer) =>
      message.success(t('example.greeting', { name: '${name}', user: answer.user_id })),
  });
  const who = user ? user.nickname || user.phone || user.email : '';
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{t('example.title')}</h1>
      <Card title={t('example.about')}>
        <div className="flex flex-col gap-1">
          <p className="text-ink">{t('example.intro')}</p>
          {who ? <p className="text-sm text-ink-soft">{t('example.signedInAs', { name: who })}</p> : null}
        </div>
      </Card>
      {/* Shown to roles granted the page's "greet" button, and to the owner. */}
      <Permitted button="greet">
        <div>
          <Button loading={greet.isPending} onClick={() => greet.mutate()}>
            {t('example.greet')}
          </Button>
        </div>
      </Permitted>
    </div>
  );
}
`,

    'src/i18n-keys.ts': `/**
 * The plugin's keys for \`tsc\`: \`useT('${name}')\` takes only keys of locales/en.json, so a key
 * missing there fails the typecheck. Add every namespace the plugin registers with \`messages()\`.
 */
import type en from './locales/en.json';

declare module '@vap/kernel' {
  interface VapResources {
    '${name}': typeof en;
  }
}
`,

    'src/pages/example.test.tsx': `import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TranslationKey } from '@vap/kernel';
import { renderPluginPage, testUser } from '@vap/kernel/testing';
import { Toaster } from '@vap/ui';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';

const PAGE = '${page}';

// Keys are typed (src/i18n-keys.ts): were this one accepted, the typecheck would fail here.
// @ts-expect-error: not a key of the plugin's strings
const missingKey: TranslationKey<'${name}'> = 'example.noSuchKey';

describe(PAGE, () => {
  it('renders its translated heading in the page host, as the console does', async () => {
    await renderPluginPage(plugin, PAGE);
    expect(await screen.findByRole('heading', { name: en.example.title })).toBeTruthy();
    expect(screen.getByText(\`Signed in as \${testUser().nickname}\`)).toBeTruthy();
    expect(screen.queryByText(missingKey)).toBeNull();
  });

  it('shows the greet button to a role granted it, and not to one without it', async () => {
    await renderPluginPage(plugin, PAGE, { roleId: 4, buttons: ['greet'] });
    expect(await screen.findByRole('button', { name: en.example.greet })).toBeTruthy();
    cleanup();
    await renderPluginPage(plugin, PAGE, { roleId: 4, buttons: [] });
    await screen.findByRole('heading', { name: en.example.title });
    expect(screen.queryByRole('button', { name: en.example.greet })).toBeNull();
  });

  it("greets with what the plugin's server answers the greeting call", async () => {
    // The toaster beside the page, as the console renders it, shows what the page says.
    const { api } = await renderPluginPage(plugin, PAGE, {
      beside: <Toaster />,
      answers: {
        'GET /plugins/${name}/greeting': {
          body: { user_id: 42, company_id: 1, served_at: '2026-01-01T00:00:00.000Z' },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: en.example.greet }));
    expect(await screen.findByText('The server of the ${name} plugin greets user 42.')).toBeTruthy();
    expect(api.calls.filter((call) => call.path === '/plugins/${name}/greeting')).toHaveLength(1);
  });

  it('speaks the language the user chose', async () => {
    await renderPluginPage(plugin, PAGE, { language: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: zhTW.example.title })).toBeTruthy();
  });
});
`,

    'src/locales/en.json': json(texts.en),
    'src/locales/zh-CN.json': json(texts['zh-CN']),
    'src/locales/zh-TW.json': json(texts['zh-TW']),
  };
}

/** An entry of planned-plugins.ts with this id would make two plugins with one id: a boot error. */
function plannedEntry(name) {
  const file = join(ROOT, 'apps/console/src/planned-plugins.ts');
  return existsSync(file) && readFileSync(file, 'utf8').includes(`id: '${name}'`);
}

function main() {
  const { name, parent, registry } = parse(process.argv.slice(2));
  const target = join(parent, name);
  const shown = relative(process.cwd(), target) || '.';
  if (existsSync(target)) fail(`${shown} already exists: choose another name or remove it first.`);

  const up = relative(target, ROOT).split(sep).join('/') || '.';
  const alone = inRepository(target) ? undefined : standalone(registry);
  const created = files(name, up, alone);
  for (const [path, content] of Object.entries(created)) {
    const file = join(target, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content, { flag: 'wx' });
  }

  const workspace = dirname(target) === join(ROOT, 'plugins');
  const listed = relative(ROOT, target).split(sep).join('/');
  const build = alone
    ? [
        'Next steps (docs/plugin-api.md, "A plugin outside this repository"):',
        `  1. Install, build and test it: cd ${shown} && npm install && npm run build && npm test`,
        alone.registry
          ? `     (@vap/* install from ${alone.registry}, as its .npmrc says)`
          : '     (first point its @vap scope at the registry holding the SDK: @vap:registry=<url> in its .npmrc)',
        `  2. Install it: add "${target.split(sep).join('/')}" to apps/console/plugins.json`,
      ]
    : [
        'Next steps (docs/plugin-api.md, "Installing a plugin"):',
        `  1. Build and test it: npx turbo run build test --filter=@vap/plugin-${name}`,
        `     (outside plugins/: npm run build && npm test in ${shown})`,
        `  2. Install it: add "${workspace ? `@vap/plugin-${name}` : `../../${listed}`}" to apps/console/plugins.json`,
        ...(workspace
          ? [
              `     and "@vap/plugin-${name}": "*" to the dependencies of apps/console/package.json, then npm install.`,
            ]
          : []),
      ];
  const lines = [
    `Created ${shown} (@vap/plugin-${name}):`,
    ...Object.keys(created).map((path) => `  ${path}`),
    '',
    ...build,
    ...(plannedEntry(name)
      ? [`     Delete the planned "${name}" entry of apps/console/src/planned-plugins.ts: ids are unique.`]
      : []),
    '  3. npm start: the console is built with it, and the server adds its dir, page and button to the',
    `     menu catalogue (no migration). Grant ${name}_example to roles on the Roles page.`,
  ];
  console.log(lines.join('\n'));
}

main();
