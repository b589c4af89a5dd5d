/**
 * The company's invoice details on the invoice records page (page invoice_record; setting them its
 * `apply` button): the same settings GET/PUT finance shows and sets, alone.
 */
import { FINANCE_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { FinanceAccounts } from './accounts.js';
import { callerLanguage } from './caller.js';

export async function invoiceDetailsRoutes(
  app: FastifyInstance,
  { db, accounts }: { db: Db; accounts: FinanceAccounts },
) {
  await serve(app, FINANCE_CALLS.invoiceDetails, async (request) => ({
    invoice: (await accounts.settings(await companyOfCaller(request, db))).invoice,
  }));
  await serve(app, FINANCE_CALLS.saveInvoiceDetails, async (request) => {
    const { invoice } = await accounts.update(
      await companyOfCaller(request, db),
      { invoice: request.body.invoice },
      auditTrail(request),
      callerLanguage(request),
    );
    return { invoice };
  });
}
