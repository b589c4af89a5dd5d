/**
 * Payloads of the device area (spec §1 device maintenance, §2.3 `device_maintenance`,
 * `device_bind_record`, `device_verify`, §3 Device, Group and device import rows, §5.1, §5.4, §6):
 * the company's bound devices, their groups, the binding records and the verification of a unit.
 * Every bound device is a unit of the vendor's factory registry; a GB28181 device is bound by its
 * 20-digit national id, which for the vendor's units is their serial (both are 10 digits, 132 or 118,
 * 7 digits).
 */
import { z } from 'zod';
import { isDeviceSerial, patterns } from './checks.js';
import { CLOUD_STATES, DEVICE_KINDS, LOG_EXPORT_MAX_ROWS } from './constants.js';
import { idOrZeroSchema, idParamsSchema, idSchema, idTextSchema } from './ids.js';
import { type FilterSpec, filterTextSchema, instantSchema, serialFilterSchema } from './list.js';
import { wholeNumberSchema } from './validators.js';

// ---- the rules of §5.1 and §5.4 ----------------------------------------------------------------

export const DEVICE_NAME_MAX_LENGTH = 20;
/** Chinese characters, letters, digits, underscore or hyphen (spec §5.4). */
export const DEVICE_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_-]+$/;
export const GB_PASSWORD_MIN_LENGTH = 4;
export const GB_PASSWORD_MAX_LENGTH = 20;
/** 20 digits; digits 11 to 13 are 132 for a camera, 118 for a recorder (spec §5.4). */
export const GB28181_ID_PATTERN = /^\d{10}(132|118)\d{7}$/;
export const DEVICE_REMARK_MAX_LENGTH = 200;
/** The device's local account of a plain-mode import row (what the unit's own web page accepts). */
export const DEVICE_USERNAME_MAX_LENGTH = 32;
export const DEVICE_PASSWORD_MAX_LENGTH = 64;
export const GROUP_NAME_MAX_LENGTH = 50;
/** The largest "maximum bound devices" a group may be given. */
export const GROUP_MAX_DEVICES_LIMIT = 1_000_000;
/** Rows one import may hold (spec: 10,000 rows in one request). */
export const DEVICE_IMPORT_MAX_ROWS = 10_000;
/** Largest workbook an import accepts, in bytes. */
export const DEVICE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Devices one batch action (unbind, move) takes. */
export const DEVICE_BATCH_MAX = 1000;

export const isDeviceName = (value: string) =>
  value.length > 0 && value.length <= DEVICE_NAME_MAX_LENGTH && DEVICE_NAME_PATTERN.test(value);
export const isGb28181Id = (value: string) => GB28181_ID_PATTERN.test(value);
export const isGbPassword = (value: string) =>
  value.length >= GB_PASSWORD_MIN_LENGTH && value.length <= GB_PASSWORD_MAX_LENGTH;
export const isDeviceCode = (value: string) => patterns.deviceCode.test(value);

export const deviceNameSchema = z
  .string({ error: 'validation.deviceName' })
  .trim()
  .min(1, 'validation.deviceName')
  .max(DEVICE_NAME_MAX_LENGTH, 'validation.deviceName')
  .regex(DEVICE_NAME_PATTERN, 'validation.deviceName');
export const deviceSerialSchema = z
  .string({ error: 'validation.deviceSerial' })
  .trim()
  .refine((value) => isDeviceSerial(value), 'validation.deviceSerial');
export const deviceCodeSchema = z
  .string({ error: 'validation.deviceCode' })
  .trim()
  .regex(patterns.deviceCode, 'validation.deviceCode')
  .transform((value) => value.toUpperCase());
export const gb28181IdSchema = z
  .string({ error: 'validation.gb28181Id' })
  .trim()
  .regex(GB28181_ID_PATTERN, 'validation.gb28181Id');
export const gbPasswordSchema = z
  .string({ error: 'validation.gbPassword' })
  .min(GB_PASSWORD_MIN_LENGTH, 'validation.gbPassword')
  .max(GB_PASSWORD_MAX_LENGTH, 'validation.gbPassword');

