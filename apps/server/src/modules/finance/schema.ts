/** The money tables (issue 17): each company's balance and the ledger that explains it. */
import type { LedgerKind } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, createdAt, users } from '../../core/db/schema.js';

/**
 * A company's balance in fen. Changed only together with a ledger entry (ledger.ts), by one
 * conditional statement that never takes it below zero.
 */
export const companyBalances = pgTable('company_balances', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a balance, immutable: never updated nor deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /** Fen: positive credits, negative debits. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** What caused it; '' when nothing names it. Unique per company and kind otherwise. */
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Who caused it: a user, or none (the billing run, the operator's command). */
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_entries_reference')
      .on(table.companyId, table.kind, table.reference)
      .where(sql`reference <> ''`),
    index('ledger_entries_company_created').on(table.companyId, table.createdAt),
  ],
);
