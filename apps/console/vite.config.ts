import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss()],
  ...(command === 'build' && mode === 'production'
    ? {
        resolve: {
          alias: [
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
    chunkSizeWarningLimit: 400,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    // See test-setup.ts: page chunks load through Vite's transform on a busy machine.
    testTimeout: 30_000,
  },
}));
