import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The server that `npm run dev -w @vap/console` forwards /webapi to. */
const apiTarget = process.env.VAP_API_URL ?? 'http://localhost:8080';

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  // In tests, react-router-dom is CommonJS-required by Node, which picks react-router's ESM
  // build through `module-sync`; resolve the sources the same way, or the router context
  // would exist twice (one per build) and no hook would find its router.
  ...(mode === 'test'
    ? { resolve: { conditions: ['module-sync', 'module', 'browser', 'development|production'] } }
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
    server: { deps: { inline: [/react-router/] } },
  },
}));
