/**
 * The device list's filters and sort keys (spec §3 Device, §5.4) as SQL: which column each key of
 * DEVICE_FILTERS and DEVICE_ORDER_KEYS reads, and how an operator reads it. Shared by the list's
 * pages, its export and the targets of a device task.
 */
import {
  type DEVICE_FILTERS,
  type DEVICE_ORDER_KEYS,
  type Order,
  UNGROUPED,
  type Where,
} from '@vap/contracts';
import { asc, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from '../../core/http/list-query.js';
import { devices } from './schema.js';

/** The column each filter key reads. */
export const DEVICE_FILTER_COLUMNS: Record<keyof typeof DEVICE_FILTERS, PgColumn> = {
  sn: devices.sn,
  name: devices.name,
  model: devices.model,
  group_id: devices.groupId,
  status: devices.status,
  network_mode: devices.networkMode,
  firmware_version: devices.firmwareVersion,
  company_id: devices.companyId,
};

/** The column each sort key reads. */
export const DEVICE_ORDER_COLUMNS: Record<(typeof DEVICE_ORDER_KEYS)[number], PgColumn> = {
  sn: devices.sn,
  name: devices.name,
  model: devices.model,
  firmware_version: devices.firmwareVersion,
  status: devices.status,
  last_online_at: devices.lastOnlineAt,
  bound_at: devices.boundAt,
};

/** Newest first when no order is asked for. */
export const DEFAULT_ORDER: Order[] = [{ k: 'bound_at', o: 'desc' }];

/** The orders asked for, or the default. */
export const ordersOf = (asked: readonly Order[]): readonly Order[] =>
  asked.length > 0 ? asked : DEFAULT_ORDER;

export const orderColumn = (order: Order): PgColumn =>
  DEVICE_ORDER_COLUMNS[order.k as keyof typeof DEVICE_ORDER_COLUMNS];

/**
 * How a value enters a statement: as itself (a parameter of a one-off statement), or as a named
 * placeholder of a prepared one (its value kept aside for each execution).
 */
export type Param = <T>(value: T) => T;
const asValue: Param = (value) => value;

/** One filter as SQL; company_id is applied to the scope instead (undefined here). */
export function filterOf(filter: Where, param: Param = asValue): SQL | undefined {
  if (filter.k === 'company_id') return undefined;
  const column = DEVICE_FILTER_COLUMNS[filter.k as keyof typeof DEVICE_FILTERS];
  if (!column) throw new Error(`filter ${filter.k} is not mapped`);
  if (filter.k === 'group_id') {
    const ids = filter.o === 'in' ? (filter.v as number[]) : [filter.v as number];
    const grouped = ids.filter((id) => id !== UNGROUPED);
    return or(
      grouped.length > 0
        ? inArray(
            column,
            grouped.map((id) => param(id)),
          )
        : undefined,
      ids.includes(UNGROUPED) ? isNull(column) : undefined,
    );
  }
  switch (filter.o) {
    case 'like':
      return ilike(column, param(likePattern(filter.v as string)));
    case 'in':
      return inArray(
        column,
        (filter.v as unknown[]).map((value) => param(value)),
      );
    case '=':
      return eq(column, param(filter.v));
    default:
      // checkWheres lets no other operator through.
      throw new Error(`operator ${filter.o} of ${filter.k} is not mapped`);
  }
}

/** The ORDER BY of a page or an export: the keys asked for (or the default), ties broken by id. */
export function orderTerms(asked: readonly Order[]): SQL[] {
  const orders = ordersOf(asked);
  const last = orders[orders.length - 1]?.o ?? 'asc';
  return [
    ...orders.map((order) => (order.o === 'asc' ? asc(orderColumn(order)) : desc(orderColumn(order)))),
    last === 'asc' ? asc(devices.id) : desc(devices.id),
  ];
}
