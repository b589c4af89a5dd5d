import { defineConfig } from 'tsup';

export default defineConfig({
  // One output module per source file, like @vap/ui: with `"sideEffects": false`, an app's bundler
  // then keeps only the modules whose exports it uses. The constants and the plain validators stay
  // free of zod, so a page that needs only those (the sign-in page) does not carry zod.
  entry: ['src/**/*.ts', '!src/**/*.test.ts'],
  bundle: false,
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
