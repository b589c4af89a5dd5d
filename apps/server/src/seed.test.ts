import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceGroups, devices, factoryUnits } from './core/db/devices.js';
import { companies, users } from './core/db/schema.js';
import { bindRecords } from './modules/devices/schema.js';
import { DEMO_COMPANY, DEMO_DOWNSTREAM_COMPANY, DEMO_OPERATOR } from './seed.js';
import type { TestApp } from './testing/harness.js';
import { blockApp } from './testing/suite-app.js';

describe('the demo seed', () => {
  let t: TestApp;
  blockApp('pglite', (app) => (t = app));

  it('stores the owner and the operator with hashes of their own (one salt each), both signing in', async () => {
    const rows = await t.database.db.select({ hash: users.passwordHash }).from(users);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(2);
    await expect(t.signIn()).resolves.toBeTruthy();
    await expect(t.signIn(DEMO_OPERATOR.phone)).resolves.toBeTruthy();
  });

  it('binds 60 units to the demo company in three groups (a few ungrouped) and a few to its downstream company, all offline', async () => {
    const { db } = t.database;
    const all = await db.select().from(companies);
    const demo = all.find((company) => company.name === DEMO_COMPANY.name);
    const downstream = all.find((company) => company.name === DEMO_DOWNSTREAM_COMPANY.name);
    expect(downstream?.parentId).toBe(demo?.id);
    const bound = await db.select().from(devices);
    const own = bound.filter((device) => device.companyId === demo?.id);
    expect(own).toHaveLength(60);
    expect(bound.filter((device) => device.companyId === downstream?.id).length).toBeGreaterThan(0);
    const groups = await db
      .select()
      .from(deviceGroups)
      .where(eq(deviceGroups.companyId, demo?.id ?? 0));
    expect(groups).toHaveLength(3);
    for (const group of groups) {
      expect(group.devices).toBe(own.filter((device) => device.groupId === group.id).length);
      expect(group.devices).toBeLessThanOrEqual(group.maxDevices);
    }
    expect(own.filter((device) => device.groupId === null).length).toBeGreaterThan(0);
    for (const column of ['firmwareVersion', 'networkMode', 'kind'] as const) {
      expect(new Set(own.map((device) => device[column])).size, column).toBeGreaterThan(1);
    }
    // Offline until a device connects (the simulated fleet of `npm start`): no status is painted.
    expect(new Set(bound.map((device) => device.status))).toEqual(new Set(['offline']));
    expect(await db.select().from(bindRecords)).toHaveLength(bound.length);
    expect((await db.select().from(factoryUnits)).length).toBeGreaterThan(bound.length);
  });
});
