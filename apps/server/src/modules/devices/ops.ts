/**
 * Operator commands of the factory registry (docs/operations.md "Operator commands"):
 * `factory:generate --count N --kind ipc|nvr` adds generated units (development, tests, a demo)
 * in batches of one statement per 20,000 units; 100,000 take a few seconds on PGlite.
 * `devices:credentials --count N` prints bound units with their secrets for the device simulator.
 */
import { randomBytes } from 'node:crypto';
import { DEVICE_KINDS, type DeviceKind, toCsv } from '@vap/contracts';
import { configuredSecrets } from '../../core/crypto/secrets.js';
import type { OpsCommand } from '../../core/ops-command.js';
import {
  BATCH_SIZE,
  batchOfSeed,
  DEVICE_SECRETS,
  generateUnits,
  nextRunningNumber,
  storeUnits,
} from './factory.js';
import { factoryImport } from './factory-import.js';
import { DevicePresence } from './presence.js';

const USAGE =
  'Usage: factory:generate --count <1-1000000> --kind ipc|nvr [--model <model>] [--batch <10 digits>] [--seed <text>] [--date YYYY-MM-DD]';
const MAX_COUNT = 1_000_000;

/** `--name value` pairs of the `known` names, each at most once; anything else is a usage error. */
function optionsOf(args: readonly string[], known: readonly string[], usage = USAGE): Map<string, string> {
  const options = new Map<string, string>();
  for (let at = 0; at < args.length; at += 2) {
    const name = args[at];
    const value = args[at + 1];
    if (!name?.startsWith('--') || value === undefined || options.has(name.slice(2))) throw new Error(usage);
    options.set(name.slice(2), value);
  }
  if ([...options.keys()].some((name) => !known.includes(name))) throw new Error(usage);
  return options;
}

const generate: OpsCommand = {
  usage: '--count N --kind ipc|nvr [--model M] [--batch B] [--seed S] [--date YYYY-MM-DD]',
  summary:
    'Adds N generated units of a kind to the factory registry (serial batch B + 132/118 + running number, ' +
    'device codes keyed by the seed, sealed secrets); prints the range and the first unit to bind.',
  async run(args, { database, config }) {
    const options = optionsOf(args, ['count', 'kind', 'model', 'batch', 'seed', 'date']);
    const count = Number(options.get('count'));
    const kind = options.get('kind') as DeviceKind;
    if (!Number.isSafeInteger(count) || count < 1 || count > MAX_COUNT || !DEVICE_KINDS.includes(kind)) {
      throw new Error(USAGE);
    }
    const model = options.get('model');
    if (model !== undefined && !/^[\w.-]{1,64}$/.test(model))
      throw new Error('--model: 1 to 64 letters, digits, _ . -');
    const date = options.get('date');
    if (date !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))) {
      throw new Error('--date: YYYY-MM-DD');
    }
    const seed = options.get('seed') ?? randomBytes(16).toString('hex');
    const batch = options.get('batch') ?? batchOfSeed(seed);
    if (!/^\d{10}$/.test(batch)) throw new Error('--batch: 10 digits');
    const { db } = database;
    const offset = await nextRunningNumber(db, batch, kind);
    if (offset + count > BATCH_SIZE) {
      throw new Error(
        `Batch ${batch} has room for ${BATCH_SIZE - offset} more ${kind} units; choose another --batch.`,
      );
    }
    const started = Date.now();
    const units = generateUnits({
      count,
      kind,
      seed,
      batch,
      offset,
      ...(model ? { model } : {}),
      ...(date ? { productionDate: date } : {}),
    });
    const box = configuredSecrets(config).box(DEVICE_SECRETS);
    await storeUnits(db, box, units);
    const first = units[0];
    const last = units[units.length - 1];
    return [
      `Added ${units.length} ${kind} units in ${((Date.now() - started) / 1000).toFixed(1)} s: ${first?.sn} … ${last?.sn} (batch ${batch}, seed ${seed}).`,
      `First unit: serial ${first?.sn}, device code ${first?.deviceCode}, model ${first?.model}.`,
    ].join('\n');
  },
};

const CREDENTIALS_USAGE = 'Usage: devices:credentials [--count <1-100000>]';

/**
 * Prints bound units with their factory secrets as CSV, for the device simulator
 * (`npm run device-sim -- --credentials units.csv`). Secrets in the clear: the operator's own.
 */
const credentials: OpsCommand = {
  usage: '[--count N]',
  summary:
    'Prints N bound units (default 20, the oldest bound first) as CSV sn,secret,kind,model,firmware_version, ' +
    'their factory secrets in the clear, for the device simulator.',
  async run(args, { database, config }) {
    const options = optionsOf(args, ['count'], CREDENTIALS_USAGE);
    const count = Number(options.get('count') ?? 20);
    if (!Number.isSafeInteger(count) || count < 1 || count > 100_000) throw new Error(CREDENTIALS_USAGE);
    const box = configuredSecrets(config).box(DEVICE_SECRETS);
    const units = await new DevicePresence(database.db, box).credentials(count);
    return toCsv(
      ['sn', 'secret', 'kind', 'model', 'firmware_version'],
      units.map((unit) => [unit.sn, unit.secret, unit.kind, unit.model, unit.firmwareVersion]),
    ).replace(/^\uFEFF/, '');
  },
};

export const factoryCommands: Record<string, OpsCommand> = {
  'factory:generate': generate,
  'factory:import': factoryImport,
  'devices:credentials': credentials,
};
