import { defineConfig } from 'tsup';

/** The console provides these once at run time (peerDependencies): never bundled, subpaths included. */
const PEERS = [
  '@vap/kernel',
  '@tanstack/react-query',
  'i18next',
  'react',
  'react-dom',
  'react-i18next',
  'react-router',
  'rxjs',
];

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
