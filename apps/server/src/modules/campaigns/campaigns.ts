/**
 * The campaigns as data (spec §1, §2.3 `promotion_info`): each with its window, read with its state
 * at the server's clock — upcoming, open or ended. A campaign outside its window takes nothing.
 */
import type { Campaign, CampaignState } from '@vap/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import { campaigns } from './schema.js';

type CampaignRow = typeof campaigns.$inferSelect;

/** Campaigns one answer lists, at most: a vendor runs a few a year. */
const CAMPAIGNS_MAX = 200;

export function campaignState(row: Pick<CampaignRow, 'startsAt' | 'endsAt'>, at: number): CampaignState {
  if (at < row.startsAt.getTime()) return 'upcoming';
  return at < row.endsAt.getTime() ? 'open' : 'ended';
}

export class Campaigns {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async all(): Promise<Campaign[]> {
    const rows = await this.db
      .select()
      .from(campaigns)
      .orderBy(desc(campaigns.startsAt), desc(campaigns.id))
      .limit(CAMPAIGNS_MAX);
    return rows.map((row) => this.toCampaign(row));
  }

  /**
   * The campaign an application goes to: 404 `campaign_not_found` when there is none of `kind`
   * with that id, 409 `campaign_closed` when it is upcoming or ended.
   */
  async open(db: Db, id: number, kind: Campaign['kind']): Promise<CampaignRow> {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row || row.kind !== kind) throw new ApiError(404, 'campaign_not_found');
    if (campaignState(row, this.now()) !== 'open') throw new ApiError(409, 'campaign_closed');
    return row;
  }

  private toCampaign(row: CampaignRow): Campaign {
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      title: row.title,
      rules: row.rules,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      state: campaignState(row, this.now()),
      terms: row.terms,
    };
  }
}
