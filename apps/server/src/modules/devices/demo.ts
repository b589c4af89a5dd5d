/**
 * The demo's devices (seed.ts): a factory pool of generated units, 60 of them bound to the demo
 * company in three groups (a few ungrouped) with varied firmware and network modes, all offline
 * until a device (the simulated fleet of `npm start`, DEMO_DEVICES) connects, and a
 * few bound to its downstream company; each bind with its binding record. The rest stay bindable,
 * for the bind and verify pages.
 */
import { eq, inArray } from 'drizzle-orm';
import { ServerSecrets } from '../../core/crypto/secrets.js';
import type { Db } from '../../core/db/client.js';
import { deviceGroups, devices, factoryUnits } from '../../core/db/devices.js';
import { DEVICE_SECRETS, generateUnits, storeUnits } from './factory.js';
import { bindRecords, deviceVersions } from './schema.js';

export const DEMO_GROUPS = [
  { name: '一号楼', maxDevices: 40 },
  { name: '地下停车场', maxDevices: 30 },
  { name: '仓库', maxDevices: 20 },
] as const;
/** Devices bound to the demo company: per group, then ungrouped. */
const DEMO_SPREAD = [28, 17, 10, 5] as const;
const DOWNSTREAM_DEVICES = 6;
const AREAS = ['北京市', '上海市', '广州市', '深圳市', '杭州市'];
const FIRMWARE = ['V5.2.0', 'V5.2.1', 'V5.3.0', 'V5.3.2'];

export interface DemoDevicesOptions {
  companyId: number;
  downstreamCompanyId: number;
  operatorId: number;
  operatorName: string;
  serverSecret: string;
}

/** Seeds the demo's units and devices in the seed's transaction. */
export async function seedDemoDevices(tx: Db, options: DemoDevicesOptions): Promise<void> {
  const box = new ServerSecrets(options.serverSecret).box(DEVICE_SECRETS);
  const productionDate = '2025-03-01';
  const generated = [
    ...generateUnits({ count: 150, kind: 'ipc', seed: 'vap-demo', productionDate }),
    ...generateUnits({ count: 30, kind: 'nvr', seed: 'vap-demo', productionDate }),
  ];
  await storeUnits(tx, box, generated);
  // Its own units only: the registry may hold others already (a batch loaded before the first start).
  const units = await tx
    .select()
    .from(factoryUnits)
    .where(
      inArray(
        factoryUnits.sn,
        generated.map((unit) => unit.sn),
      ),
    )
    .orderBy(factoryUnits.id);
  const groups = await tx
    .insert(deviceGroups)
    .values(DEMO_GROUPS.map((group) => ({ companyId: options.companyId, ...group })))
    .returning({ id: deviceGroups.id });
  const now = Date.now();
  const placements: Array<{ companyId: number; groupId: number | null }> = [];
  DEMO_SPREAD.forEach((size, index) => {
    for (let i = 0; i < size; i++)
      placements.push({ companyId: options.companyId, groupId: groups[index]?.id ?? null });
  });
  for (let i = 0; i < DOWNSTREAM_DEVICES; i++)
    placements.push({ companyId: options.downstreamCompanyId, groupId: null });
  // Every fifth device a recorder, the others cameras.
  const cameras = units.filter((unit) => unit.kind === 'ipc');
  const recorders = units.filter((unit) => unit.kind === 'nvr');
  const rows = placements.map((placement, index) => {
    const unit = (index % 5 === 4 ? recorders.shift() : cameras.shift()) ?? cameras.shift();
    if (!unit) throw new Error('not enough demo units');
    const lastOnline = new Date(now - (index * 37 + 5) * 60_000);
    return {
      unitId: unit.id,
      companyId: placement.companyId,
      groupId: placement.groupId,
      sn: unit.sn,
      kind: unit.kind,
      model: unit.model,
      hardwareVersion: unit.hardwareVersion,
      mac: unit.mac,
      name: `${unit.kind === 'ipc' ? '摄像机' : '录像机'}${String(index + 1).padStart(2, '0')}`,
      firmwareVersion: FIRMWARE[index % FIRMWARE.length] ?? unit.firmwareVersion,
      area: AREAS[index % AREAS.length] ?? '',
      ip: `10.0.${Math.floor(index / 200)}.${(index % 200) + 20}`,
      // Offline until they connect: `npm start` connects a simulated fleet of them (DEMO_DEVICES).
      status: 'offline' as const,
      lastOnlineAt: lastOnline,
      lastOfflineAt: new Date(lastOnline.getTime() + 30 * 60_000),
      networkMode: index % 6 === 5 ? ('iot_card' as const) : ('normal' as const),
      boundAt: new Date(now - (placements.length - index) * 3_600_000),
    };
  });
  const bound = await tx.insert(devices).values(rows).returning({
    id: devices.id,
    companyId: devices.companyId,
    sn: devices.sn,
    name: devices.name,
    boundAt: devices.boundAt,
  });
  for (const [index, group] of groups.entries()) {
    await tx
      .update(deviceGroups)
      .set({ devices: DEMO_SPREAD[index] ?? 0 })
      .where(eq(deviceGroups.id, group.id));
  }
  await tx.insert(bindRecords).values(
    bound.map((device, index) => ({
      companyId: device.companyId,
      deviceId: device.id,
      sn: device.sn,
      action: 'bind' as const,
      after: device.name,
      operatorId: options.operatorId,
      operatorName: options.operatorName,
      source: index % 7 === 6 ? ('import' as const) : ('console' as const),
      createdAt: device.boundAt,
    })),
  );
  await tx
    .insert(deviceVersions)
    .values([options.companyId, options.downstreamCompanyId].map((companyId) => ({ companyId, version: 1 })))
    .onConflictDoNothing();
}
