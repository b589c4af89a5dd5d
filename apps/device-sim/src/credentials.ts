/**
 * The units to simulate: a CSV `sn,secret,kind[,model][,firmware_version][,job_failure_rate]` with a
 * header row, from a file or from the server's operator command `devices:credentials`, which reads the
 * bound demo units and their factory secrets from the database.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type DeviceKind, isDeviceSerial } from '@vap/contracts';
import { parse } from 'csv-parse/sync';
import type { SimulatedUnit } from './unit.js';

const KINDS: readonly DeviceKind[] = ['ipc', 'nvr'];
/** More errors than this and the rest would only bury the first ones. */
const MAX_ERRORS = 5;

/**
 * The CSV from its header row on (the first line naming sn and secret), and how many lines came
 * before it: `npm run ops -- … > units.csv` also writes the banners of npm and turbo, with other line
 * ends than the CSV's, and the CSV's byte order mark then sits at its header, not at the file's start.
 */
function fromHeader(text: string): { csv: string; skipped: number } {
  let offset = 0;
  for (let line = 0; offset < text.length; line += 1) {
    const end = text.indexOf('\n', offset);
    const next = end < 0 ? text.length : end + 1;
    const cells = text
      .slice(offset, next)
      .replace(/^\uFEFF/, '')
      .split(',')
      .map((cell) => cell.trim().replace(/^"|"$/g, '').toLowerCase());
    if (cells.includes('sn') && cells.includes('secret')) return { csv: text.slice(offset), skipped: line };
    offset = next;
  }
  return { csv: text, skipped: 0 };
}

/** The units of a credentials CSV; throws a message naming the lines at fault. */
export function parseCredentials(text: string, source = 'credentials'): SimulatedUnit[] {
  const { csv, skipped } = fromHeader(text);
  let rows: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    rows = parse(csv, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
    });
  } catch (error) {
    throw new Error(`${source}: not a CSV of sn,secret,kind: ${(error as Error).message}`);
  }
  const first = rows[0]?.record;
  if (first && !('sn' in first && 'secret' in first)) {
    throw new Error(`${source}: the header row must name the columns sn and secret (and kind, model)`);
  }
  const errors: string[] = [];
  const seen = new Set<string>();
  const units: SimulatedUnit[] = [];
  for (const { record, info } of rows) {
    const fault = (message: string) => errors.push(`line ${info.lines + skipped}: ${message}`);
    const sn = record.sn ?? '';
    const secret = record.secret ?? '';
    const given = (record.kind ?? '').toLowerCase();
    // The serial says its kind (132: IPC, 118: NVR); a kind column, when there, must agree.
    const kind = KINDS.find((candidate) => isDeviceSerial(sn, candidate));
    const rate = record.job_failure_rate ? Number(record.job_failure_rate) : undefined;
    if (!kind) fault(`"${sn}" is not a device serial`);
    else if (given && given !== kind) fault(`${sn} is an ${kind.toUpperCase()} serial, not ${given}`);
    else if (!secret) fault(`${sn} has no secret`);
    else if (seen.has(sn)) fault(`${sn} is listed twice`);
    else if (rate !== undefined && !(rate >= 0 && rate <= 1)) {
      fault(`${sn}'s job_failure_rate must be from 0 to 1, not "${record.job_failure_rate}"`);
    } else {
      seen.add(sn);
      units.push({
        sn,
        secret,
        kind,
        ...(record.model ? { model: record.model } : {}),
        ...(record.firmware_version ? { firmwareVersion: record.firmware_version } : {}),
        ...(rate !== undefined ? { jobFailureRate: rate } : {}),
      });
    }
  }
  if (errors.length > 0) {
    const more = errors.length > MAX_ERRORS ? `\n  … and ${errors.length - MAX_ERRORS} more` : '';
    throw new Error(`${source}:\n  ${errors.slice(0, MAX_ERRORS).join('\n  ')}${more}`);
  }
  return units;
}

/** The last lines of a failed command's output that say something: no stack frames, no version banner. */
function meaningful(stderr: string): string {
  const noise = /^\s+at |^Node\.js v|^\s*[{}^]?\s*$/;
  return stderr
    .split('\n')
    .filter((line) => !noise.test(line))
    .slice(-3)
    .join('\n    ');
}

/**
 * The CSV of `count` bound demo units, from `node apps/server/dist/ops.js devices:credentials` run in
 * the repository's root (what `npm run ops -- devices:credentials --count N` runs). On the embedded
 * database that works only while the server is stopped: the data directory has one process at a time.
 */
export function credentialsFromServer(count: number, root: string): Promise<string> {
  const ops = join(root, 'apps', 'server', 'dist', 'ops.js');
  const args = ['devices:credentials', '--count', String(count)];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [ops, ...args],
      { cwd: root, maxBuffer: 256 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const why = existsSync(ops)
          ? meaningful(String(stderr)) || error.message
          : `${ops} is missing: the server is not built (npm run build, or npm start once)`;
        reject(
          new Error(
            `Could not get the units' credentials from the server (npm run ops -- ${args.join(' ')}):\n    ${why}\n` +
              'Pass them as a CSV file (header sn,secret,kind[,model]) with --credentials <file>. With the ' +
              'embedded database, stop the server, run `npm run ops -- devices:credentials --count N > units.csv`, ' +
              'start the server again, then `npm run device-sim -- --credentials units.csv`.',
          ),
        );
      },
    );
  });
}
