/**
 * The demo's money and cloud packages (seed.ts): an opening bank transfer, and real packages opened
 * through the same service as the console's, and a few vouchers, so that the balance, the consumption records, the
 * device list's cloud columns and the cloud-storage dashboard show what the product would.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { Coupons, Ledger } from '../finance/index.js';
import { CloudPackages } from './packages.js';

/** ¥2,000.00, credited as a bank transfer before the packages are opened. */
export const DEMO_OPENING_BALANCE = 200_000;

const noAudit = { record: async () => {} };

export async function seedDemoCloud(tx: Db, companyId: number, ownerId: number): Promise<void> {
  const ledger = new Ledger(tx);
  await ledger.post({
    companyId,
    kind: 'bank_transfer',
    amount: DEMO_OPENING_BALANCE,
    reference: 'DEMO-OPENING-BALANCE',
    note: 'bank transfer',
  });
  const own = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.companyId, companyId)))
    .orderBy(asc(devices.id))
    .limit(12);
  const ids = own.map((device) => device.id);
  const packages = new CloudPackages(tx, ledger);
  const plans = [
    { service: 'cloud_backup', plan: 'r', device_ids: ids.slice(0, 4) },
    { service: 'cloud_backup', plan: 'c', device_ids: ids.slice(4, 8) },
    { service: 'cloud_backup', plan: 'free', device_ids: ids.slice(8, 12) },
    { service: 'cloud_video', plan: 'r', device_ids: ids.slice(0, 2) },
    { service: 'cloud_video', plan: 'c', device_ids: ids.slice(2, 6) },
  ] as const;
  for (const body of plans)
    if (body.device_ids.length > 0)
      await packages.open(companyId, { ...body, device_ids: [...body.device_ids] }, ownerId, noAudit);
  // Vouchers: three of ¥10 for a quarter, one of ¥50 for a month, one that has run out.
  const coupons = new Coupons(tx, ledger);
  const now = Date.now();
  const day = 86_400_000;
  const issue = (value: number, from: number, days: number, count: number) =>
    coupons.issue(
      {
        companyId,
        value,
        validFrom: new Date(from),
        validUntil: new Date(from + days * day),
        source: 'campaign',
      },
      count,
    );
  await issue(1_000, now, 90, 3);
  await issue(5_000, now, 30, 1);
  await issue(2_000, now - 60 * day, 30, 1);
}
