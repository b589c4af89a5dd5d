/**
 * The layering rules of docs/architecture.md, checked by `npm run lint` (`npm run depcheck` alone).
 * Workspace packages resolve to their builds (`packages/kernel/dist/…`), so the check runs after
 * `turbo run typecheck` has built them; an import that resolves nowhere fails too, so that no
 * dependency escapes the rules by not being found.
 */
const SERVER = '^apps/server/src/';
// Tests, and the helpers only tests import (a module's test-support.ts, or a named one such as
// published-test-support.ts: its fixtures).
const TEST = '(\\.test\\.tsx?|[/-]test-support\\.tsx?)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ---- the server: core/ and feature modules --------------------------------------------------
    {
      name: 'core-knows-no-module',
      comment: 'core/ is what every feature may use; it never reaches into a feature or the app around it.',
      severity: 'error',
      from: { path: `${SERVER}core/`, pathNot: TEST },
      to: { path: `${SERVER}(modules/|app\\.ts|main\\.ts|ops\\.ts|seed\\.ts|testing/)` },
    },
    {
      name: 'module-through-its-face',
      comment:
        "A feature module uses another module only through that module's index.ts (its only face), never its internals.",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TEST },
      to: {
        path: `${SERVER}modules/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-face-no-table',
      comment:
        "A module's index.ts exports no Drizzle table: its schema.ts holds its own tables, and the tables other modules read are in core/db (the fleet's in core/db/devices.ts).",
      severity: 'error',
      from: { path: `${SERVER}modules/[^/]+/index\\.ts$` },
      to: { path: `${SERVER}modules/[^/]+/schema\\.ts$` },
    },
    {
      name: 'app-through-module-faces',
      comment: 'The app, its entry points and the test support compose modules through their index.ts.',
      severity: 'error',
      from: { path: `${SERVER}([^/]+\\.ts|testing/)`, pathNot: TEST },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: `${SERVER}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'test-support-below-the-harness',
      comment:
        "A module's test-support.ts takes the app its tests start (testing/test-app.ts); it never imports the harness, which imports app.ts and so every module: that would put the module on the roof of the import graph.",
      severity: 'error',
      from: { path: `${SERVER}modules/[^/]+/test-support\\.ts$` },
      to: { path: `${SERVER}(testing/harness|app)\\.ts$` },
    },
    {
      name: 'auth-below-http',
      comment:
        'core/auth is what the access hook (core/http/access.ts) uses; it throws ApiError from core/api-error.ts and never imports core/http.',
      severity: 'error',
      from: { path: `${SERVER}core/auth/` },
      to: { path: `${SERVER}core/http/` },
    },
    {
      name: 'db-below-commands',
      comment:
        "core/db is below the operator's commands: a command over the database (core/backup-commands.ts) imports it, never the other way.",
      severity: 'error',
      from: { path: `${SERVER}core/db/`, pathNot: TEST },
      to: { path: `${SERVER}(core/[^/]+-commands?\\.ts|core/ops-command\\.ts|ops\\.ts)$` },
    },
    {
      name: 'test-support-for-tests',
      comment: 'A test-support.ts is for tests: code never imports one.',
      severity: 'error',
      from: { path: '^(apps|packages|plugins)/', pathNot: TEST },
      to: { path: '[/-]test-support\\.tsx?$' },
    },
    {
      name: 'no-cycle',
      comment: 'No cycle between modules, layers or files: each part can be read and tested below the next.',
      severity: 'error',
      from: { path: '^(apps|packages|plugins)/' },
      to: { circular: true },
    },
    {
      name: 'server-no-front-end',
      comment:
        "The server shares only @vap/contracts with the front end, and a plugin's locale files: an export writes its list's words (core/http/plugin-words.ts).",
      severity: 'error',
      from: { path: '^apps/server/' },
      to: {
        path: '^(packages/(kernel|ui)|plugins|apps/console)/',
        pathNot: '^plugins/[^/]+/src/locales/[^/]+\\.json$',
      },
    },

    // ---- the front end: contracts ← kernel ← ui ← plugins ← console ------------------------------
    {
      name: 'contracts-stand-alone',
      comment: '@vap/contracts is imported by everyone and imports no workspace package.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(packages/(kernel|ui)|plugins|apps)/' },
    },
    {
      name: 'kernel-below-ui',
      comment: 'The kernel imports @vap/contracts only, never the design system, a plugin or an app.',
      severity: 'error',
      from: { path: '^packages/kernel/' },
      to: { path: '^(packages/ui|plugins|apps)/' },
    },
    {
      name: 'ui-below-plugins',
      comment: '@vap/ui builds on the kernel and the contracts, never on a plugin or an app.',
      severity: 'error',
      from: { path: '^packages/ui/' },
      to: { path: '^(plugins|apps)/' },
    },
    {
      name: 'plugin-alone',
      comment:
        "A plugin never imports another plugin, except what that plugin offers to be bundled by its contributors (its extension points and events, the 'points' entry; the dashboard's 'summary-card' for cards), nor the console app.",
      severity: 'error',
      from: { path: '^plugins/([^/]+)/' },
      to: {
        path: '^(plugins|apps)/',
        pathNot: ['^plugins/$1/', '^plugins/[^/]+/(dist|src)/(points|summary-card)\\.(js|ts|tsx|d\\.ts)$'],
      },
    },
    {
      name: 'resolvable',
      comment:
        "Every import resolves (a missing build or a typo would hide a dependency from these rules); Vite's virtual modules are the console build's own.",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    exclude: { path: ['(^|/)node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default', 'node'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    combinedDependencies: false,
    preserveSymlinks: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
