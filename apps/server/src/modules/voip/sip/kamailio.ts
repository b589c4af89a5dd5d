/**
 * Runs the repository's Kamailio configuration (deploy/kamailio/kamailio.cfg) as a child process:
 * on the ports given or on free ones, against one PostgreSQL database, for a SIP domain. The
 * integration tests and the benchmark start the SIP server with it; docs/voip.md starts the same
 * configuration with deploy/kamailio/run.sh.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MIGRATIONS_DIR } from '../../../core/paths.js';

/** The configuration in the repository (deploy/kamailio beside apps/). */
export const KAMAILIO_CONFIG = resolve(MIGRATIONS_DIR, '../../../deploy/kamailio/kamailio.cfg');

/** The kamailio binary on this machine, or null when it is not installed. */
export function kamailioBinary(): string | null {
  for (const candidate of ['/usr/sbin/kamailio', '/usr/local/sbin/kamailio']) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v kamailio'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

export interface KamailioOptions {
  /** The console's PostgreSQL database (postgres://user[:password]@host:port/name). */
  databaseUrl: string;
  /** The console's SIP_DOMAIN: company N is c{N}.{sipDomain}. */
  sipDomain: string;
  host?: string;
  /** UDP and TCP SIP port; a free one when absent. */
  sipPort?: number;
  /** WebSocket port; a free one when absent. */
  wsPort?: number;
  /** Worker processes per listener. */
  children?: number;
  /** Shared memory in MB (every registration, transaction and TCP/WebSocket connection lives there). */
  sharedMemoryMb?: number;
  /** Milliseconds a call to an extension rings before it is not answered (60 s by default). */
  directRingMs?: number;
}

export interface RunningKamailio {
  host: string;
  sipPort: number;
  wsPort: number;
  /** ws://host:port for SIP over WebSocket clients. */
  wsUrl: string;
  /** Kamailio's control socket (kamcmd -s unix:…). */
  ctlSocket: string;
  /** Kamailio's own statistics (kamcmd stats.get_statistics all), by name. */
  statistics(): Promise<Record<string, number>>;
  /** What Kamailio logged so far (stderr). */
  log(): string;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on now (the same number serves UDP, which is checked by Kamailio). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolveAccepts) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolveAccepts(true);
    });
    socket.once('error', () => resolveAccepts(false));
    socket.connect(port, host);
  });
}

/** Kamailio's -A defines: strings quoted for its preprocessor, which the URL must not break. */
export function kamailioDefines(
  options: Required<Omit<KamailioOptions, 'children' | 'directRingMs' | 'sharedMemoryMb'>> & {
    children: number;
    directRingMs?: number;
  },
) {
  const url = new URL(options.databaseUrl);
  if (!/^postgres(ql)?:$/.test(url.protocol))
    throw new Error('the SIP server needs a PostgreSQL database URL');
  const dbUrl = `postgres://${url.username}${url.password ? `:${url.password}` : ''}@${url.hostname}:${url.port || '5432'}${url.pathname}`;
  if (/["\s\\]/.test(dbUrl) || /["\s\\]/.test(options.sipDomain)) {
    throw new Error('the database URL and SIP domain must not hold quotes, spaces or backslashes');
  }
  return [
    `DBURL="${dbUrl}"`,
    `SQLCON="voip=>${dbUrl}"`,
    `SIP_DOMAIN="${options.sipDomain}"`,
    `LISTEN_UDP=udp:${options.host}:${options.sipPort}`,
    `LISTEN_TCP=tcp:${options.host}:${options.sipPort}`,
    `LISTEN_WS=tcp:${options.host}:${options.wsPort}`,
    `CHILDREN=${options.children}`,
    ...(options.directRingMs ? [`DIRECT_RING_MS=${Math.trunc(options.directRingMs)}`] : []),
  ];
}

export async function startKamailio(options: KamailioOptions): Promise<RunningKamailio> {
  const binary = kamailioBinary();
  if (!binary) throw new Error('kamailio is not installed');
  const host = options.host ?? '127.0.0.1';
  const sipPort = options.sipPort ?? (await freePort(host));
  const wsPort = options.wsPort ?? (await freePort(host));
  const runDir = await mkdtemp(join(tmpdir(), 'vap-kamailio-'));
  const ctlSocket = join(runDir, 'kamailio.ctl');
  const defines = kamailioDefines({
    databaseUrl: options.databaseUrl,
    sipDomain: options.sipDomain,
    host,
    sipPort,
    wsPort,
    children: options.children ?? 2,
    ...(options.directRingMs ? { directRingMs: options.directRingMs } : {}),
  });
  const args = ['-f', KAMAILIO_CONFIG, '-DD', '-E', '-Y', runDir, '-P', join(runDir, 'kamailio.pid')];
  args.push('-m', String(options.sharedMemoryMb ?? 128), '-M', '16');
  for (const define of [...defines, `CTL_SOCKET="unix:${ctlSocket}"`]) args.push('-A', define);
  // usrloc writes its times without a zone: the server runs in UTC (docs/voip.md).
  const child: ChildProcess = spawn(binary, args, {
    env: { ...process.env, TZ: 'UTC' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(runDir, { recursive: true, force: true });
    // KAMAILIO_LOG=file keeps what Kamailio logged, for a failing test's reader.
    if (process.env.KAMAILIO_LOG) await appendFile(process.env.KAMAILIO_LOG, log);
  };

  const until = Date.now() + 15_000;
  while (!(await accepts(host, wsPort))) {
    if (gone || Date.now() > until) {
      await stop();
      throw new Error(`kamailio did not start:\n${log.slice(-4000)}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  const statistics = async () => {
    const kamcmd = spawnSync('kamcmd', ['-s', `unix:${ctlSocket}`, 'stats.get_statistics', 'all'], {
      encoding: 'utf8',
    });
    const figures: Record<string, number> = {};
    for (const line of kamcmd.stdout?.split('\n') ?? []) {
      const match = /^\s*([\w.-]+:[\w.-]+)\s*=\s*(-?\d+)/.exec(line);
      if (match?.[1] && match[2]) figures[match[1]] = Number(match[2]);
    }
    return figures;
  };
  return {
    host,
    sipPort,
    wsPort,
    wsUrl: `ws://${host}:${wsPort}`,
    ctlSocket,
    statistics,
    log: () => log,
    stop,
  };
}
