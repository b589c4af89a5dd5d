import { pluginBuild } from '@vap/kernel/plugin-build';
import { defineConfig } from 'tsup';

export default defineConfig(
  pluginBuild({
    // points.ts: the extension points other plugins contribute to (see its comment); summary-card.tsx:
    // what their cards share, apart so that the dashboard's own page does not load it.
    entry: ['src/index.ts', 'src/points.ts', 'src/summary-card.tsx'],
    // Other plugins type-check against points and summary-card.
    declarations: true,
  }),
);
