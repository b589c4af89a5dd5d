import { pluginBuild } from '@vap/kernel/plugin-build';
import { defineConfig } from 'tsup';

export default defineConfig(pluginBuild());
