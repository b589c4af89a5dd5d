/** Cloud storage packages (issue 17; contracts cbs.ts): one per device and service while not closed. */
import type { CloudPackageState, CloudPlan, CloudService } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from '../../core/db/devices.js';
import { companyKeys, createdAt, timestamptz } from '../../core/db/schema.js';

export const cloudPackages = pgTable(
  'cloud_packages',
  {
    ...companyKeys(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    service: text('service').$type<CloudService>().notNull(),
    plan: text('plan').$type<CloudPlan>().notNull(),
    /** What it becomes at the start of next month; null: the same plan. */
    nextPlan: text('next_plan').$type<CloudPlan | 'closed'>(),
    state: text('state').$type<CloudPackageState>().notNull().default('active'),
    /** The month paid for last (accounting months): its start, and the start of the next. */
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    /** Bytes kept now, and moved this month, as the device reports them (up/cloud). */
    spaceUsed: bigint('space_used', { mode: 'number' }).notNull().default(0),
    flowUsed: bigint('flow_used', { mode: 'number' }).notNull().default(0),
    openedAt: createdAt(),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    uniqueIndex('cloud_packages_open').on(table.deviceId, table.service).where(sql`state <> 'closed'`),
    index('cloud_packages_company').on(table.companyId, table.id),
    index('cloud_packages_due').on(table.periodEnd).where(sql`state <> 'closed'`),
  ],
);
