/**
 * The device area's own tables: the binding records and the change counters of the lists. The
 * fleet's tables (factory units, devices, device groups) are in core/db/devices.ts, read by other
 * modules too.
 */
import type { BindAction, BindSource } from '@vap/contracts';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companies, companyKeys, createdAt } from '../../core/db/schema.js';

/**
 * Binding records (spec §1 device binding records): every bind, unbind, move and rename, written in
 * the transaction of the change. They outlive the device row (no foreign key on `device_id`) and
 * keep the serial, the operator's name and the before and after of the change as text.
 */
export const bindRecords = pgTable(
  'bind_records',
  {
    ...companyKeys(),
    deviceId: integer('device_id').notNull(),
    sn: text('sn').notNull(),
    action: text('action').$type<BindAction>().notNull(),
    before: text('before').notNull().default(''),
    after: text('after').notNull().default(''),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull().default(''),
    source: text('source').$type<BindSource>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('bind_records_company_time').on(table.companyId, table.createdAt, table.id),
    index('bind_records_company_sn').on(table.companyId, table.sn, table.id),
    index('bind_records_device').on(table.deviceId),
  ],
);

/**
 * A change counter per company, raised in the transaction of every change to its devices that a
 * list's filter or count could see (bind, unbind, move, rename, a group's deletion; later the
 * platform's status updates). A list remembers its total per filter with the counters it was
 * counted at, and counts again only when one of them moved (list-totals.ts).
 */
export const deviceVersions = pgTable('device_versions', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
