import { pluginBuild } from '@vap/kernel/plugin-build';
import { defineConfig } from 'tsup';

// The public documents are Markdown files of this package, bundled as their text.
export default defineConfig({ ...pluginBuild(), loader: { '.md': 'text' } });
