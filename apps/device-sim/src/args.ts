/** The command line of `npm run device-sim -- …`, read without side effects so that it can be tested. */
import { parseArgs } from 'node:util';

export interface CliOptions {
  /** Units to run: all of the credentials file's when absent, else 10. */
  count: number | undefined;
  url: string;
  /** 4: MQTT 3.1.1, 5: MQTT 5. */
  protocolVersion: 4 | 5;
  /** A CSV of sn,secret,kind[,model][,firmware_version][,job_failure_rate]; absent: the server's. */
  credentials: string | undefined;
  intervalSeconds: number;
  /** Events per unit per hour. */
  eventRate: number;
  seed: string | undefined;
  /** Spread the first connections over this long; absent: 10 ms a unit, at most 10 s. */
  spreadSeconds: number | undefined;
  /** The share of jobs that fail on purpose, 0 to 1. */
  jobFailureRate: number;
  verbose: boolean;
}

export type CliRequest = { help: true } | { help: false; options: CliOptions };

export class UsageError extends Error {}

export const DEFAULT_URL = 'mqtt://127.0.0.1:1883';
export const DEFAULT_COUNT = 10;
export const MAX_COUNT = 100_000;

export const USAGE = `Usage: npm run device-sim -- [options]

Connects simulated bound units (IPC and NVR) to the platform's MQTT broker with their factory
credentials: they publish telemetry and events, answer commands, and reconnect with back-off.

Options:
  --count N             units to run (default: all of --credentials, else ${DEFAULT_COUNT}; at most ${MAX_COUNT})
  --url URL             the broker: mqtt://host:port, mqtts://…, ws://host:8080/mqtt (default ${DEFAULT_URL})
  --protocol V          the MQTT version the units speak: 4 (MQTT 3.1.1) or 5 (MQTT 5) (default 4)
  --credentials FILE    a CSV with a header row: sn,secret,kind[,model][,firmware_version]
                        [,job_failure_rate]; without it, the units come from
                        \`npm run ops -- devices:credentials --count N\` (the server's database)
  --interval S          seconds between telemetry reports (default 30)
  --event-rate N        events per unit per hour, on average (default 12; 0 for none)
  --seed TEXT           the same seed gives the same vitals and events (default vap-device-sim)
  --spread S            spread the first connections over S seconds (default 10 ms a unit, at most 10 s)
  --job-failure-rate R  the share of jobs (upgrades, configurations, white lists) that fail on purpose,
                        0 to 1 (default 0; a unit's job_failure_rate column wins)
  --verbose             log every lost connection, not only refusals
  -h, --help            this text`;

const URL_PROTOCOLS = ['mqtt:', 'mqtts:', 'tcp:', 'tls:', 'ws:', 'wss:'];

function number(name: string, text: string | undefined, check: (value: number) => boolean, rule: string) {
  if (text === undefined) return undefined;
  const value = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!check(value)) throw new UsageError(`--${name} must be ${rule}, not "${text}".`);
  return value;
}

export function parseCliArgs(argv: readonly string[]): CliRequest {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        count: { type: 'string' },
        url: { type: 'string' },
        protocol: { type: 'string' },
        credentials: { type: 'string' },
        interval: { type: 'string' },
        'event-rate': { type: 'string' },
        seed: { type: 'string' },
        spread: { type: 'string' },
        'job-failure-rate': { type: 'string' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { help: true };
  const text = (name: string) => values[name] as string | undefined;

  const url = text('url') ?? DEFAULT_URL;
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {}
  if (!URL_PROTOCOLS.includes(protocol)) {
    throw new UsageError(`--url must be an mqtt://, mqtts://, ws:// or wss:// address, not "${url}".`);
  }
  const protocolText = text('protocol') ?? '4';
  if (protocolText !== '4' && protocolText !== '5')
    throw new UsageError(`--protocol must be 4 (MQTT 3.1.1) or 5 (MQTT 5), not "${protocolText}".`);
  const credentials = text('credentials');
  if (credentials !== undefined && credentials.trim() === '')
    throw new UsageError('--credentials needs a file.');
  const seed = text('seed');
  if (seed !== undefined && seed === '') throw new UsageError('--seed must not be empty.');

  return {
    help: false,
    options: {
      count: number(
        'count',
        text('count'),
        (n) => Number.isInteger(n) && n >= 1 && n <= MAX_COUNT,
        `a whole number from 1 to ${MAX_COUNT}`,
      ),
      url,
      protocolVersion: protocolText === '5' ? 5 : 4,
      credentials,
      intervalSeconds:
        number('interval', text('interval'), (n) => n >= 0.1 && n <= 86_400, 'from 0.1 to 86400 seconds') ??
        30,
      eventRate: number('event-rate', text('event-rate'), (n) => n >= 0, '0 or more') ?? 12,
      seed,
      spreadSeconds: number('spread', text('spread'), (n) => n >= 0 && n <= 3_600, 'from 0 to 3600 seconds'),
      jobFailureRate:
        number('job-failure-rate', text('job-failure-rate'), (n) => n >= 0 && n <= 1, 'from 0 to 1') ?? 0,
      verbose: values.verbose === true,
    },
  };
}
