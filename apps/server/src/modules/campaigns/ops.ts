/**
 * Operator commands of the campaigns (`npm run ops -- <command>`, docs/operations.md): the vendor's
 * review of a trade-in application once its parcel has arrived. An approved application's vouchers
 * are issued by the server's finance schedule at its next run (30 seconds by default).
 */
import { TRADE_IN_REASON_MAX_LENGTH } from '@vap/contracts';
import { ApiError } from '../../core/http/errors.js';
import type { OpsCommand } from '../../core/ops-command.js';
import { Campaigns } from './campaigns.js';
import { type ReviewDecision, TradeIns } from './trade-ins.js';

const USAGE = '<application id> approve|reject [--reason <text>]';

function parse(args: readonly string[]): { id: number; decision: ReviewDecision; reason: string | null } {
  const [idText, decision, ...rest] = args;
  const id = Number(idText);
  if (!idText || !/^\d{1,9}$/.test(idText) || id < 1) throw new Error(`Give the application's id: ${USAGE}`);
  if (decision !== 'approve' && decision !== 'reject') throw new Error(`Say approve or reject: ${USAGE}`);
  let reason: string | null = null;
  if (rest.length > 0) {
    const [flag, text, extra] = rest;
    if (flag !== '--reason' || !text?.trim() || extra !== undefined) throw new Error(`Usage: ${USAGE}`);
    if (decision !== 'reject') throw new Error('A reason goes with reject only');
    reason = text.trim();
    if (reason.length > TRADE_IN_REASON_MAX_LENGTH)
      throw new Error(`The reason is longer than ${TRADE_IN_REASON_MAX_LENGTH} characters`);
  }
  return { id, decision, reason };
}

export const campaignCommands: Record<string, OpsCommand> = {
  'tradein:review': {
    usage: USAGE,
    summary:
      "Approves or rejects a pending trade-in application once its parcel has arrived; an approved one's vouchers reach the company at the server's next finance run (within 24 hours). An application already reviewed is left as it is (exit 1).",
    async run(args, { database }) {
      const { id, decision, reason } = parse(args);
      const db = database.db;
      const tradeIns = new TradeIns(db, new Campaigns(db));
      let current: Awaited<ReturnType<TradeIns['one']>>;
      try {
        current = await tradeIns.one(null, id);
      } catch (error) {
        if (error instanceof ApiError) throw new Error(`No trade-in application ${id}`);
        throw error;
      }
      const after = await tradeIns.review(id, decision, reason);
      if (!after) throw new Error(`Trade-in application ${id} is already ${current.status}; nothing changed`);
      return after.status === 'approved'
        ? `Trade-in application ${id} approved: ${after.vouchers} voucher(s) of ${after.voucher_value_fen / 100} yuan will be credited at the server's next finance run.`
        : `Trade-in application ${id} rejected${reason ? `: ${reason}` : ''}.`;
    },
  },
};
