/**
 * The company's money at a glance (FINANCE_CALLS.finance, page recharge): the balance, this month's
 * spending and warnings, and the settings it shows — the low-balance threshold and invoice details.
 */
import { FINANCE_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { FinanceAccounts } from './accounts.js';
import { callerLanguage } from './caller.js';

export async function accountRoutes(
  app: FastifyInstance,
  { db, accounts }: { db: Db; accounts: FinanceAccounts },
) {
  await serve(app, FINANCE_CALLS.finance, async (request) =>
    accounts.overview(await companyOfCaller(request, db), callerLanguage(request)),
  );
  await serve(app, FINANCE_CALLS.updateFinance, async (request) =>
    accounts.update(
      await companyOfCaller(request, db),
      request.body,
      auditTrail(request),
      callerLanguage(request),
    ),
  );
}
