/**
 * Simulated cameras of a test file's own on a server's own broker, bound to the demo owner,
 * and the owner signed in to the console (the end-to-end tests of device tasks and of the algorithm
 * mall): a factory batch imported into a new data directory, a server started on it, the units
 * bound over the API, the device simulator's fleet of them connected — the last camera failing its
 * jobs until the test mends it (`fleet.devices[2].jobs.setFailureRate(0)`) — and Chromium open.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVICE_PATHS } from '@vap/contracts';
import { type Fleet, type FleetOptions, type SimulatedUnit, startFleet } from '@vap/device-sim';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { englishContext, launchChromium, signInAsDemoOwner } from './browser.js';
import { type BatchOptions, type BatchUnit, importFactoryBatch } from './factory-batch.js';
import { apiToken, freePort, type RunningServer, startServer } from './server.js';

/** A call of /webapi as the demo owner: the JSON answered; a status of 300 or more fails the test. */
export type OwnerCall = (method: string, path: string, body?: unknown) => Promise<unknown>;

export interface CamerasOptions {
  /** Names the data directory (`vap-e2e-<name>-…`). */
  name: string;
  /** The cameras: a factory batch of the file's own (`factoryBatch`). */
  units: readonly BatchUnit[];
  batch: BatchOptions;
  /** What each simulated camera says of itself beyond its serial and secret (it is an IP camera of the batch's model). */
  camera?: Partial<SimulatedUnit>;
  /** The fleet's options beyond its broker and cameras (events are off). */
  fleet?: Partial<FleetOptions>;
  /** What the test sets up over the API once the cameras are bound, before they connect; more fleet options. */
  prepare?: (call: OwnerCall, server: RunningServer) => Promise<Partial<FleetOptions>>;
}

/** The file's cameras and console: set before its first test by `camerasPerFile`. */
export interface Cameras {
  readonly server: RunningServer;
  readonly fleet: Fleet;
  /** The console at 1440 × 900, the demo owner signed in. */
  readonly page: Page;
}

/** The cameras and signed-in console of a test file, started before its first test and stopped after its last. */
export function camerasPerFile(options: CamerasOptions): Cameras {
  const { units } = options;
  const running: { -readonly [K in keyof Cameras]?: Cameras[K] } = {};
  let dir: string | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), `vap-e2e-${options.name}-`));
    await importFactoryBatch(dir, units, options.batch);
    const mqttPort = await freePort();
    const server = await startServer({ dataDir: dir, env: { MQTT_PORT: String(mqttPort) } });
    running.server = server;
    const token = await apiToken(server.url);
    const call: OwnerCall = async (method, path, body) => {
      const response = await fetch(`${server.url}/webapi${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
      return (text ? JSON.parse(text) : undefined) as unknown;
    };
    for (const unit of units)
      await call('POST', DEVICE_PATHS.bind, { mode: 'serial', sn: unit.sn, device_code: unit.code });
    const prepared = (await options.prepare?.(call, server)) ?? {};

    const fleet = startFleet({
      url: `mqtt://127.0.0.1:${mqttPort}`,
      units: units.map((unit, index) => ({
        sn: unit.sn,
        secret: unit.secret,
        kind: 'ipc' as const,
        model: options.batch.model,
        ...options.camera,
        ...(index === units.length - 1 ? { jobFailureRate: 1 } : {}),
      })),
      eventRate: 0,
      ...options.fleet,
      ...prepared,
    });
    running.fleet = fleet;
    for (let waited = 0; fleet.stats().connected < units.length; waited += 100) {
      if (waited > 20_000) throw new Error('the cameras did not connect');
      await new Promise((wait) => setTimeout(wait, 100));
    }

    browser = await launchChromium();
    context = await englishContext(browser, { viewport: { width: 1440, height: 900 } });
    running.page = await context.newPage();
    await signInAsDemoOwner(running.page, server.url);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await running.fleet?.stop();
    await running.server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  return running as Cameras;
}
