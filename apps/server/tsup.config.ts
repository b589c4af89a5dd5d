import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts', 'src/ops.ts', 'src/pglite-image.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // The locale files are bundled (JSON imports), @vap/locales' included; runtime dependencies stay
  // in node_modules.
  noExternal: ['@vap/locales'],
  dts: false,
});
