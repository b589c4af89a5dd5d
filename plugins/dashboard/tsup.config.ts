import { defineConfig } from 'tsup';

export default defineConfig({
  // points.ts: the extension points other plugins contribute to (see its comment).
  entry: ['src/index.ts', 'src/points.ts'],
  format: ['esm'],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
