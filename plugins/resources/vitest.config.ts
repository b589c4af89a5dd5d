import { packageTests } from '@vap/kernel/test-config';
import { defineConfig, mergeConfig } from 'vitest/config';

// The public documents are Markdown files imported as their text, as the build's `text` loader does.
export default mergeConfig(
  packageTests({ setupFiles: ['@vap/ui/test-cleanup'] }),
  defineConfig({
    plugins: [
      {
        name: 'markdown-as-text',
        transform(code, id) {
          return id.endsWith('.md') ? { code: `export default ${JSON.stringify(code)};`, map: null } : null;
        },
      },
    ],
  }),
);
