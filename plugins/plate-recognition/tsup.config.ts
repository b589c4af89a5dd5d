import { pluginBuild } from '@vap/kernel/plugin-build';
import { defineConfig } from 'tsup';

// The server's words (locales/server `prs`: the plate types', colours' and billings' names) are
// bundled as lazy chunks of their own, as the plugin's words are.
export default defineConfig(pluginBuild({ bundle: ['@vap/locales'] }));
