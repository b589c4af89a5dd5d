/** The signed-in user's own account (spec §3, §7.1): user info, profile and password. */
import { ACCOUNT_CALLS, apiErrorSchema, type UserInfo } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Caller } from '../../core/auth/caller.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, signedInOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { KeptAnswers } from '../../core/http/compress.js';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import { OwnAccount } from './profile.js';
import { userInfoJson } from './serialize.js';
import { AccountService } from './service.js';

export interface AccountModuleOptions {
  db: Db;
  passwords: PasswordHasher;
  tokens: TokenService;
  catalogue: MenuCatalogue;
  store: ObjectStore;
  /** The global company-verification switch of user info. */
  verifyCompany: boolean;
}

export async function accountRoutes(app: FastifyInstance, options: AccountModuleOptions) {
  const { db, catalogue, store } = options;
  // User info shows the logo through a signed URL: an <img> cannot send a bearer header.
  const accounts = new AccountService(catalogue, options.verifyCompany, (path) => store.signedUrl(path));
  const ownAccount = new OwnAccount(db, options.passwords, options.tokens);
  // User info is a function of the caller (kept while unchanged, frozen) and the logo's signed URL.
  const userInfoAnswers = new KeptAnswers<Caller>();

  await serve(
    app,
    ACCOUNT_CALLS.userInfo,
    async (request, reply) => {
      const caller = signedInOf(request);
      const info = await accounts.userInfo(caller);
      return userInfoAnswers.send(request, reply, caller, info.company?.logo ?? '', () => userInfoJson(info));
    },
    {
      // The answer is made and compressed once per kept caller (KeptAnswers, serialize.ts); a 401 as usual.
      serializerCompiler: ({ httpStatus, method, url }) =>
        httpStatus === '200'
          ? (data) => userInfoJson(data as UserInfo)
          : serializerCompiler({ schema: apiErrorSchema, method, url, httpStatus }),
    },
  );

  await serve(app, ACCOUNT_CALLS.updateProfile, async (request) => {
    await ownAccount.updateProfile(callerOf(request).userId, request.body, auditTrail(request));
  });

  await serve(app, ACCOUNT_CALLS.changePassword, async (request) => {
    await ownAccount.changePassword(callerOf(request), request.body, auditTrail(request));
  });

  await serve(app, ACCOUNT_CALLS.setPassword, async (request) => {
    await ownAccount.setPassword(callerOf(request), request.body.password, auditTrail(request));
  });
}
