import { defineConfig } from 'tsup';

export default defineConfig({
  // The library (the server runs a fleet in-process) and the command line; their shared code is one chunk.
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
});
