/**
 * The app as production starts it: development providers refused, so every provider is a real one —
 * SMS and scan sign-in that send nowhere, and a plate engine at an address nothing listens on.
 */
import { HttpPlateEngine } from '../modules/plate-recognition/index.js';
import { createTestApp } from './harness.js';

/** The real SMS and scan sign-in providers a production start names (no plate engine: add one). */
export const PRODUCTION_PROVIDERS = {
  refuseDevelopmentProviders: true,
  smsProvider: { send: async () => {} },
  scanProvider: { qrContent: (id: string) => id, announce: async () => {} },
} as const;

/** A test app on PGlite with the development providers refused and real ones named instead. */
export function createProductionTestApp() {
  return createTestApp('pglite', {
    ...PRODUCTION_PROVIDERS,
    // Production names a real plate engine too, or it does not start.
    plateEngine: new HttpPlateEngine({ url: 'http://127.0.0.1:9/plates' }),
  });
}
