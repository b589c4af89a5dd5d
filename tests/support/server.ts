/**
 * Starts the real platform server (the build of apps/server, serving the build of apps/console)
 * on a free port with a temporary data directory, as `npm start` would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AUTH_PATHS } from '@vap/contracts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');

export const DEMO = {
  account: '13800138000',
  email: 'owner@vap-demo.com',
  password: 'e2e-demo-pass',
} as const;

/** The seeded operator: a role with part of the menu, the demo password (apps/server/src/seed.ts). */
export const DEMO_OPERATOR = { phone: '13800138001' } as const;

export interface RunningServer {
  url: string;
  /** The server process, for what only the system knows of it (its resident memory). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<number | null>;
  /** Kills it at once (SIGKILL), as a crash would; its data directory is kept. */
  kill: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

export interface StartOptions {
  /** Extra environment; overrides the defaults below. */
  env?: Record<string, string>;
  /** Reuse a data directory (kept on stop); otherwise a temporary one is made and removed. */
  dataDir?: string;
  /** The HTTP port; a free one by default. */
  port?: number;
}

/** The environment a test server runs with: `env` over the defaults below. */
export function serverEnvironment(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_ACCOUNT: DEMO.account,
    DEMO_EMAIL: DEMO.email,
    DEMO_PASSWORD: DEMO.password,
    LOG_LEVEL: 'warn',
    // The development SMS and scan providers keep what they send for GET /webapi/dev/outbox.
    DEV_OUTBOX: 'true',
    // No simulated devices unless a test asks for them: they would only load the machine.
    DEMO_DEVICES: '0',
    ...env,
  };
}

function spawnServer(port: number, dataDir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: serverEnvironment(port, dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => output };
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'vap-e2e-')));
  const { child, output } = spawnServer(port, dataDir, options.env ?? {});
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      // A server still starting may hold a connection without answering: ask again, never wait forever.
      const health = await fetch(`${url}/webapi/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    output,
    stop: async () => {
      child.kill('SIGTERM');
      const code = await waitForExit(child);
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await waitForExit(child);
    },
  };
}

/** Runs a server that is expected to refuse to start; its exit code and everything it printed. */
export async function runFailingServer(options: StartOptions & { port?: number }) {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'vap-fail-')));
  const { child, output } = spawnServer(options.port ?? (await freePort()), dataDir, options.env ?? {});
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await waitForExit(child);
  clearTimeout(timer);
  if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
  return { code, output: output() };
}

/** The password sign-in call, as the console makes it (the password's MD5), its answer as it is. */
export function passwordSignIn(
  url: string,
  account: string = DEMO.account,
  password: string = DEMO.password,
): Promise<Response> {
  return fetch(`${url}/webapi${AUTH_PATHS.loginPassword}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: createHash('md5').update(password).digest('hex') }),
  });
}

/** A bearer token of the demo owner (or another account), signed in over the API as the console does. */
export async function apiToken(
  url: string,
  account: string = DEMO.account,
  password: string = DEMO.password,
) {
  const response = await passwordSignIn(url, account, password);
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A call of /webapi as the console makes it: the bearer token if any, a JSON body; answers the status and the JSON. */
export async function webapiCall(
  url: string,
  method: string,
  path: string,
  token: string | null,
  body?: object,
) {
  const response = await fetch(`${url}/webapi${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, ok: response.ok, body: text ? JSON.parse(text) : undefined };
}
