import { pluginBuild } from '@vap/kernel/plugin-build';
import { defineConfig } from 'tsup';

export default defineConfig(
  pluginBuild({
    // The dashboard's extension points (a few lines, no dashboard code) are bundled: the plugin
    // works whether or not the dashboard plugin is installed.
    bundle: ['@vap/plugin-dashboard'],
  }),
);
