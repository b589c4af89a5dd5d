/**
 * A factory batch of the test's own, its secrets known, written into a data directory's registry
 * by the operator's `factory:import` (as a factory's delivery would be) before a server starts on
 * it: simulated cameras of that batch can then be bound and connect with their secrets.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './server.js';

const run = promisify(execFile);
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

export interface BatchUnit {
  sn: string;
  /** The device code printed on the unit. */
  code: string;
  secret: string;
}

/** `count` units whose serials begin with the 13 digits `serialPrefix`, then their index. */
export function factoryBatch(serialPrefix: string, count: number): BatchUnit[] {
  return Array.from({ length: count }, (_, index) => ({
    sn: `${serialPrefix}${String(index).padStart(7, '0')}`,
    code: `${hex(4)}-${hex(4)}`,
    secret: randomBytes(12).toString('hex'),
  }));
}

export interface BatchOptions {
  model: string;
  firmware: string;
  /** The MAC addresses' fourth byte, two hex digits, apart from other batches'. */
  macGroup: string;
  /** More of the operator command's environment (a PostgreSQL DATABASE_URL). */
  env?: Record<string, string>;
}

/** Imports `units` as IP cameras of `options.model` into the registry of `dataDir`. */
export async function importFactoryBatch(
  dataDir: string,
  units: readonly BatchUnit[],
  options: BatchOptions,
) {
  const two = (value: number) => String(value).padStart(2, '0');
  const csv = join(dataDir, 'factory-batch.csv');
  await writeFile(
    csv,
    [
      'sn,device_code,kind,model,hardware_version,firmware_version,mac,secret,production_date',
      ...units.map(
        (unit, index) =>
          `${unit.sn},${unit.code},ipc,${options.model},H1,${options.firmware},02:00:00:${options.macGroup}:${two(Math.floor(index / 100))}:${two(index % 100)},${unit.secret},2026-01-01`,
      ),
    ].join('\n'),
  );
  await run(process.execPath, [join(ROOT, 'apps/server/dist/ops.js'), 'factory:import', csv], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env },
  });
}
