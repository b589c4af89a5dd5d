import { pluginBuild } from '@vap/kernel/plugin-build';
import { defineConfig } from 'tsup';

export default defineConfig(
  pluginBuild({
    // points.ts: the extension points other plugins contribute to (see its comment).
    entry: ['src/index.ts', 'src/points.ts'],
  }),
);
