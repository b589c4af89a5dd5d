/**
 * Signing in, up and out (spec §7.1): password, SMS code and scan sign-in, sign-up, password reset,
 * the puzzle captcha, and their rate limits — one limiter, so that every way in counts alike.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimiter } from '../../core/rate-limit/limiter.js';
import { passwordRoutes } from './password.js';
import { type CodeSignInOptions, codeSignInRoutes } from './routes.js';

export { configuredProviders } from './configured.js';
export { DevelopmentProviderError, type ScanLoginProvider, type SmsProvider } from './providers.js';

export type SignInModuleOptions = Omit<CodeSignInOptions, 'limiter'>;

export const signInModule: FastifyPluginAsyncZod<SignInModuleOptions> = async (app, options) => {
  const limiter = new RateLimiter(options.db);
  await app.register(passwordRoutes, { ...options, limiter });
  await app.register(codeSignInRoutes, { ...options, limiter });
};