// ---- devices -----------------------------------------------------------------------------------

export const DEVICE_STATUSES = ['online', 'offline'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
/** Normal network, or a cellular IoT card. */
export const NETWORK_MODES = ['normal', 'iot_card'] as const;
export type NetworkMode = (typeof NETWORK_MODES)[number];

/** `group_id` of a device in no group, as a filter value (`{k: 'group_id', o: '=', v: 0}`). */
export const UNGROUPED = 0;

/** One bound device (GET devices, GET devices/{id}). The device's local password is never answered. */
export const deviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  /** The GB28181 national id when the device was bound as a GB28181 device, else ''. */
  gb28181_id: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  model: z.string(),
  firmware_version: z.string(),
  hardware_version: z.string(),
  area: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string(),
  ip: z.string(),
  mac: z.string(),
  status: z.enum(DEVICE_STATUSES),
  /** ISO 8601, or null when never seen. */
  last_online_at: z.string().nullable(),
  last_offline_at: z.string().nullable(),
  cloud_backup: z.enum(CLOUD_STATES),
  cloud_video: z.enum(CLOUD_STATES),
  network_mode: z.enum(NETWORK_MODES),
  /** The device's local account ('' when none was imported). */
  username: z.string(),
  remark: z.string(),
  /** The company the device is bound to: the caller's or one of its downstream companies. */
  company_id: z.number().int(),
  company_name: z.string(),
  /** A downstream company's device: shown, never unbound, moved or edited (spec §6). */
  read_only: z.boolean(),
  /** ISO 8601. */
  bound_at: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const DEVICE_FILTERS = {
  sn: { '=': serialFilterSchema, like: serialFilterSchema },
  name: { like: filterTextSchema(DEVICE_NAME_MAX_LENGTH) },
  model: {
    '=': filterTextSchema(64),
    in: z.array(filterTextSchema(64)).min(1).max(50),
  },
  /** `UNGROUPED` (0) selects the devices in no group. */
  group_id: {
    '=': idOrZeroSchema,
    in: z.array(idOrZeroSchema).min(1).max(1000),
  },
  status: { '=': z.enum(DEVICE_STATUSES) },
  network_mode: { '=': z.enum(NETWORK_MODES) },
  firmware_version: { '=': filterTextSchema(64), like: filterTextSchema(64) },
  company_id: { '=': idSchema },
} as const satisfies FilterSpec;
export const DEVICE_ORDER_KEYS = [
  'sn',
  'name',
  'model',
  'firmware_version',
  'status',
  'last_online_at',
  'bound_at',
] as const;

/** `{id}` of `devices/{id}` and `groups/{id}`. */
export const deviceIdParamsSchema = idParamsSchema;

const groupIdSchema = idSchema;

/**
 * POST devices/bind: one device, by serial and device code (printed on the unit), or as a GB28181
 * device by name, national id and registration password. Into a group, or none.
 */
export const bindDeviceBodySchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('serial'),
    sn: deviceSerialSchema,
    device_code: deviceCodeSchema,
    name: deviceNameSchema.optional(),
    group_id: groupIdSchema.nullable().default(null),
  }),
  z.object({
    mode: z.literal('gb28181'),
    name: deviceNameSchema,
    gb28181_id: gb28181IdSchema,
    password: gbPasswordSchema,
    group_id: groupIdSchema.nullable().default(null),
  }),
]);
export type BindDeviceBody = z.input<typeof bindDeviceBodySchema>;

/** PATCH devices/{id}: the name (spec §5.4) and the remark. */
export const editDeviceBodySchema = z.object({
  name: deviceNameSchema,
  remark: z.string().trim().max(DEVICE_REMARK_MAX_LENGTH, 'validation.remark').optional(),
});
export type EditDeviceBody = z.input<typeof editDeviceBodySchema>;

const deviceIdsSchema = z.array(idSchema).min(1, 'validation.selectDevices').max(DEVICE_BATCH_MAX);

