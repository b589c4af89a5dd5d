/**
 * Trade-in applications (spec §2.4, §3, §4.3, §5.7, §9): a company sends old devices — lines of a
 * model from the list and a quantity — with the parcel's tracking number, to an open trade-in
 * campaign. The vendor reviews each once (`npm run ops -- tradein:review`); an approved one earns
 * vouchers by the campaign's terms (two per device of the vendor's brands, one per other, ¥10
 * each), which credit.ts issues.
 */
import {
  type ListPage,
  type ListQuery,
  type Order,
  TRADE_IN_FILTERS,
  TRADE_IN_ORDER_KEYS,
  type TradeInApplication,
  type TradeInApplyBody,
  type TradeInLine,
  type TradeInModel,
  tradeInVouchers,
} from '@vap/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { likePattern, orderOf, whereOf } from '../../core/http/list-sql.js';
import type { Campaigns } from './campaigns.js';
import { tradeInApplications as applications, campaigns, tradeInModels } from './schema.js';

type ApplicationRow = typeof applications.$inferSelect;

/** Models the list holds, at most, in one answer. */
const MODELS_MAX = 1000;

const filters = whereOf(TRADE_IN_FILTERS, {
  status: applications.status,
  tracking_number: ({ v }, param) => sql`${applications.trackingNumber} ilike ${param(likePattern(v))}`,
  submitted_at: applications.submittedAt,
});
const sorting = orderOf(TRADE_IN_ORDER_KEYS, { submitted_at: applications.submittedAt });

const columns = { application: applications, campaignTitle: campaigns.title };

export type ReviewDecision = 'approve' | 'reject';

export class TradeIns {
  constructor(
    private readonly db: Db,
    private readonly campaigns: Campaigns,
    private readonly now: () => number = Date.now,
  ) {}

  async models(): Promise<TradeInModel[]> {
    const rows = await this.db
      .select()
      .from(tradeInModels)
      .orderBy(desc(tradeInModels.ownBrand), asc(tradeInModels.brand), asc(tradeInModels.model))
      .limit(MODELS_MAX);
    return rows.map((row) => ({ id: row.id, brand: row.brand, model: row.model, own_brand: row.ownBrand }));
  }

  /**
   * Writes a pending application: 404 `campaign_not_found`, 409 `campaign_closed` outside the
   * campaign's window, 400 `trade_in_model_unknown` for a model not in the list.
   */
  async apply(
    companyId: number,
    body: TradeInApplyBody,
    operatorId: number | null,
    trail: AuditTrail,
  ): Promise<TradeInApplication> {
    return this.db.transaction(async (tx) => {
      const campaign = await this.campaigns.open(tx, body.campaign_id, 'trade_in');
      const ids = body.lines.map((line) => line.model_id);
      const models = await tx.select().from(tradeInModels).where(inArray(tradeInModels.id, ids));
      const byId = new Map(models.map((model) => [model.id, model]));
      const lines: TradeInLine[] = body.lines.map((line) => {
        const model = byId.get(line.model_id);
        if (!model) throw new ApiError(400, 'trade_in_model_unknown');
        return {
          model_id: model.id,
          brand: model.brand,
          model: model.model,
          own_brand: model.ownBrand,
          quantity: line.quantity,
        };
      });
      const row = await writtenRow(
        tx
          .insert(applications)
          .values({
            companyId,
            campaignId: campaign.id,
            lines,
            trackingNumber: body.tracking_number,
            vouchers: tradeInVouchers(lines, campaign.terms),
            voucherValueFen: campaign.terms.voucher_value_fen,
            voucherValidDays: campaign.terms.voucher_valid_days,
            submittedBy: operatorId,
            submittedAt: new Date(this.now()),
          })
          .returning(),
        'application not written',
      );
      const after = toApplication(row, campaign.title);
      await trail.record(tx, {
        action: 'campaigns.tradein.apply',
        target: { type: 'trade_in_application', id: row.id },
        after,
      });
      return after;
    });
  }

  async page(companyId: number, query: ListQuery): Promise<ListPage<TradeInApplication>> {
    const where = and(eq(applications.companyId, companyId), filters(query.wheres));
    const [rows, [counted]] = await Promise.all([
      this.select(this.db)
        .where(where)
        .orderBy(...this.sorting(query.orders))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ total: count() }).from(applications).where(where),
    ]);
    return {
      items: rows.map((row) => toApplication(row.application, row.campaignTitle)),
      total: counted?.total ?? 0,
    };
  }

  /** One application; of the company when given, any for the operator's review. */
  async one(companyId: number | null, id: number, db: Db = this.db): Promise<TradeInApplication> {
    const [row] = await this.select(db).where(
      and(eq(applications.id, id), companyId === null ? undefined : eq(applications.companyId, companyId)),
    );
    if (!row) throw new ApiError(404, 'trade_in_not_found');
    return toApplication(row.application, row.campaignTitle);
  }

  /**
   * The vendor's review: a pending application becomes approved or rejected, once. Answers the
   * application after, or undefined when it was not pending (reviewed already, concurrently included).
   */
  async review(
    id: number,
    decision: ReviewDecision,
    reason: string | null,
  ): Promise<TradeInApplication | undefined> {
    const [row] = await this.db
      .update(applications)
      .set({
        status: decision === 'approve' ? 'approved' : 'rejected',
        reason: decision === 'reject' ? reason : null,
        reviewedAt: new Date(this.now()),
      })
      .where(and(eq(applications.id, id), eq(applications.status, 'pending')))
      .returning({ id: applications.id });
    return row ? this.one(null, row.id) : undefined;
  }

  private select(db: Db) {
    return db
      .select(columns)
      .from(applications)
      .innerJoin(campaigns, eq(campaigns.id, applications.campaignId));
  }

  private sorting(query: readonly Order[]): SQL[] {
    return [...sorting(query), desc(applications.submittedAt), desc(applications.id)];
  }
}

function toApplication(row: ApplicationRow, title: TradeInApplication['campaign_title']): TradeInApplication {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    campaign_title: title,
    lines: row.lines,
    tracking_number: row.trackingNumber,
    status: row.status,
    reason: row.reason,
    vouchers: row.vouchers,
    voucher_value_fen: row.voucherValueFen,
    submitted_at: row.submittedAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    credited_at: row.creditedAt?.toISOString() ?? null,
  };
}
