/**
 * The fleet's tables every layer reads: the factory registry of every unit the vendor produced,
 * the devices (units bound to a company) and the company's device groups. The devices module
 * writes them; the task engine, cloud storage, the broker and the remote terminal read them in
 * their own statements (a join, where a call per device would be a round trip per device), and
 * cloud storage's packages hold a foreign key to a device.
 */
import type { CloudState, DeviceKind, DeviceStatus, NetworkMode } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyKeys, companyRef, createdAt, timestamptz } from './schema.js';

/**
 * The factory registry (spec §5.1): one row per unit produced, bound or not. The serial and the
 * device code are printed on the unit; binding takes both (the code proves the unit is at hand).
 * The device secret, which the unit signs in to the platform with, is kept sealed (SecretBox,
 * purpose DEVICE_SECRETS, the serial as associated data).
 */
export const factoryUnits = pgTable(
  'factory_units',
  {
    id: serial('id').primaryKey(),
    /** 10 digits, 132 (ipc) or 118 (nvr), 7 digits. */
    sn: text('sn').notNull(),
    /** 8 hex, a dash, 8 hex; upper-case. */
    deviceCode: text('device_code').notNull(),
    kind: text('kind').$type<DeviceKind>().notNull(),
    model: text('model').notNull(),
    hardwareVersion: text('hardware_version').notNull(),
    /** The firmware the unit left the factory with. */
    firmwareVersion: text('firmware_version').notNull(),
    /** Six upper-case hex pairs joined by colons. */
    mac: text('mac').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    /** YYYY-MM-DD. */
    productionDate: date('production_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('factory_units_sn').on(table.sn),
    uniqueIndex('factory_units_device_code').on(table.deviceCode),
    check('factory_units_kind', sql`${table.kind} in ('ipc', 'nvr')`),
  ],
);

/**
 * A company's device groups (spec §3 Group): a name unique in the company and a maximum of bound
 * devices. `devices` is the number in the group now, kept by every bind, unbind, move and delete
 * in the same transaction, under the group row's lock (so that two moves cannot overfill it).
 */
export const deviceGroups = pgTable(
  'device_groups',
  {
    ...companyKeys(),
    name: text('name').notNull(),
    maxDevices: integer('max_devices').notNull(),
    devices: integer('devices').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('device_groups_company_name').on(table.companyId, table.name),
    check('device_groups_within_max', sql`${table.devices} >= 0 and ${table.devices} <= ${table.maxDevices}`),
  ],
);

/**
 * The bound devices (spec §3 Device): a factory unit bound to one company at a time (`unit_id`
 * is unique, so of two concurrent binds of a unit exactly one is stored). What the list filters
 * and sorts by is a column of this row — the unit's serial, kind, model and MAC are copied at bind
 * — so that a page of the list reads one table through one index. Status, addresses and cloud
 * states are written by the platform (MQTT) as the device reports them. Unbinding deletes the row:
 * the unit is back in the factory pool, its binding records stay.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => factoryUnits.id, { onDelete: 'restrict' }),
    companyId: companyRef(),
    groupId: integer('group_id').references((): AnyPgColumn => deviceGroups.id, { onDelete: 'set null' }),
    sn: text('sn').notNull(),
    kind: text('kind').$type<DeviceKind>().notNull(),
    model: text('model').notNull(),
    hardwareVersion: text('hardware_version').notNull(),
    mac: text('mac').notNull(),
    /** The GB28181 national id when bound as a GB28181 device (then the unit's serial), else ''. */
    gb28181Id: text('gb28181_id').notNull().default(''),
    /** The GB28181 registration password, sealed; '' when none. */
    gbPasswordSealed: text('gb_password_sealed').notNull().default(''),
    name: text('name').notNull(),
    firmwareVersion: text('firmware_version').notNull(),
    area: text('area').notNull().default(''),
    ip: text('ip').notNull().default(''),
    status: text('status').$type<DeviceStatus>().notNull().default('offline'),
    lastOnlineAt: timestamptz('last_online_at'),
    lastOfflineAt: timestamptz('last_offline_at'),
    /** The MQTT broker node the device is connected to while online (devices/presence.ts), else null. */
    onlineNode: text('online_node'),
    cloudBackup: text('cloud_backup').$type<CloudState>().notNull().default('none'),
    cloudVideo: text('cloud_video').$type<CloudState>().notNull().default('none'),
    networkMode: text('network_mode').$type<NetworkMode>().notNull().default('normal'),
    /** The device's local account (a plain-mode import); its password sealed, '' when none. */
    username: text('username').notNull().default(''),
    passwordSealed: text('password_sealed').notNull().default(''),
    remark: text('remark').notNull().default(''),
    boundAt: timestamptz('bound_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('devices_unit').on(table.unitId),
    // One index per sort key, after the company (every list is one company's, or a few): a page is
    // a walk of the index from its start, in either direction. `id` breaks ties.
    uniqueIndex('devices_company_sn').on(table.companyId, table.sn),
    index('devices_company_name').on(table.companyId, table.name, table.id),
    index('devices_company_model').on(table.companyId, table.model, table.id),
    index('devices_company_firmware').on(table.companyId, table.firmwareVersion, table.id),
    index('devices_company_status').on(table.companyId, table.status, table.id),
    index('devices_company_last_online').on(table.companyId, table.lastOnlineAt, table.id),
    index('devices_company_bound_at').on(table.companyId, table.boundAt, table.id),
    // The `like` filters on names and serials: a pattern's few matches found by its trigrams (pg_trgm,
    // migration 0030) rather than by testing it on every device of the company. New rows wait in a
    // pending list that every search reads whole until it is merged: kept at its smallest (64 kB,
    // migration 0031), a search after an import of 10,000 devices took 0.6 ms instead of 20 (PGlite).
    index('devices_name_trgm')
      .using('gin', table.name.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 64 }),
    index('devices_sn_trgm').using('gin', table.sn.op('gin_trgm_ops')).with({ gin_pending_list_limit: 64 }),
    // A group's devices (the foreign key's `set null`), and a company's ungrouped ones.
    index('devices_group').on(table.groupId),
    index('devices_company_group').on(table.companyId, table.groupId),
    check('devices_status', sql`${table.status} in ('online', 'offline')`),
    check('devices_network_mode', sql`${table.networkMode} in ('normal', 'iot_card')`),
  ],
);
