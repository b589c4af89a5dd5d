import PEERS from '@vap/kernel/plugin-peers.json' with { type: 'json' };
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // The kernel's list of plugin peers: the console provides them once; never bundled, subpaths included.
  external: PEERS,
  // The dashboard's extension points (a few lines, no dashboard code) are bundled: the plugin works
  // whether or not the dashboard plugin is installed.
  noExternal: ['@vap/plugin-dashboard'],
});
