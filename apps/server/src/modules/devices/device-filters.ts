/**
 * The device list's filters and sort keys (spec §3 Device, §5.4) as SQL: which column each key of
 * DEVICE_FILTERS and DEVICE_ORDER_KEYS reads. Shared by the list's pages, its export and the
 * targets of a device task.
 */
import { DEVICE_FILTERS, DEVICE_ORDER_KEYS, type Order, UNGROUPED } from '@vap/contracts';
import { asc, desc, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { devices } from '../../core/db/devices.js';
import { orderOf, whereOf } from '../../core/http/list-sql.js';

/**
 * The filters as SQL, their values as themselves or as a prepared statement's placeholders. A
 * group filter's `UNGROUPED` is the devices in no group; company_id narrows the scope's companies
 * instead (device-pages, device-export, task-targets), so it adds no condition here.
 */
export const deviceWhere = whereOf(DEVICE_FILTERS, {
  sn: devices.sn,
  name: devices.name,
  model: devices.model,
  group_id: (filter, param) => {
    const ids = filter.o === 'in' ? filter.v : [filter.v];
    const grouped = ids.filter((id) => id !== UNGROUPED);
    return or(
      grouped.length > 0
        ? inArray(
            devices.groupId,
            grouped.map((id) => param(id)),
          )
        : undefined,
      ids.includes(UNGROUPED) ? isNull(devices.groupId) : undefined,
    );
  },
  status: devices.status,
  network_mode: devices.networkMode,
  firmware_version: devices.firmwareVersion,
  company_id: () => undefined,
});

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

const sortingOf = orderOf(DEVICE_ORDER_KEYS, DEVICE_ORDER_COLUMNS);

/** Newest first when no order is asked for. */
export const DEFAULT_ORDER: Order[] = [{ k: 'bound_at', o: 'desc' }];

/** The orders asked for, or the default. */
export const ordersOf = (asked: readonly Order[]): readonly Order[] =>
  asked.length > 0 ? asked : DEFAULT_ORDER;

export const orderColumn = (order: Order): PgColumn =>
  DEVICE_ORDER_COLUMNS[order.k as keyof typeof DEVICE_ORDER_COLUMNS];

/** The ORDER BY of a page or an export: the keys asked for (or the default), ties broken by id. */
export function orderTerms(asked: readonly Order[]): SQL[] {
  const orders = ordersOf(asked);
  const last = orders[orders.length - 1]?.o ?? 'asc';
  return [...sortingOf(orders), last === 'asc' ? asc(devices.id) : desc(devices.id)];
}
