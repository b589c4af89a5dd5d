/** The signed-in user's own account (spec §3, §7.1): user info, profile and password. */
import {
  ACCOUNT_PATHS,
  apiErrorSchema,
  changePasswordBodySchema,
  profileBodySchema,
  setPasswordBodySchema,
  type UserInfo,
  userInfoSchema,
} from '@vap/contracts';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Caller } from '../../core/auth/caller.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, signedInOf } from '../../core/http/access.js';
import { KeptAnswers } from '../../core/http/compress.js';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import { OwnAccount } from './profile.js';
import { userInfoJson } from './serialize.js';
import { AccountService } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

export interface AccountModuleOptions {
  db: Db;
  passwords: PasswordHasher;
  tokens: TokenService;
  catalogue: MenuCatalogue;
  store: ObjectStore;
  /** The global company-verification switch of user info. */
  verifyCompany: boolean;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountModuleOptions> = async (app, options) => {
  const { db, catalogue, store } = options;
  // User info shows the logo through a signed URL: an <img> cannot send a bearer header.
  const accounts = new AccountService(catalogue, options.verifyCompany, (path) => store.signedUrl(path));
  const ownAccount = new OwnAccount(db, options.passwords, options.tokens);
  // User info is a function of the caller (kept while unchanged, frozen) and the logo's signed URL.
  const userInfoAnswers = new KeptAnswers<Caller>();

  app.get(
    ACCOUNT_PATHS.user,
    {
      config: { access: 'user' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, their company and the menu their role allows',
        security: [{ bearer: [] }],
        response: { 200: userInfoSchema, 401: apiErrorSchema },
      },
      // The answer is made and compressed once per kept caller (KeptAnswers, serialize.ts); a 401 as usual.
      serializerCompiler: ({ httpStatus, method, url }) =>
        httpStatus === '200'
          ? (data) => userInfoJson(data as UserInfo)
          : serializerCompiler({ schema: apiErrorSchema, method, url, httpStatus }),
    },
    async (request, reply) => {
      const caller = signedInOf(request);
      const info = await accounts.userInfo(caller);
      return userInfoAnswers.send(request, reply, caller, info.company?.logo ?? '', () => userInfoJson(info));
    },
  );

  app.put(
    ACCOUNT_PATHS.user,
    {
      config: { access: 'user', audit: 'account.profile.update' },
      schema: {
        tags: ['account'],
        summary: 'Edit the own profile: nickname, remark, and an email no other account uses',
        security: [{ bearer: [] }],
        body: profileBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await ownAccount.updateProfile(callerOf(request).userId, request.body, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    ACCOUNT_PATHS.password,
    {
      config: { access: 'user', audit: 'account.password.change' },
      schema: {
        tags: ['account'],
        summary: "Change the password (md5 digests); revokes the user's other sessions",
        security: [{ bearer: [] }],
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await ownAccount.changePassword(callerOf(request), request.body, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    ACCOUNT_PATHS.password,
    {
      config: { access: 'user', audit: 'account.password.set' },
      schema: {
        tags: ['account'],
        summary: 'Set the first password of an account without one (is_password_empty)',
        security: [{ bearer: [] }],
        body: setPasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await ownAccount.setPassword(callerOf(request), request.body.password, auditTrail(request));
      return reply.code(204).send(null);
    },
  );
};