/** POST devices/move: the selected devices into a group, or out of every group (null). */
export const moveDevicesBodySchema = z.object({
  device_ids: deviceIdsSchema,
  group_id: groupIdSchema.nullable(),
});
export type MoveDevicesBody = z.infer<typeof moveDevicesBodySchema>;

/** POST devices/unbind: the selected devices go back to the factory pool; their records stay. */
export const unbindDevicesBodySchema = z.object({ device_ids: deviceIdsSchema });
export type UnbindDevicesBody = z.infer<typeof unbindDevicesBodySchema>;

/** Answer of a batch action: how many devices it changed. */
export const batchResultSchema = z.object({ count: z.number().int().nonnegative() });

// ---- groups ------------------------------------------------------------------------------------

/** One group of the company (GET groups answers them all, `{ items }`, with the ungrouped count). */
export const deviceGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Maximum bound devices (spec §3 Group). */
  max_devices: z.number().int(),
  /** Devices in the group now. */
  devices: z.number().int().nonnegative(),
  created_at: z.string(),
});
export type DeviceGroup = z.infer<typeof deviceGroupSchema>;

export const deviceGroupsSchema = z.object({
  items: z.array(deviceGroupSchema),
  /**
   * Devices in no group: answered only to a role with all-group access (spec §6), absent for a role
   * limited to some groups, which sees no "ungrouped" entry.
   */
  ungrouped: z.number().int().nonnegative().optional(),
});
export type DeviceGroups = z.infer<typeof deviceGroupsSchema>;

/** POST groups, PUT groups/{id}. */
export const groupBodySchema = z.object({
  name: z
    .string({ error: 'validation.groupName' })
    .trim()
    .min(1, 'validation.groupName')
    .max(GROUP_NAME_MAX_LENGTH, 'validation.groupName'),
  max_devices: wholeNumberSchema(1, GROUP_MAX_DEVICES_LIMIT, 'validation.groupMaxDevices'),
});
export type GroupBody = z.infer<typeof groupBodySchema>;

// ---- import ------------------------------------------------------------------------------------

/**
 * The two import modes (spec §3 device import rows): `template` binds GB28181 devices by name,
 * gb28181_id, password, remark; `plain` binds units by sn and keeps their local account (username,
 * password) and a remark.
 */
