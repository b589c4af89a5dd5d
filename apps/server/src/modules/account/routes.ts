import { apiErrorSchema, userInfoSchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInOf } from '../auth/access.js';
import type { AccountService } from './service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ accounts: AccountService }> = async (
  app,
  { accounts },
) => {
  app.get(
    '/v1/pms/user',
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, their company and the menu their role allows',
        security: [{ bearer: [] }],
        response: { 200: userInfoSchema, 401: apiErrorSchema },
      },
    },
    (request) => accounts.userInfo(signedInOf(request)),
  );
};
