/** The charges to the balance (page consume_record; the export its `export` button). */
import {
  CONSUMPTION_FILTERS,
  CONSUMPTION_ORDER_KEYS,
  type Consumption,
  FEN_PER_YUAN,
  FINANCE_CALLS,
  parseCloudChargeNote,
} from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { listSelection } from '../../core/http/list-query.js';
import type { PluginWord } from '../../core/http/plugin-words.js';
import { dateCell } from '../../core/http/xlsx-download.js';
import type { ConsumptionRecords } from './consumption.js';
import { type ExportColumns, sendFinanceXlsx } from './xlsx-export.js';

/** A yuan cell of an amount in fen: a number for the spreadsheet's sums, shown as the list shows money. */
const yuan = (fen: number) => ({ yuan: fen / FEN_PER_YUAN });

/**
 * The columns of the consumption export: the consumption list's (consumption.tsx), with its headers
 * and values.
 */
export const CONSUMPTION_EXPORT_COLUMNS: ExportColumns<Consumption> = [
  ['consumption.time', (row) => dateCell(row.created_at)],
  ['consumption.product', (row, word) => word(`products.${row.product}`)],
  ['consumption.reference', (row) => row.reference],
  ['consumption.note', (row, word) => noteOf(row.note, word)],
  ['consumption.amount', (row) => yuan(row.amount)],
  ['consumption.balanceAfter', (row) => yuan(row.balance_after)],
];

/** A cloud package's charge note (`cbs:open:r`) in the list's words; any other note as it is. */
function noteOf(note: string, word: PluginWord): string {
  const charge = parseCloudChargeNote(note);
  if (!charge) return note;
  return word(`consumption.cloudNotes.${charge.reason}`, {
    plan: word(`consumption.cloudPlans.${charge.plan}`),
  });
}

export async function consumptionRoutes(
  app: FastifyInstance,
  { db, consumption }: { db: Db; consumption: ConsumptionRecords },
) {
  await serve(app, FINANCE_CALLS.consumption, async (request, _reply, list) =>
    consumption.page(await companyOfCaller(request, db), list),
  );
  await serve(app, FINANCE_CALLS.exportConsumption, async (request, reply) => {
    const rows = await consumption.all(
      await companyOfCaller(request, db),
      listSelection(request.query, CONSUMPTION_FILTERS, CONSUMPTION_ORDER_KEYS),
    );
    return sendFinanceXlsx(request, reply, 'consumption', CONSUMPTION_EXPORT_COLUMNS, rows);
  });
}
