/**
 * The balance-exchange campaign (spec §2.4, §9): balance for vouchers at the rate the campaign's
 * data sets (`exchange_fen_per_voucher` fen of balance per voucher of `voucher_value_fen`). One
 * transaction writes the exchange, debits the balance through the ledger (kind `voucher_exchange`,
 * its reference naming the exchange) and issues the vouchers: both happen once, or neither. A
 * balance that does not cover it is 409 `balance_insufficient` (the ledger's conditional debit,
 * however many exchanges run at once); outside the window, 409 `campaign_closed`.
 */
import { type BalanceExchange, type BalanceExchangeBody, exchangeCost } from '@vap/contracts';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import type { Coupons, Ledger } from '../finance/index.js';
import type { Campaigns } from './campaigns.js';
import { balanceExchanges as exchanges } from './schema.js';

const DAY_MS = 86_400_000;

export class BalanceExchanges {
  constructor(
    private readonly db: Db,
    private readonly campaigns: Campaigns,
    private readonly ledger: Ledger,
    private readonly coupons: Coupons,
    private readonly now: () => number = Date.now,
  ) {}

  async exchange(
    companyId: number,
    campaignId: number,
    body: BalanceExchangeBody,
    operatorId: number | null,
    trail: AuditTrail,
  ): Promise<BalanceExchange> {
    return this.db.transaction(async (tx) => {
      const campaign = await this.campaigns.open(tx, campaignId, 'balance_exchange');
      const { terms } = campaign;
      // A campaign whose data sets no rate exchanges nothing.
      if (!terms.exchange_fen_per_voucher || terms.exchange_fen_per_voucher < 1)
        throw new ApiError(409, 'campaign_closed');
      const at = new Date(this.now());
      const spent = exchangeCost(body.quantity, terms);
      const row = await writtenRow(
        tx
          .insert(exchanges)
          .values({
            companyId,
            campaignId: campaign.id,
            quantity: body.quantity,
            spentFen: spent,
            voucherValueFen: terms.voucher_value_fen,
            requestedBy: operatorId,
            createdAt: at,
          })
          .returning(),
        'balance exchange not written',
      );
      const entry = await this.ledger.post(
        {
          companyId,
          kind: 'voucher_exchange',
          amount: -spent,
          reference: `balance-exchange-${row.id}`,
          note: `${body.quantity} voucher(s) of campaign ${campaign.code}`,
          operatorId,
        },
        tx,
      );
      await this.coupons.issue(
        {
          companyId,
          value: terms.voucher_value_fen,
          validFrom: at,
          validUntil: new Date(at.getTime() + terms.voucher_valid_days * DAY_MS),
          source: 'campaign',
        },
        body.quantity,
        tx,
      );
      const after: BalanceExchange = {
        id: row.id,
        campaign_id: campaign.id,
        quantity: row.quantity,
        spent_fen: row.spentFen,
        voucher_value_fen: row.voucherValueFen,
        balance_after_fen: entry.balance_after,
        created_at: at.toISOString(),
      };
      await trail.record(tx, {
        action: 'campaigns.balance.exchange',
        target: { type: 'balance_exchange', id: row.id },
        after,
      });
      return after;
    });
  }
}
