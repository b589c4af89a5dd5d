#!/usr/bin/env node
/**
 * `npm run device-sim -- --count N [--url …] [--credentials file.csv] [--interval S] […]`: a fleet of
 * simulated units on a running server's broker, with a status line every 10 s, until SIGINT or
 * SIGTERM (then each unit says it goes offline and disconnects).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type CliOptions, DEFAULT_COUNT, parseCliArgs, USAGE, UsageError } from './args.js';
import { credentialsFromServer, parseCredentials } from './credentials.js';
import type { FleetLog } from './device.js';
import { type FleetStats, startFleet } from './fleet.js';
import type { SimulatedUnit } from './unit.js';

/** dist/cli.js → the repository's root, where the server's operator command is. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STATUS_EVERY_MS = 10_000;

async function loadUnits(options: CliOptions): Promise<SimulatedUnit[]> {
  if (!options.credentials) {
    const csv = await credentialsFromServer(options.count ?? DEFAULT_COUNT, ROOT);
    return parseCredentials(csv, 'the server’s devices:credentials');
  }
  const file = options.credentials;
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read ${file}: ${error.code ?? error.message}`);
  });
  const units = parseCredentials(text, file);
  if (options.count !== undefined && options.count > units.length) {
    console.warn(
      `${file} holds ${units.length} units, fewer than --count ${options.count}: running them all.`,
    );
  }
  return options.count === undefined ? units : units.slice(0, options.count);
}

function statusLine(stats: FleetStats): string {
  const time = new Date().toISOString().slice(11, 19);
  return (
    `${time} connected ${stats.connected}/${stats.units}, refused ${stats.refused}, ` +
    `published ${stats.published}, commands ${stats.received}`
  );
}

function logTo(verbose: boolean): FleetLog {
  const line = (object: object, message: string) => `device-sim: ${message} ${JSON.stringify(object)}`;
  return {
    info: (object, message) => {
      if (verbose) console.error(line(object, message));
    },
    warn: (object, message) => console.error(line(object, message)),
  };
}

async function main(argv: readonly string[]): Promise<number> {
  let options: CliOptions;
  try {
    const request = parseCliArgs(argv);
    if (request.help) {
      console.log(USAGE);
      return 0;
    }
    options = request.options;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }

  let units: SimulatedUnit[];
  try {
    units = await loadUnits(options);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  if (units.length === 0) {
    console.error('No units to simulate: the credentials hold none.');
    return 1;
  }

  const fleet = startFleet({
    url: options.url,
    protocolVersion: options.protocolVersion,
    units,
    telemetryIntervalMs: options.intervalSeconds * 1000,
    eventRate: options.eventRate,
    jobFailureRate: options.jobFailureRate,
    ...(options.seed ? { seed: options.seed } : {}),
    connectSpreadMs:
      options.spreadSeconds === undefined
        ? Math.min(units.length * 10, 10_000)
        : options.spreadSeconds * 1000,
    log: logTo(options.verbose),
  });
  const nvr = units.filter((unit) => unit.kind === 'nvr').length;
  const version = options.protocolVersion === 5 ? ' (MQTT 5)' : '';
  console.log(
    `device-sim: ${units.length} units (${units.length - nvr} IPC, ${nvr} NVR) → ${options.url}${version}`,
  );
  const status = setInterval(() => console.log(statusLine(fleet.stats())), STATUS_EVERY_MS);

  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  // A second signal while the units say goodbye does not wait for them.
  const now = () => process.exit(130);
  process.once('SIGINT', now);
  process.once('SIGTERM', now);
  clearInterval(status);
  await fleet.stop();
  console.log(`${statusLine(fleet.stats())} (stopped)`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Every unit has disconnected; should some handle still hold the loop, do not hang the shell.
    setTimeout(() => process.exit(code), 5_000).unref();
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
