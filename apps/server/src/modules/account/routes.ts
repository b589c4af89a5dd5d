import { apiErrorSchema, type UserInfo, userInfoSchema } from '@vap/contracts';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { signedInOf } from '../auth/access.js';
import { userInfoJson } from './serialize.js';
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
      // The answer's menu tree is serialized once per tree (serialize.ts); a 401 as usual.
      serializerCompiler: ({ httpStatus, method, url }) =>
        httpStatus === '200'
          ? (data) => userInfoJson(data as UserInfo)
          : serializerCompiler({ schema: apiErrorSchema, method, url, httpStatus }),
    },
    (request) => accounts.userInfo(signedInOf(request)),
  );
};
