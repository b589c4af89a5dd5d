#!/usr/bin/env node
/**
 * `npm run new-plugin -- <name> [--dir <path>]`: scaffolds the plugin package `@vap/plugin-<name>`
 * in `plugins/<name>` (or `<path>/<name>`), modelled on plugins/dashboard: the same scripts, peers
 * and build, one example page `<name>_example` with its texts in en, zh-CN and zh-TW, and a test of
 * that page in a real kernel (`@vap/kernel/testing`). Plain Node, no dependencies.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The rule of `definePlugin` ids, with a length that keeps the generated code within the line width. */
const NAME = /^[a-z][a-z0-9-]*$/;
const MAX_NAME_LENGTH = 40;

const USAGE = `Usage: npm run new-plugin -- <name> [--dir <path>]

  <name>        the plugin id: lower-case letters, digits and dashes, starting with a letter
                (e.g. "device-map"); the package is @vap/plugin-<name>
  --dir <path>  create <path>/<name> instead of plugins/<name>`;

function fail(message) {
  console.error(`new-plugin: ${message}`);
  process.exit(1);
}

function parse(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    fail(`${error.message}\n\n${USAGE}`);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
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
  return { name, parent: resolve(parsed.values.dir ?? join(ROOT, 'plugins')) };
}

/** `device-map` → `Device map`. */
function label(name) {
  const words = name.replace(/-+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/** The files of the package, by path inside it. `up` is the way from the package to the repo root. */
function files(name, up) {
  const page = `${name}_example`;
  const texts = {
    en: {
      example: {
        title: `${label(name)} example`,
        about: 'About this page',
        intro: `This is the example page of the ${name} plugin. Replace it with the first real screen of the area.`,
        signedInAs: 'Signed in as {{name}}',
      },
    },
    'zh-CN': {
      example: {
        title: `${name} 示例页面`,
        about: '关于本页',
        intro: `这是 ${name} 插件的示例页面，请将其替换为该功能区的第一个真实页面。`,
        signedInAs: '当前登录：{{name}}',
      },
    },
    'zh-TW': {
      example: {
        title: `${name} 範例頁面`,
        about: '關於本頁',
        intro: `這是 ${name} 外掛的範例頁面，請將其替換為該功能區的第一個真實頁面。`,
        signedInAs: '目前登入：{{name}}',
      },
    },
  };

  return {
    'package.json': json({
      name: `@vap/plugin-${name}`,
      version: '0.1.0',
      private: true,
      type: 'module',
      sideEffects: false,
      exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
      files: ['dist', 'src'],
      scripts: {
        build: `tsup && node ${up}/scripts/plugin-manifest.mjs`,
        typecheck: 'tsc --noEmit',
        test: 'vitest run',
      },
      dependencies: { '@vap/contracts': '*', '@vap/ui': '*' },
      peerDependencies: {
        '@vap/kernel': '*',
        react: '^19.2.0',
        'react-dom': '^19.2.0',
        'react-router': '^7.9.0',
        rxjs: '^7.8.2',
      },
      devDependencies: {
        '@testing-library/dom': '^10.4.1',
        '@testing-library/react': '^16.3.0',
        '@testing-library/user-event': '^14.6.1',
        '@types/react': '^19.2.0',
        '@types/react-dom': '^19.2.0',
        '@vap/kernel': '*',
        jsdom: '^27.0.0',
        react: '^19.2.0',
        'react-dom': '^19.2.0',
        'react-router': '^7.9.0',
        rxjs: '^7.8.2',
        tsup: '~8.5.0',
        vitest: '~4.1.12',
      },
    }),

    'tsconfig.json': `{
  "extends": "${up}/tsconfig.json",
  "compilerOptions": {
    "lib": ["ES2023", "DOM", "DOM.Iterable"],
    "jsx": "react-jsx",
    "types": ["node"]
  },
  "include": ["src", "tsup.config.ts", "vitest.config.ts"]
}
`,

    'tsup.config.ts': `import { defineConfig } from 'tsup';

/** The console provides these once at run time (peerDependencies): never bundled, subpaths included. */
const PEERS = ['@vap/kernel', 'react', 'react-dom', 'react-router', 'rxjs'];

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: PEERS,
});
`,

    'vitest.config.ts': `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A test renders pages whose code and locale chunks load through Vite's transform; while the
    // server suites run beside it on a two-core CI machine, a few waits in a row outlast 5 s.
    testTimeout: 30_000,
  },
});
`,

    'src/index.ts': `import { definePlugin, messages, page } from '@vap/kernel';

/** The ${name} plugin: its pages are claimed by the names of the server's menu items (spec §2.3). */
export default definePlugin({
  id: '${name}',
  kernel: '^1',
  pages: [page('${page}', () => import('./pages/example.js'))],
  messages: [
    messages('${name}', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
`,

    'src/pages/example.tsx': `import { useSession, useT } from '@vap/kernel';
import { Card } from '@vap/ui';

/** The example page (menu item \`${page}\`): replace it with a real screen of the area. */
export default function ExamplePage() {
  const t = useT('${name}');
  const { user } = useSession();
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
    </div>
  );
}
`,

    'src/pages/example.test.tsx': `import { cleanup, screen } from '@testing-library/react';
import { renderPluginPage, testUser } from '@vap/kernel/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';

const PAGE = '${page}';

afterEach(cleanup);

describe(PAGE, () => {
  it('renders its translated heading in the page host, as the console does', async () => {
    await renderPluginPage(plugin, PAGE);
    expect(await screen.findByRole('heading', { name: en.example.title })).toBeTruthy();
    expect(screen.getByText(\`Signed in as \${testUser().nickname}\`)).toBeTruthy();
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

/** How apps/console/src/plugins.ts lists its packages right now, for the next-steps text. */
function registrationHint(name) {
  const file = join(ROOT, 'apps/console/src/plugins.ts');
  const source = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (source.includes('pluginPackages')) {
    return `add  '@vap/plugin-${name}': () => import('@vap/plugin-${name}'),  to pluginPackages`;
  }
  return `import the package's default export and add it to the plugins list`;
}

/** An entry of planned-plugins.ts with this id would make two plugins with one id: a boot error. */
function plannedEntry(name) {
  const file = join(ROOT, 'apps/console/src/planned-plugins.ts');
  return existsSync(file) && readFileSync(file, 'utf8').includes(`id: '${name}'`);
}

function main() {
  const { name, parent } = parse(process.argv.slice(2));
  const target = join(parent, name);
  const shown = relative(process.cwd(), target) || '.';
  if (existsSync(target)) fail(`${shown} already exists: choose another name or remove it first.`);

  const up = relative(target, ROOT).split(sep).join('/') || '.';
  const created = files(name, up);
  for (const [path, content] of Object.entries(created)) {
    const file = join(target, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content, { flag: 'wx' });
  }

  const inWorkspace = dirname(target) === join(ROOT, 'plugins');
  const lines = [
    `Created ${shown} (@vap/plugin-${name}):`,
    ...Object.keys(created).map((path) => `  ${path}`),
    '',
    'Next steps:',
    `  1. Add "@vap/plugin-${name}": "*" to the dependencies of apps/console/package.json, then run`,
    '     npm install  (links the new workspace package into node_modules/@vap).',
    `  2. In apps/console/src/plugins.ts, ${registrationHint(name)}.`,
    ...(plannedEntry(name)
      ? [`     Delete the planned "${name}" entry of apps/console/src/planned-plugins.ts: ids are unique.`]
      : []),
    `  3. Add the page ${name}_example to the server menu catalogue: a menu_items row of type 'page'`,
    `     named ${name}_example in a new migration (npm run db:generate -w @vap/server -- --custom`,
    `     --name=${name.replaceAll('-', '_')}_menu; see apps/server/drizzle/0001_menu_catalogue.sql), and its`,
    '     menu title in locales/en.json, zh-CN.json and zh-TW.json.',
    `  4. npx turbo run build test --filter=@vap/plugin-${name}`,
    '',
    'The plugin API: docs/plugin-api.md',
  ];
  if (!inWorkspace) {
    lines.push('', `Note: ${shown} is not directly in plugins/, so npm workspaces and turbo do not see it.`);
  }
  console.log(lines.join('\n'));
}

main();
