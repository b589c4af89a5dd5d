/**
 * Invoices: the company's invoice requests (page invoice_record; asking for one its `apply` button,
 * the .xlsx its `export` button), each as a PDF, and the paid orders with their invoice state (page
 * invoice_payment).
 */
import { FINANCE_CALLS, INVOICE_FILTERS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { listFilters } from '../../core/http/list-query.js';
import { sendPdf } from '../../core/http/pdf-download.js';
import { callerLanguage } from './caller.js';
import { INVOICE_EXPORT_COLUMNS, invoicePdf } from './invoice-document.js';
import type { Invoices } from './invoices.js';
import { sendFinanceXlsx } from './xlsx-export.js';

export async function invoiceRoutes(app: FastifyInstance, { db, invoices }: { db: Db; invoices: Invoices }) {
  await serve(app, FINANCE_CALLS.invoices, async (request, _reply, list) =>
    invoices.list(await companyOfCaller(request, db), list),
  );
  await serve(app, FINANCE_CALLS.requestInvoice, async (request) =>
    invoices.request(
      await companyOfCaller(request, db),
      request.body.order_ids,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
  await serve(app, FINANCE_CALLS.invoice, async (request) =>
    invoices.get(await companyOfCaller(request, db), request.params.id),
  );
  await serve(app, FINANCE_CALLS.invoicePdf, async (request, reply) => {
    const { invoice, company } = await invoices.document(
      await companyOfCaller(request, db),
      request.params.id,
    );
    return sendPdf(
      reply,
      invoice.number,
      await invoicePdf(invoice, company, callerLanguage(request), new Date()),
    );
  });
  await serve(app, FINANCE_CALLS.exportInvoices, async (request, reply) => {
    const rows = await invoices.all(
      await companyOfCaller(request, db),
      listFilters(request.query.wheres, INVOICE_FILTERS),
    );
    return sendFinanceXlsx(request, reply, 'invoices', INVOICE_EXPORT_COLUMNS, rows);
  });
  await serve(app, FINANCE_CALLS.invoicePayments, async (request, _reply, list) =>
    invoices.payments(await companyOfCaller(request, db), list),
  );
}
