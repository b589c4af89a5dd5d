/**
 * Invoices (pages invoice_record and invoice_payment; spec §3 Invoice, §4.3, §5.7): an invoice is
 * asked for paid recharge orders not yet invoiced — one invoice may cover several — with the
 * company's invoice details as they are then; it is invoicing until the operator issues it
 * (`invoice:issue <id> <number>`), which tells the owner. An order is in one invoice at most: the
 * table of an invoice's orders keys them by order, so two requests at once cannot both take one.
 */
import {
  formatFen,
  INVOICE_EXPORT_MAX_ROWS,
  INVOICE_FILTERS,
  INVOICE_PAYMENT_FILTERS,
  type Invoice,
  type InvoicePayment,
  type ListPage,
  type Where,
} from '@vap/contracts';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyRow } from '../../core/db/company-rows.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { companies } from '../../core/db/schema.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { whereOf } from '../../core/http/list-sql.js';
import type { FinanceAccounts } from './accounts.js';
import { nextNumbered } from './numbering.js';
import { invoiceOrders, invoices, rechargeOrders } from './schema.js';
import { tellOwners } from './standing.js';

type InvoiceRow = typeof invoices.$inferSelect;

const invoiceFilters = whereOf(INVOICE_FILTERS, {
  state: invoices.state,
  number: invoices.number,
  requested_at: invoices.requestedAt,
});
const whereOfInvoices = (companyId: number, wheres: readonly Where[]) =>
  and(eq(invoices.companyId, companyId), invoiceFilters(wheres));

/** A paid order's invoice state: not invoiced while no invoice holds it, else its invoice's. */
const paymentFilters = whereOf(INVOICE_PAYMENT_FILTERS, {
  number: rechargeOrders.number,
  invoice_state: ({ v }) => (v === 'not_invoiced' ? isNull(invoiceOrders.orderId) : eq(invoices.state, v)),
});

export class Invoices {
  constructor(
    private readonly db: Db,
    private readonly accounts: FinanceAccounts,
    private readonly now: () => number = Date.now,
  ) {}

