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
  // points.ts: what other plugins may use (its event), an entry of its own.
  entry: ['src/index.ts', 'src/points.ts'],
  format: ['esm'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: PEERS,
  // The dashboard's extension points (a few lines, no dashboard code) are bundled: the notices
  // plugin works whether or not the dashboard plugin is installed.
  noExternal: ['@vap/plugin-dashboard'],
});
