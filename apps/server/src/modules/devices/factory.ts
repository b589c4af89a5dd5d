/**
 * The factory registry: the units the vendor produced (spec §5.1), which companies bind. Units are
 * generated here for development, tests and the demo (`npm run ops -- factory:generate`); a real
 * production batch arrives as a file (`factory:import`, with the import step).
 *
 * `generateUnits` is deterministic: the same seed, kind, batch and offset give the same units, but
 * for their device secret, which is always drawn from the secure generator. A unit's serial is the
 * batch (10 digits) + 132 or 118 + its running number (7 digits, from `offset`); its device code is
 * a keyed permutation (a Feistel network over 64 bits, keyed by the seed) of the serial, so that
 * the codes of one seed are unique as the serials are, and cannot be guessed from a serial without
 * the seed.
 */
import { createHash } from 'node:crypto';
import { DEVICE_KINDS, type DeviceKind } from '@vap/contracts';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { randomAlphanumeric, type SealingPurpose, type SecretBox } from '../../core/crypto/secret-box.js';
import { arrayLiteral } from '../../core/db/array-literal.js';
import type { Db } from '../../core/db/client.js';
import { factoryUnits } from '../../core/db/devices.js';

/** Device secrets and GB28181 passwords (the serial or the device id is the associated data). */
export const DEVICE_SECRETS: SealingPurpose = { salt: 'vap-devices', info: 'device secret sealing v1' };

export const KIND_CODES = { ipc: '132', nvr: '118' } as const satisfies Record<DeviceKind, string>;
/** Units per batch: the 7-digit running number. */
export const BATCH_SIZE = 10_000_000;
export const DEVICE_SECRET_LENGTH = 32;

/** The models a generated unit is one of, with their hardware versions. */
export const MODELS: Record<DeviceKind, ReadonlyArray<{ model: string; hardware: string }>> = {
  ipc: [
    { model: 'VC-C3', hardware: 'H1.0' },
    { model: 'VC-C5', hardware: 'H1.2' },
    { model: 'VC-B4', hardware: 'H2.0' },
    { model: 'VC-P8', hardware: 'H1.1' },
  ],
  nvr: [
    { model: 'VR-N8', hardware: 'H1.0' },
    { model: 'VR-N16', hardware: 'H2.1' },
  ],
};
export const FACTORY_FIRMWARE = ['V5.2.0', 'V5.2.1', 'V5.3.0'] as const;

export interface GenerateOptions {
  count: number;
  kind: DeviceKind;
  /** Keys the device codes (and picks models); the same seed gives the same units. */
  seed: string;
  /** The 10-digit batch the serials start with; derived from the seed when absent. */
  batch?: string;
  /** The running number of the first unit (0 when absent). */
  offset?: number;
  /** Every unit of this model instead of a mix. */
  model?: string;
  /** YYYY-MM-DD; today (UTC) when absent. */
  productionDate?: string;
}

/** A unit as generated: its secret in the clear, to be sealed when stored. */
export interface GeneratedUnit {
  sn: string;
  deviceCode: string;
  kind: DeviceKind;
  model: string;
  hardwareVersion: string;
  firmwareVersion: string;
  mac: string;
  secret: string;
  productionDate: string;
}

const MASK32 = 0xffffffffn;
const BATCH_PATTERN = /^\d{10}$/;

function seedBytes(seed: string): Buffer {
  return createHash('sha256').update(`vap-factory:${seed}`).digest();
}

/** The batch a seed's serials start with when none is given. */
export function batchOfSeed(seed: string): string {
  return String(seedBytes(seed).readBigUInt64BE(8) % 10_000_000_000n).padStart(10, '0');
}

/** A 32-bit mix of a half and a round key (murmur3's finaliser). */
function round(half: number, key: number): number {
  let value = (half ^ key) >>> 0;
  value = Math.imul(value ^ (value >>> 16), 0x85ebca6b) >>> 0;
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35) >>> 0;
  return (value ^ (value >>> 16)) >>> 0;
}

/** A keyed permutation of the 64-bit numbers: distinct inputs give distinct outputs. */
function permute(input: bigint, keys: readonly number[]): bigint {
  let left = Number((input >> 32n) & MASK32);
  let right = Number(input & MASK32);
  for (const key of keys) [left, right] = [right, (left ^ round(right, key)) >>> 0];
  return (BigInt(left) << 32n) | BigInt(right);
}

const hex8 = (value: bigint) => value.toString(16).toUpperCase().padStart(8, '0');

/** Today in UTC, YYYY-MM-DD. */
const today = () => new Date().toISOString().slice(0, 10);