  async list(
    companyId: number,
    query: { page: number; size: number; wheres: readonly Where[] },
  ): Promise<ListPage<Invoice>> {
    const where = whereOfInvoices(companyId, query.wheres);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ total: count() }).from(invoices).where(where),
    ]);
    return { items: await this.withOrders(rows), total: total?.total ?? 0 };
  }

  /** Every request the filters match, newest first; 400 `log_export_too_many_rows` beyond 5000 (spec §8). */
  async all(companyId: number, wheres: readonly Where[]): Promise<Invoice[]> {
    const rows = await this.db
      .select()
      .from(invoices)
      .where(whereOfInvoices(companyId, wheres))
      .orderBy(desc(invoices.id))
      .limit(INVOICE_EXPORT_MAX_ROWS + 1);
    if (rows.length > INVOICE_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    return this.withOrders(rows);
  }

  /** One request with the name of the company that asked it (for its PDF). */
  async document(companyId: number, id: number): Promise<{ invoice: Invoice; company: string }> {
    const [invoice, [company]] = await Promise.all([
      this.get(companyId, id),
      this.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
    ]);
    return { invoice, company: company?.name ?? '' };
  }

  async get(companyId: number, id: number): Promise<Invoice> {
    const row = await companyRow(this.db, invoices, companyId, id);
    const [invoice] = await this.withOrders([row]);
    return invoice as Invoice;
  }

  /** The company's paid orders with their invoice state, newest first. */
  async payments(
    companyId: number,
    query: { page: number; size: number; wheres: readonly Where[] },
  ): Promise<ListPage<InvoicePayment>> {
    const where = and(
      eq(rechargeOrders.companyId, companyId),
      eq(rechargeOrders.state, 'paid'),
      paymentFilters(query.wheres),
    );
    const from = () =>
      this.db
        .select({
          id: rechargeOrders.id,
          number: rechargeOrders.number,
          amount: rechargeOrders.amount,
          paidAt: rechargeOrders.closedAt,
          invoiceId: invoices.id,
          invoiceState: invoices.state,
        })
        .from(rechargeOrders)
        .leftJoin(invoiceOrders, eq(invoiceOrders.orderId, rechargeOrders.id))
        .leftJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
        .where(where);
    const [rows, [total]] = await Promise.all([
      from()
        .orderBy(desc(rechargeOrders.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db
        .select({ total: count() })
        .from(rechargeOrders)
        .leftJoin(invoiceOrders, eq(invoiceOrders.orderId, rechargeOrders.id))
        .leftJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
        .where(where),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        number: row.number,
        amount: row.amount,
        paid_at: (row.paidAt ?? new Date(0)).toISOString(),
        invoice_state: row.invoiceState ?? 'not_invoiced',
        invoice_id: row.invoiceId,
      })),
      total: total?.total ?? 0,
    };
  }

  /**
   * An invoice for paid orders of the company not yet invoiced: 409 `invoice_details_missing`
   * before the details are given, `order_not_invoiceable` for an order not paid or not the
   * company's, `order_invoiced` for one already in an invoice.
   */
  async request(companyId: number, orderIds: readonly number[], userId: number, trail: AuditTrail) {
    const ids = [...new Set(orderIds)];
    try {
      return await this.db.transaction(async (tx) => {
        const { invoice: details } = await this.accounts.settings(companyId, tx);
        if (!details) throw new ApiError(409, 'invoice_details_missing');
        const orders = await tx
          .select({ id: rechargeOrders.id, amount: rechargeOrders.amount })
          .from(rechargeOrders)
          .where(
            and(
              inArray(rechargeOrders.id, ids),
              eq(rechargeOrders.companyId, companyId),
              eq(rechargeOrders.state, 'paid'),
            ),
          );
        if (orders.length !== ids.length) throw new ApiError(409, 'order_not_invoiceable');
        const at = new Date(this.now());
        const { id, number } = await nextNumbered(tx, 'invoices', 'I', at);
        const row = await writtenRow(
          tx
            .insert(invoices)
            .values({
              id,
              companyId,
              number,
              amount: orders.reduce((sum, order) => sum + order.amount, 0),
              details,
              requestedBy: userId,
              requestedAt: at,
            })
            .returning(),
          'invoice not written',
        );
        await tx.insert(invoiceOrders).values(orders.map((order) => ({ orderId: order.id, invoiceId: id })));
        const [invoice] = await this.withOrders([row], tx);
        await trail.record(tx, {
          action: 'finance.invoice.request',
          target: { type: 'invoice', id },
          after: invoice,
        });
        return invoice as Invoice;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'order_invoiced');
      throw error;
    }
  }

  /** The operator's `invoice:issue`: an invoicing invoice becomes invoiced, and its owners hear of it. */
  async issue(id: number, number: string): Promise<Invoice> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(invoices)
        .set({ state: 'invoiced', invoiceNumber: number, issuedAt: new Date(this.now()) })
        .where(and(eq(invoices.id, id), eq(invoices.state, 'invoicing')))
        .returning();
      if (!row) throw new ApiError(409, 'order_invoiced');
      await tellOwners(tx, row.companyId, 'invoiceIssued', {
        number: row.number,
        amount: formatFen(row.amount),
        invoice: number,
        email: row.details.email,
      });
      const [invoice] = await this.withOrders([row], tx);
      return invoice as Invoice;
    });
  }

  private async withOrders(rows: readonly InvoiceRow[], db: Db = this.db): Promise<Invoice[]> {
    const covered = rows.length
      ? await db
          .select({
            invoiceId: invoiceOrders.invoiceId,
            id: rechargeOrders.id,
            number: rechargeOrders.number,
            amount: rechargeOrders.amount,
          })
          .from(invoiceOrders)
          .innerJoin(rechargeOrders, eq(rechargeOrders.id, invoiceOrders.orderId))
          .where(
            inArray(
              invoiceOrders.invoiceId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(rechargeOrders.id))
      : [];
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      amount: row.amount,
      state: row.state,
      orders: covered
        .filter((order) => order.invoiceId === row.id)
        .map(({ id, number, amount }) => ({ id, number, amount })),
      details: row.details,
      invoice_number: row.invoiceNumber,
      requested_at: row.requestedAt.toISOString(),
      issued_at: row.issuedAt?.toISOString() ?? null,
    }));
  }
}
