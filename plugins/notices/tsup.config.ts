import PEERS from '@vap/kernel/plugin-peers.json' with { type: 'json' };
import { defineConfig } from 'tsup';

export default defineConfig({
  // points.ts: what other plugins may use (its event), an entry of its own.
  entry: ['src/index.ts', 'src/points.ts'],
  format: ['esm'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // The kernel's list of plugin peers: the console provides them once; never bundled, subpaths included.
  external: PEERS,
  // The dashboard's extension points (a few lines, no dashboard code) are bundled: the notices
  // plugin works whether or not the dashboard plugin is installed.
  noExternal: ['@vap/plugin-dashboard'],
});
