import { defineConfig } from 'tsup';

export default defineConfig({
  // One output module per source file, so an app's bundler can put each component in the
  // chunk that uses it (the sign-in page must not carry the shell's menus and dialogs).
  entry: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/test-support.tsx', '!src/**/test-*.ts'],
  bundle: false,
  format: ['esm'],
  // The test kit (`@vap/ui/testing`) shares these modules, so a test's dialog host is the plugin's.
  dts: { entry: ['src/index.ts', 'src/testing.tsx'] },
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
