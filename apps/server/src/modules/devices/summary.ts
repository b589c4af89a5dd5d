/**
 * The devices' summary of the dashboard's card (issue 29): over the devices the caller's device list
 * shows (scope.ts), how many are online and offline now, how many were online at some moment of
 * the last DEVICE_SUMMARY_HOURS, and how many went offline in them. A device keeps only its latest
 * disconnection, which is all these need: one gone offline in the window was online until then.
 */
import { DEVICE_SUMMARY_HOURS, type DeviceSummary } from '@vap/contracts';
import { eq, gte, or, sql } from 'drizzle-orm';
import type { Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { scopeOf, scopeWhere } from './scope.js';

const HOUR_MS = 3_600_000;

export async function deviceSummary(db: Db, caller: Permissions, now = Date.now()): Promise<DeviceSummary> {
  const scope = await scopeOf(db, caller);
  const online = eq(devices.status, 'online');
  const dropped = gte(devices.lastOfflineAt, new Date(now - DEVICE_SUMMARY_HOURS * HOUR_MS));
  const [row] = await db
    .select({
      total: sql<string>`count(*)`,
      online: sql<string>`count(*) filter (where ${online})`,
      onlineRecently: sql<string>`count(*) filter (where ${or(online, dropped)})`,
      droppedRecently: sql<string>`count(*) filter (where ${dropped})`,
    })
    .from(devices)
    .where(scopeWhere(scope));
  const total = Number(row?.total ?? 0);
  const onlineNow = Number(row?.online ?? 0);
  return {
    total,
    online: onlineNow,
    offline: total - onlineNow,
    online_recently: Number(row?.onlineRecently ?? 0),
    dropped_recently: Number(row?.droppedRecently ?? 0),
  };
}
