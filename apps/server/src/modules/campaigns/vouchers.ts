/**
 * Vouchers on the trade-in screen (spec §2.4, §3 coupon transfer, §4.3, §6): what the company
 * holds, and transfers with a quantity to a cooperating first-level customer — a company directly
 * downstream of the sender's (`parentId`). A transfer is atomic: its vouchers leave the sender and
 * reach the receiver in the transaction that records it as success; when fewer are usable it is
 * refused (409 `vouchers_insufficient`), nothing moved, and recorded as failed. Concurrent
 * transfers of one company lock its vouchers (Coupons.move) and never move more than it holds.
 */
import {
  type CouponTarget,
  type ListPage,
  type ListQuery,
  type Order,
  VOUCHER_TRANSFER_FILTERS,
  VOUCHER_TRANSFER_ORDER_KEYS,
  type VoucherTransfer,
  type VoucherTransferBody,
  type VoucherWallet,
} from '@vap/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companies } from '../../core/db/schema.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { orderOf, whereOf } from '../../core/http/list-sql.js';
import type { Coupons, Ledger } from '../finance/index.js';
import { voucherTransfers as transfers } from './schema.js';

type TransferRow = typeof transfers.$inferSelect;

/** First-level customers one answer lists, at most. */
const TARGETS_MAX = 1000;

const filters = whereOf(VOUCHER_TRANSFER_FILTERS, {
  status: transfers.status,
  created_at: transfers.createdAt,
});
const sorting = orderOf(VOUCHER_TRANSFER_ORDER_KEYS, { created_at: transfers.createdAt });

export class Vouchers {
  constructor(
    private readonly db: Db,
    private readonly coupons: Coupons,
    private readonly ledger: Ledger,
    private readonly now: () => number = Date.now,
  ) {}

  async wallet(companyId: number): Promise<VoucherWallet> {
    const [balance, held] = await Promise.all([
      this.ledger.balance(companyId),
      this.coupons.holding(companyId),
    ]);
    return { balance_fen: balance, vouchers: held.count, vouchers_fen: held.value };
  }

  /** The cooperating first-level customers: the companies directly downstream of the company. */
  async targets(companyId: number, db: Db = this.db): Promise<CouponTarget[]> {
    return db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.parentId, companyId))
      .orderBy(companies.name, companies.id)
      .limit(TARGETS_MAX);
  }

  async page(companyId: number, query: ListQuery): Promise<ListPage<VoucherTransfer>> {
    const where = and(eq(transfers.companyId, companyId), filters(query.wheres));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ transfer: transfers, toName: companies.name })
        .from(transfers)
        .innerJoin(companies, eq(companies.id, transfers.toCompanyId))
        .where(where)
        .orderBy(...this.sorting(query.orders))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ total: count() }).from(transfers).where(where),
    ]);
    return {
      items: rows.map((row) => toTransfer(row.transfer, row.toName)),
      total: counted?.total ?? 0,
    };
  }

  /**
   * Transfers `quantity` usable vouchers to a first-level customer (400 `transfer_target_invalid`
   * for any other company): success in one transaction, or 409 `vouchers_insufficient` with the
   * attempt recorded as failed.
   */
  async transfer(
    companyId: number,
    body: VoucherTransferBody,
    operatorId: number | null,
    trail: AuditTrail,
  ): Promise<VoucherTransfer> {
    const target = await this.target(this.db, companyId, body.company_id);
    try {
      return await this.db.transaction(async (tx) => {
        // The receiver is checked again where the vouchers move: it may have left meanwhile.
        await this.target(tx, companyId, target.id);
        const value = await this.coupons.move(tx, companyId, target.id, body.quantity);
        return this.write(tx, companyId, target, body.quantity, value, null, operatorId, trail);
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'vouchers_insufficient') throw error;
      await this.db.transaction((tx) =>
        this.write(tx, companyId, target, body.quantity, 0, 'vouchers_insufficient', operatorId, trail),
      );
      throw error;
    }
  }

  private async target(db: Db, companyId: number, id: number): Promise<CouponTarget> {
    const [row] = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(and(eq(companies.id, id), eq(companies.parentId, companyId)));
    if (!row) throw new ApiError(400, 'transfer_target_invalid');
    return row;
  }

  private async write(
    tx: Db,
    companyId: number,
    target: CouponTarget,
    quantity: number,
    value: number,
    reason: VoucherTransfer['reason'],
    operatorId: number | null,
    trail: AuditTrail,
  ): Promise<VoucherTransfer> {
    const row = await writtenRow(
      tx
        .insert(transfers)
        .values({
          companyId,
          toCompanyId: target.id,
          quantity,
          valueFen: value,
          status: reason ? 'failed' : 'success',
          reason,
          requestedBy: operatorId,
          createdAt: new Date(this.now()),
        })
        .returning(),
      'voucher transfer not written',
    );
    const after = toTransfer(row, target.name);
    await trail.record(tx, {
      action: 'campaigns.voucher.transfer',
      target: { type: 'voucher_transfer', id: row.id },
      after,
    });
    return after;
  }

  private sorting(query: readonly Order[]): SQL[] {
    return [...sorting(query), desc(transfers.createdAt), desc(transfers.id)];
  }
}

function toTransfer(row: TransferRow, toName: string): VoucherTransfer {
  return {
    id: row.id,
    to_company_id: row.toCompanyId,
    to_company_name: toName,
    quantity: row.quantity,
    value_fen: row.valueFen,
    status: row.status,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}
