/**
 * `@vap/kernel/test-config`: the Vitest options of a console package (the kernel, the design system,
 * every plugin), one set for all (its `vitest.config.ts` is `defineConfig(packageTests({ … }))`). It
 * imports nothing at run time: Vitest loads it before anything of the package is transformed.
 */
import type { ViteUserConfig } from 'vitest/config';

export interface PackageTestOptions {
  /** Files run before each test file (a package's clean-up after each test). */
  setupFiles?: string[];
  /** Each test file with its own module graph and jsdom (Vitest's default); shared, without. */
  isolate?: boolean;
}

/** The package's `src/**` tests in jsdom, given the time a loaded CI machine needs. */
export function packageTests({ setupFiles, isolate = false }: PackageTestOptions = {}): ViteUserConfig {
  return {
    test: {
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      ...(setupFiles ? { setupFiles } : {}),
      // The test files of a worker share one module graph and one jsdom unless a package asks
      // otherwise: each file's own would cost more than its tests (the devices plugin's tests: 63 → 36 s
      // of CPU).
      isolate,
      // A test renders pages whose code and locale chunks load through Vite's transform; while the
      // server suites run beside it on a two-core CI machine, a few waits in a row outlast 5 s.
      testTimeout: 30_000,
    },
  };
}
