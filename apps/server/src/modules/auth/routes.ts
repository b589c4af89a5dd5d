import { apiErrorSchema, loginPasswordBodySchema, loginResultSchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/errors.js';
import type { AccountService } from '../account/service.js';
import { callerOf } from './access.js';
import type { PasswordHasher } from './passwords.js';
import type { TokenService } from './tokens.js';

export interface AuthRoutesOptions {
  accounts: AccountService;
  passwords: PasswordHasher;
  tokens: TokenService;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { accounts, passwords, tokens },
) => {
  app.post(
    '/v0/pms/users/login_password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Sign in with phone or email and the md5 of the password',
        body: loginPasswordBodySchema,
        response: { 200: loginResultSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { account, password } = request.body;
      const user = await accounts.findBySignInName(account);
      const valid = user?.passwordHash
        ? await passwords.verify(user.passwordHash, password)
        : await passwords.verifyNothing(password);
      // One answer for unknown accounts and wrong passwords: it must not reveal which accounts exist.
      if (!user || !valid) throw new ApiError(401, 'invalid_credentials');
      return { token: await tokens.issue(user.id) };
    },
  );

  app.post(
    '/v1/pms/user/logout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Sign out: revoke the token of this request',
        security: [{ bearer: [] }],
        response: { 204: z.null(), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await tokens.revoke(callerOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );
};
