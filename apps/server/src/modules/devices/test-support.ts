/** What the device tests set up: fresh units in the registry, groups, bound devices. */
import { randomBytes } from 'node:crypto';
import { DEVICE_PATHS, type Device, type DeviceKind, type MenusMap } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { roles, users } from '../../core/db/schema.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, type TestApp } from '../../testing/test-app.js';
import { DEVICE_SECRETS, type GeneratedUnit, generateUnits, storeUnits } from './factory.js';

/** New units in the registry, of a seed of their own (so that no test shares one). */
export async function addUnits(t: TestApp, count = 1, kind: DeviceKind = 'ipc'): Promise<GeneratedUnit[]> {
  const units = generateUnits({ count, kind, seed: randomBytes(8).toString('hex') });
  await storeUnits(t.database.db, t.secrets.box(DEVICE_SECRETS), units);
  return units;
}

export const call = (
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/webapi${url}`, headers, payload });

/** Binds a unit by serial and device code; expects success and answers the device. */
export async function bind(
  t: TestApp,
  headers: Record<string, string>,
  unit: GeneratedUnit,
  extra: { group_id?: number | null; name?: string } = {},
): Promise<Device> {
  const response = await call(t, 'POST', DEVICE_PATHS.bind, headers, {
    mode: 'serial',
    sn: unit.sn,
    device_code: unit.deviceCode,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Device>();
}

let groupCounter = 0;
/** A group of the caller's company; answers its id. */
export async function addGroup(
  t: TestApp,
  headers: Record<string, string>,
  maxDevices = 100,
): Promise<number> {
  const response = await call(t, 'POST', DEVICE_PATHS.groups, headers, {
    name: `分组${++groupCounter}`,
    max_devices: maxDevices,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

let memberCounter = 0;
/**
 * A member of the company holding a new role with these menus and group permissions (all groups,
 * or these ids); answers their bearer headers.
 */
export async function memberWithGroups(
  t: TestApp,
  companyId: number,
  menus: MenusMap,
  groups: { all: true } | { ids: number[] },
): Promise<Record<string, string>> {
  const [role] = await t.database.db
    .insert(roles)
    .values({
      companyId,
      name: `设备角色${++memberCounter}`,
      menus,
      isAccessAllGroup: 'all' in groups,
      groupIds: 'ids' in groups ? groups.ids : [],
    })
    .returning({ id: roles.id });
  const account = await addAccount(t, { company: 'none' });
  await t.database.db
    .update(users)
    .set({ companyId, roleId: role?.id ?? 0 })
    .where(eq(users.id, account.userId));
  return bearer(await t.signIn(account.phone, 'account-pass'));
}
