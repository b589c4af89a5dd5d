import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    host: 'src/host.ts',
    testing: 'src/testing.tsx',
    i18n: 'src/i18n-entry.ts',
    query: 'src/query.tsx',
    'plugin-build': 'src/plugin-build.ts',
    'test-config': 'src/test-config.ts',
  },
  splitting: true,
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
