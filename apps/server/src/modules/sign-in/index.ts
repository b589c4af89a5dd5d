/**
 * Signing in, up and out (spec §7.1): password, SMS code and scan sign-in, sign-up, password reset,
 * the puzzle captcha, and their rate limits — one limiter, so that every way in counts alike.
 */
import { defineModule } from '../../core/modules.js';
import { RateLimiter } from '../../core/rate-limit/limiter.js';
import { passwordRoutes } from './password.js';
import { type CodeSignInOptions, codeSignInRoutes } from './routes.js';

export { configuredProviders } from './configured.js';
export { DevelopmentProviderError, type ScanLoginProvider, type SmsProvider } from './providers.js';

/** The providers and the development outbox; the rest comes from the core services. */
export type SignInSettings = Pick<
  CodeSignInOptions,
  'devOutbox' | 'smsProvider' | 'scanProvider' | 'refuseDevelopmentProviders'
>;

export const signInModule = (settings: SignInSettings) =>
  defineModule({
    name: 'sign-in',
    create: ({ db, passwords, tokens, secrets }) => {
      const options = { ...settings, db, passwords, tokens, codeSecret: secrets.serverSecret };
      const limiter = new RateLimiter(db);
      return {
        routes: async (app) => {
          await app.register(passwordRoutes, { ...options, limiter });
          await app.register(codeSignInRoutes, { ...options, limiter });
        },
      };
    },
  });
