import { pluginBuild } from '@vap/kernel/plugin-build';
import { defineConfig } from 'tsup';

export default defineConfig(
  pluginBuild({
    // points.ts: what other plugins may use (its event), an entry of its own.
    entry: ['src/index.ts', 'src/points.ts'],
    // Other plugins type-check against points.
    declarations: true,
    // The dashboard's extension points (a few lines, no dashboard code) are bundled: the notices plugin
    // works whether or not the dashboard plugin is installed.
    bundle: ['@vap/plugin-dashboard'],
  }),
);