/** `count` valid units of one kind, deterministic in everything but their secrets. */
export function generateUnits(options: GenerateOptions): GeneratedUnit[] {
  const { count, kind, seed } = options;
  const offset = options.offset ?? 0;
  const batch = options.batch ?? batchOfSeed(seed);
  if (!DEVICE_KINDS.includes(kind)) throw new Error(`kind must be one of ${DEVICE_KINDS.join(', ')}`);
  if (!BATCH_PATTERN.test(batch)) throw new Error('batch must be 10 digits');
  if (!Number.isSafeInteger(count) || count < 0 || !Number.isSafeInteger(offset) || offset < 0) {
    throw new Error('count and offset must be whole numbers from 0');
  }
  if (offset + count > BATCH_SIZE)
    throw new Error(`a batch holds ${BATCH_SIZE} units (running numbers 0 to 9999999)`);
  const bytes = seedBytes(seed);
  const keys = [0, 4, 8, 12].map((at) => bytes.readUInt32BE(at));
  const macPrefix = `02:${bytes
    .subarray(16, 18)
    .toString('hex')
    .toUpperCase()
    .replace(/(..)(..)/, '$1:$2')}`;
  const productionDate = options.productionDate ?? today();
  const models = options.model
    ? [{ model: options.model, hardware: MODELS[kind][0]?.hardware ?? 'H1.0' }]
    : MODELS[kind];
  const kindBit = kind === 'ipc' ? 0n : 1n;
  const batchNumber = BigInt(batch);
  const units: GeneratedUnit[] = [];
  for (let i = 0; i < count; i++) {
    const number = offset + i;
    const sn = `${batch}${KIND_CODES[kind]}${String(number).padStart(7, '0')}`;
    // Batch, kind and running number in 58 bits: one number per serial.
    const code = permute((batchNumber * 2n + kindBit) * BigInt(BATCH_SIZE) + BigInt(number), keys);
    const pick = models[round(number, keys[1] ?? 0) % models.length] ?? { model: 'VC-C3', hardware: 'H1.0' };
    const nic = (round(number, keys[2] ?? 0) ^ (kind === 'ipc' ? 0 : 0x800000)) & 0xffffff;
    units.push({
      sn,
      deviceCode: `${hex8(code >> 32n)}-${hex8(code & MASK32)}`,
      kind,
      model: pick.model,
      hardwareVersion: pick.hardware,
      firmwareVersion: FACTORY_FIRMWARE[number % FACTORY_FIRMWARE.length] ?? 'V5.2.0',
      mac: `${macPrefix}:${nic
        .toString(16)
        .toUpperCase()
        .padStart(6, '0')
        .replace(/(..)(..)(..)/, '$1:$2:$3')}`,
      secret: randomAlphanumeric(DEVICE_SECRET_LENGTH),
      productionDate,
    });
  }
  return units;
}

/** Rows per INSERT: each column travels as one array parameter (`unnest`), whatever the count. */
const INSERT_BATCH = 20_000;

/**
 * Stores generated units, their secrets sealed, in one transaction of INSERT_BATCH-row statements;
 * answers how many were stored. A serial or device code already in the registry fails the whole
 * call (unique index). 100,000 units take a few seconds on PGlite.
 */
export async function storeUnits(db: Db, box: SecretBox, units: readonly GeneratedUnit[]): Promise<number> {
  await db.transaction(async (tx) => {
    for (let at = 0; at < units.length; at += INSERT_BATCH) {
      const slice = units.slice(at, at + INSERT_BATCH);
      // One parameter per column (an array literal, which both drivers pass as text), not one per value.
      const column = (pick: (unit: GeneratedUnit) => string) => arrayLiteral(slice.map(pick));
      await tx.execute(sql`
        insert into ${factoryUnits} (sn, device_code, kind, model, hardware_version, firmware_version, mac, secret_sealed, production_date)
        select * from unnest(
          ${column((unit) => unit.sn)}::text[], ${column((unit) => unit.deviceCode)}::text[],
          ${column((unit) => unit.kind)}::text[], ${column((unit) => unit.model)}::text[],
          ${column((unit) => unit.hardwareVersion)}::text[], ${column((unit) => unit.firmwareVersion)}::text[],
          ${column((unit) => unit.mac)}::text[], ${column((unit) => box.seal(unit.secret, unit.sn))}::text[],
          ${column((unit) => unit.productionDate)}::date[])`);
    }
  });
  return units.length;
}

/** The next free running number of a batch and kind: one past the highest stored. */
export async function nextRunningNumber(db: Db, batch: string, kind: DeviceKind): Promise<number> {
  const [last] = await db
    .select({ sn: factoryUnits.sn })
    .from(factoryUnits)
    .where(
      and(
        gte(factoryUnits.sn, `${batch}${KIND_CODES[kind]}0000000`),
        lte(factoryUnits.sn, `${batch}${KIND_CODES[kind]}9999999`),
      ),
    )
    .orderBy(desc(factoryUnits.sn))
    .limit(1);
  return last ? Number(last.sn.slice(13)) + 1 : 0;
}

/** What is read of a unit: everything but its sealed secret. */
export const UNIT = {
  id: factoryUnits.id,
  sn: factoryUnits.sn,
  deviceCode: factoryUnits.deviceCode,
  kind: factoryUnits.kind,
  model: factoryUnits.model,
  hardwareVersion: factoryUnits.hardwareVersion,
  firmwareVersion: factoryUnits.firmwareVersion,
  mac: factoryUnits.mac,
  productionDate: factoryUnits.productionDate,
};
export type Unit = { [K in keyof typeof UNIT]: (typeof UNIT)[K]['_']['data'] };

/** A unit of the registry by its serial or its device code (upper-case), or undefined. */
export async function findUnit(
  db: Db,
  by: { sn: string } | { deviceCode: string },
): Promise<Unit | undefined> {
  const [unit] = await db
    .select(UNIT)
    .from(factoryUnits)
    .where('sn' in by ? eq(factoryUnits.sn, by.sn) : eq(factoryUnits.deviceCode, by.deviceCode));
  return unit;
}

/** The columns a bound device copies of its unit (bind and import). */
export const boundFrom = (unit: Unit) => ({
  unitId: unit.id,
  sn: unit.sn,
  kind: unit.kind,
  model: unit.model,
  hardwareVersion: unit.hardwareVersion,
  mac: unit.mac,
  firmwareVersion: unit.firmwareVersion,
});

/** The key ids a device's passwords are sealed under: GB28181 registration, local account. */
export const GB_PASSWORD_KEY = (sn: string) => `gb:${sn}`;
export const LOCAL_PASSWORD_KEY = (sn: string) => `local:${sn}`;
