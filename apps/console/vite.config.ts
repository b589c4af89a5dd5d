import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { DEFAULT_LANGUAGE } from '@vap/contracts';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { compressBuild } from './vite/compress.js';
import { firstLoad } from './vite/first-load.js';
import { vapPlugins } from './vite/vap-plugins.js';

/**
 * React Router's package exports name only its development build, for production too
 * (remix-run/react-router#12532, #14102): its dev-only warnings would ship. A production build
 * takes the package's own production build, which differs only by `ENABLE_DEV_WARNINGS = false`.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

/** The server that `npm run dev -w @vap/console` forwards /webapi to. */
const apiTarget = process.env.VAP_API_URL ?? 'http://localhost:8080';

/**
 * csv-stringify's package build reads Node's `Buffer` when it loads; browsers take its browser
 * build, which brings its own (it loads with a table's first export only).
 */
const csvInTheBrowser = { find: /^csv-stringify\/sync$/, replacement: 'csv-stringify/browser/esm/sync' };

export default defineConfig(({ command, mode }) => ({
  // vapPlugins before Tailwind: it adds the listed plugins' builds to the stylesheet's sources.
  plugins: [
    vapPlugins({ appDir: import.meta.dirname, stylesheet: 'src/styles.css' }),
    react(),
    tailwindcss(),
    firstLoad({
      signInPath: '/login',
      shell: 'src/shell/shell.tsx',
      defaultLanguage: DEFAULT_LANGUAGE,
      kernel: '@vap/kernel',
      sessionLibraries: ['inversify'],
      shellMessages: '@vap/locales/shell',
    }),
    compressBuild(),
  ],
  resolve: { alias: [csvInTheBrowser] },
  ...(command === 'build' && mode === 'production'
    ? {
        resolve: {
          // rxjs's ES2015 build: native classes instead of the ES5 one's tslib helpers (1.6 KB gzip less).
          conditions: ['es2015', ...defaultClientConditions],
          alias: [
            csvInTheBrowser,
            { find: /^react-router$/, replacement: join(reactRouterProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(reactRouterProduction, 'dom-export.mjs') },
          ],
        },
      }
    : {}),
  server: {
    proxy: { '/webapi': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The entry chunk holds all the boot code by design (vite/first-load.ts): some 430 KB
    // minified, 118 KB brotli; a warning above that is worth a look.
    chunkSizeWarningLimit: 460,
    // Vite's preload lists name, for every lazy page, all the chunks it imports; they sit in the
    // plugin entries and the entry chunk, 2.8 KB gzip of the sign-in page's first load (issue 4's
    // budget). Without them a page's imports load as the browser reads the page's chunk, and the
    // sidebar starts that when an entry is pointed at or focused (preloadPage). The sign-in page's
    // chunks are preloaded from index.html instead (vite/first-load.ts).
    modulePreload: false,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    environment: 'jsdom',
    // The test files of a worker share one module graph and one jsdom: each file's own would cost
    // more than its tests (the devices plugin's tests: 63 → 36 s of CPU).
    isolate: false,
    // The design system's clean-up after every test (unmount, dialogs, messages, globals, clock).
    setupFiles: ['src/test-setup.ts', '@vap/ui/test-cleanup'],
    // See test-setup.ts: page chunks load through Vite's transform on a busy machine.
    testTimeout: 30_000,
  },
}));