export const IMPORT_MODES = ['template', 'plain'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_COLUMNS = {
  template: ['name', 'gb28181_id', 'password', 'remark'],
  plain: ['sn', 'username', 'password', 'remark'],
} as const satisfies Record<ImportMode, readonly string[]>;
export const IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * bindTemplateError (spec §5.4): why one import row cannot be bound. Translated as
 * `devices.bindTemplateError.<code>`.
 */
export const BIND_TEMPLATE_ERRORS = {
  /** A required cell is empty (template: name, gb28181_id, password; plain: sn). */
  missing: 0,
  /** A cell breaks its rule: serial or GB id (§5.1, §5.4), name (§5.4), password length. */
  format: 1,
  /** No unit of the vendor has this serial or id. */
  unknown: 2,
  /** The unit is already bound (to this company or another). */
  bound: 3,
  /** The serial or id appears on an earlier row of the same file. */
  duplicate: 4,
  /** The chosen group would go past its maximum bound devices. */
  group_full: 5,
} as const;
export type BindTemplateError = (typeof BIND_TEMPLATE_ERRORS)[keyof typeof BIND_TEMPLATE_ERRORS];
export const BIND_TEMPLATE_ERROR_CODES = Object.values(BIND_TEMPLATE_ERRORS) as BindTemplateError[];

/**
 * What to do when some rows fail: `all` binds nothing and reports them (the user fixes the file or
 * chooses again), `valid` binds the valid rows in one transaction and reports the rest.
 */
export const IMPORT_ON_ERROR = ['all', 'valid'] as const;
export type ImportOnError = (typeof IMPORT_ON_ERROR)[number];

/** The form fields of POST devices/import (multipart, the workbook as `file`, sent after them). */
export const importFieldsSchema = z.object({
  mode: z.enum(IMPORT_MODES),
  group_id: idTextSchema.optional(),
  on_error: z.enum(IMPORT_ON_ERROR).default('all'),
});
export type ImportFields = z.input<typeof importFieldsSchema>;

/** One failing row: its row number in the sheet (the header is row 1) and its bindTemplateError. */
export const importRowErrorSchema = z.object({
  row: z.number().int().min(2),
  code: z.number().int().min(0).max(5),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/**
 * Answer of POST devices/import. `no_device` is refused as 400 `no_device` instead (an empty sheet).
 * With `on_error: 'all'` and errors, `bound` is 0 and nothing changed.
 */
export const importResultSchema = z.object({
  rows: z.number().int().nonnegative(),
  bound: z.number().int().nonnegative(),
  errors: z.array(importRowErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** GET devices/import/template?mode=&format=: the empty workbook of a mode. */
export const importTemplateQuerySchema = z.object({
  mode: z.enum(IMPORT_MODES),
  format: z.enum(IMPORT_FORMATS).default('xlsx'),
});

// ---- binding records ---------------------------------------------------------------------------

export const BIND_ACTIONS = ['bind', 'unbind', 'move', 'rename'] as const;
export type BindAction = (typeof BIND_ACTIONS)[number];
export const BIND_SOURCES = ['console', 'import', 'open_api'] as const;
export type BindSource = (typeof BIND_SOURCES)[number];

/** One binding record (GET bind_records): every bind, unbind, move and rename. */
export const bindRecordSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  sn: z.string(),
  action: z.enum(BIND_ACTIONS),
  /** Before and after: the group (move), the name (rename); the device's name at bind and unbind. */
  before: z.string(),
  after: z.string(),
  operator_id: z.number().int(),
  operator_name: z.string(),
  source: z.enum(BIND_SOURCES),
  /** ISO 8601. */
  created_at: z.string(),
});
export type BindRecord = z.infer<typeof bindRecordSchema>;

export const BIND_RECORD_FILTERS = {
  sn: { '=': serialFilterSchema, like: serialFilterSchema },
  action: { '=': z.enum(BIND_ACTIONS) },
  source: { '=': z.enum(BIND_SOURCES) },
  operator_id: { '=': idOrZeroSchema },
  created_at: { '>=': instantSchema, '<=': instantSchema, between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;
export const BIND_RECORD_ORDER_KEYS = ['created_at', 'sn', 'action'] as const;
/** Most rows a binding-record export answers; beyond, it is refused (spec §8, §9 "Log export at most 5000 rows"). */
export const BIND_RECORD_EXPORT_MAX_ROWS = LOG_EXPORT_MAX_ROWS;

// ---- verification ------------------------------------------------------------------------------

/** POST devices/verify: a serial or a device code, as printed on the unit. */
export const verifyDeviceBodySchema = z.object({
  code: z
    .string({ error: 'validation.verifyCode' })
    .trim()
    .refine((value) => isDeviceSerial(value) || patterns.deviceCode.test(value), 'validation.verifyCode'),
});
export type VerifyDeviceBody = z.infer<typeof verifyDeviceBodySchema>;

/**
 * Where a genuine unit stands: bindable (in the factory pool), bound to the caller's company (or
 * one of its downstream companies), or bound elsewhere (the other company is never named).
 */
export const VERIFY_STATES = ['bindable', 'bound_here', 'bound_elsewhere'] as const;
export type VerifyState = (typeof VERIFY_STATES)[number];

export const verifyResultSchema = z.discriminatedUnion('genuine', [
  z.object({ genuine: z.literal(false) }),
  z.object({
    genuine: z.literal(true),
    sn: z.string(),
    model: z.string(),
    kind: z.enum(DEVICE_KINDS),
    /** YYYY-MM-DD. */
    production_date: z.string(),
    state: z.enum(VERIFY_STATES),
  }),
]);
export type VerifyResult = z.infer<typeof verifyResultSchema>;
