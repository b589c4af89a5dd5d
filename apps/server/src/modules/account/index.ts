/** The signed-in user's own account (spec §3, §7.1): user info, profile and password. */
import { defineModule } from '../../core/modules.js';
import { accountRoutes } from './routes.js';

/** `verifyCompany`: a company must be verified before its services are used (VERIFY_COMPANY). */
export const accountModule = ({ verifyCompany }: { verifyCompany: boolean }) =>
  defineModule({
    name: 'account',
    create: ({ db, passwords, tokens, catalogue, store }) => ({
      routes: async (app) =>
        app.register(accountRoutes, { db, passwords, tokens, catalogue, store, verifyCompany }),
    }),
  });
