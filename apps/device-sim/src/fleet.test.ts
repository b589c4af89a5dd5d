import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceState } from './device.js';
import { type Fleet, type FleetOptions, startFleet } from './fleet.js';
import { type BrokerUnit, TestBroker } from './testing/broker.js';
import { PackageServer } from './testing/firmware.js';
import type { SimulatedUnit } from './unit.js';

const serial = (kind: 'ipc' | 'nvr', n: number) =>
  `1000000001${kind === 'ipc' ? '132' : '118'}${String(n).padStart(7, '0')}`;
const unit = (kind: 'ipc' | 'nvr', n: number): SimulatedUnit => ({
  sn: serial(kind, n),
  secret: `secret-${kind}-${n}`,
  kind,
});

const IPC = [1, 2, 3, 4].map((n) => unit('ipc', n));
const NVR = [1, 2].map((n) => unit('nvr', n));
const UNBOUND = unit('ipc', 90);
const UNITS: BrokerUnit[] = [...IPC, ...NVR, { ...UNBOUND, bound: false }];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the simulated fleet, on a real broker (issue 15)', () => {
  let broker: TestBroker;
  const fleets: Fleet[] = [];

  const fleet = (options: Partial<FleetOptions> & Pick<FleetOptions, 'units'>) => {
    const started = startFleet({
      url: broker.url,
      telemetryIntervalMs: 200,
      eventRate: 0,
      rebootMs: 300,
      backoff: { initialMs: 50, maxMs: 2_000, stableMs: 60_000 },
      ...options,
    });
    fleets.push(started);
    return started;
  };

  beforeEach(async () => {
    broker = await TestBroker.start(UNITS);
  });
  afterEach(async () => {
    await Promise.all(fleets.splice(0).map((started) => started.stop()));
    await broker.close();
  });

  it('connects every unit, says it is online, and publishes telemetry on its own topics at the interval', async () => {
    const units = [...IPC, ...NVR];
    const started = fleet({ units });
    await expect.poll(() => started.connected(), { timeout: 5_000 }).toBe(units.length);
    await sleep(1_000);

    for (const { sn, kind } of units) {
      expect(broker.of(sn, 'state')[0]?.body).toMatchObject({ online: true });
      const reports = broker.of(sn, 'telemetry');
      // 1 s at 200 ms: four or five reports (the first falls somewhere in the first interval).
      expect(reports.length).toBeGreaterThanOrEqual(4);
      expect(reports.length).toBeLessThanOrEqual(7);
      // The unit's own clock: what reached the broker late could look bunched.
      const times = reports.map((report) => Number(report.body.ts));
      const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(190);
      const [report] = reports;
      expect(report?.body).toMatchObject({
        ts: expect.any(Number),
        cpu: expect.any(Number),
        memory: expect.any(Number),
        temperature: expect.any(Number),
        uptime: expect.any(Number),
        bitrate: expect.any(Number),
      });
      const body = report?.body ?? {};
      expect(body.cpu).toBeGreaterThan(0);
      expect(body.cpu).toBeLessThan(100);
      if (kind === 'nvr') {
        expect(body.storage).toMatchObject({ used: expect.any(Number), total: expect.any(Number) });
        expect((body.channels as unknown[]).length).toBeGreaterThanOrEqual(2);
      } else {
        expect(body).not.toHaveProperty('storage');
      }
    }
    // Nothing outside their own topics (the broker would have closed them).
    expect(broker.trespasses).toEqual([]);
    expect(
      broker.messages.every((message) => message.topic.startsWith(`vap/dev/${message.clientId}/up/`)),
    ).toBe(true);
    expect(started.stats()).toMatchObject({
      units: units.length,
      connected: units.length,
      refused: 0,
      received: 0,
    });
    // A QoS 0 report counts once written to the socket, before the broker reads it; stopping waits
    // for the acknowledged goodbye, which the broker handles after everything sent before it.
    await started.stop();
    expect(started.stats().published).toBe(broker.messages.length);
  });

  it('publishes events at the rate asked, each with its type and channel', async () => {
    const started = fleet({ units: [IPC[0], NVR[0]] as SimulatedUnit[], eventRate: 36_000 });
    await expect.poll(() => started.connected()).toBe(2);
    // 36,000 an hour is ten a second.
    await sleep(1_000);
    for (const { sn } of [IPC[0], NVR[0]] as SimulatedUnit[]) {
      const events = broker.of(sn, 'event');
      expect(events.length).toBeGreaterThanOrEqual(3);
      for (const { body } of events) {
        expect(body).toMatchObject({
          ts: expect.any(Number),
          type: expect.any(String),
          channel: expect.any(Number),
        });
      }
    }
    const ipcTypes = new Set(broker.of(IPC[0]?.sn ?? '', 'event').map((event) => event.body.type));
    expect(
      [...ipcTypes].every((type) =>
        ['motion', 'line_crossing', 'intrusion', 'tamper'].includes(String(type)),
      ),
    );
  });

  it('answers ping, get_info, set_config and an unknown command on up/reply', async () => {
    const [ipc] = IPC as [SimulatedUnit];
    const started = fleet({ units: [ipc, NVR[0] as SimulatedUnit] });
    await expect.poll(() => started.connected()).toBe(2);

    expect(await broker.command(ipc.sn, { name: 'ping' })).toMatchObject({
      ok: true,
      result: { pong: true },
    });
    expect(await broker.command(ipc.sn, { id: 7, name: 'get_info', args: {} })).toEqual({
      id: 7,
      ok: true,
      result: {
        sn: ipc.sn,
        kind: 'ipc',
        model: 'VC-C3',
        firmware_version: 'V5.2.0',
        uptime: expect.any(Number),
        ip: expect.stringMatching(/^192\.168\.\d+\.\d+$/),
      },
    });
    expect(await broker.command(NVR[0]?.sn ?? '', { name: 'get_info' })).toMatchObject({
      ok: true,
      result: { kind: 'nvr', model: 'VR-N8' },
    });
    expect(await broker.command(ipc.sn, { name: 'set_config', args: { osd: 'on', fps: 25 } })).toMatchObject({
      ok: true,
      result: { config: { osd: 'on', fps: 25 } },
    });
    expect(await broker.command(ipc.sn, { name: 'set_config', args: { fps: null } })).toMatchObject({
      result: { config: { osd: 'on' } },
    });
    expect(await broker.command(ipc.sn, { name: 'format_disk' })).toMatchObject({
      ok: false,
      error: 'unknown_command',
    });
    expect(started.stats().received).toBe(6);
  });

  it('reboots on command: replies, says it goes offline, disconnects, and comes back with its uptime reset', async () => {
    const [ipc] = IPC as [SimulatedUnit];
    const started = fleet({ units: [ipc] });
    const [device] = started.devices;
    const states: DeviceState[] = [];
    device?.on('state', (state) => states.push(state));
    let boots = 0;
    device?.on('booted', () => boots++);
    await expect.poll(() => started.connected()).toBe(1);
    const before = (await broker.command(ipc.sn, { name: 'get_info' })).result as { uptime: number };
    expect(before.uptime).toBeGreaterThan(3_000);

    expect(await broker.command(ipc.sn, { name: 'reboot' })).toMatchObject({
      ok: true,
      result: { rebooting: true },
    });
    await expect.poll(() => states).toContain('rebooting');
    await expect.poll(() => broker.aedes.connectedClients).toBe(0);
    expect(broker.of(ipc.sn, 'state').at(-1)?.body).toMatchObject({ online: false, reason: 'reboot' });

    await expect.poll(() => started.connected(), { timeout: 3_000 }).toBe(1);
    expect(boots).toBe(1);
    expect(broker.attempts.get(ipc.sn)).toHaveLength(2);
    await expect.poll(() => broker.of(ipc.sn, 'state').at(-1)?.body).toMatchObject({ online: true });
    const after = (await broker.command(ipc.sn, { name: 'get_info' })).result as { uptime: number };
    expect(after.uptime).toBeLessThan(5);
    // A clean disconnect: no last will went out.
    expect(broker.of(ipc.sn, 'state').filter((state) => state.body.online === false)).toHaveLength(1);
  });

  it('reconnects with growing waits when the broker goes away, and starts again small after a stable connection', async () => {
    const units = [IPC[0], NVR[0]] as SimulatedUnit[];
    const started = fleet({
      units,
      backoff: { initialMs: 50, maxMs: 2_000, jitter: 0.2, stableMs: 300 },
    });
    const retries = new Map<string, number[]>();
    const attempts = new Map<string, number[]>();
    for (const device of started.devices) {
      device.on('retry', (delayMs) => retries.set(device.sn, [...(retries.get(device.sn) ?? []), delayMs]));
      device.on('state', (state) => {
        if (state === 'connecting') attempts.set(device.sn, [...(attempts.get(device.sn) ?? []), Date.now()]);
      });
    }
    await expect.poll(() => started.connected()).toBe(2);
    await sleep(400);

    await broker.down();
    await expect.poll(() => started.connected()).toBe(0);
    // 50, 100, 200, 400 ms (less up to 20%): about 750 ms of waits before the fifth.
    await sleep(1_000);
    await broker.up();
    await expect.poll(() => started.connected(), { timeout: 5_000 }).toBe(2);

    for (const { sn } of units) {
      const delays = retries.get(sn) ?? [];
      expect(delays.length).toBeGreaterThanOrEqual(4);
      expect(delays[0]).toBeGreaterThanOrEqual(40);
      expect(delays[0]).toBeLessThanOrEqual(50);
      for (let index = 1; index < delays.length; index += 1) {
        expect(delays[index]).toBeGreaterThan(delays[index - 1] ?? 0);
        expect(delays[index]).toBeLessThanOrEqual(Math.min(50 * 2 ** index, 2_000));
      }
      // What the unit did matches what it said: the attempts are spaced by those waits.
      const times = (attempts.get(sn) ?? []).slice(1);
      const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
      for (let index = 0; index < gaps.length; index += 1) {
        expect(gaps[index]).toBeGreaterThanOrEqual((delays[index + 1] ?? 0) - 5);
      }
    }

    // Connected for longer than stableMs: the next loss starts from the first wait again.
    await sleep(400);
    for (const { sn } of units) retries.set(sn, []);
    await broker.down();
    await expect.poll(() => started.connected()).toBe(0);
    await broker.up();
    await expect.poll(() => started.connected(), { timeout: 5_000 }).toBe(2);
    for (const { sn } of units) {
      const [first] = retries.get(sn) ?? [];
      expect(first).toBeGreaterThanOrEqual(40);
      expect(first).toBeLessThanOrEqual(50);
    }
  });

  it('counts a refused unit (CONNACK 4 or 5) as refused and does not hammer the broker', async () => {
    const wrong = { ...(IPC[1] as SimulatedUnit), secret: 'not-its-secret' };
    const started = fleet({ units: [wrong, UNBOUND, IPC[2] as SimulatedUnit] });
    await expect.poll(() => started.stats().refused).toBe(2);
    await expect.poll(() => started.connected()).toBe(1);
    const [wrongDevice, unboundDevice] = started.devices;
    expect(wrongDevice?.state).toBe('refused');
    expect(wrongDevice?.refusedWith).toBe(4);
    expect(unboundDevice?.refusedWith).toBe(5);
    // With a 50 ms back-off a unit retrying as after a lost connection would have tried ~5 times.
    await sleep(600);
    expect(broker.attempts.get(wrong.sn)).toHaveLength(1);
    expect(broker.attempts.get(UNBOUND.sn)).toHaveLength(1);
    expect(started.stats()).toMatchObject({ units: 3, connected: 1, refused: 2 });
  });

  it('tries a refused unit again only after refusedRetryMs', async () => {
    const wrong = { ...(IPC[1] as SimulatedUnit), secret: 'not-its-secret' };
    fleet({ units: [wrong], refusedRetryMs: 300 });
    await expect.poll(() => broker.attempts.get(wrong.sn)?.length ?? 0, { timeout: 3_000 }).toBe(3);
    const [first = 0, second = 0, third = 0] = broker.attempts.get(wrong.sn) ?? [];
    expect(second - first).toBeGreaterThanOrEqual(290);
    expect(third - second).toBeGreaterThanOrEqual(290);
  });

  it('stop() has every unit say it goes offline and disconnect cleanly', async () => {
    const units = [...IPC, ...NVR];
    const started = fleet({ units });
    await expect.poll(() => started.connected()).toBe(units.length);
    await expect.poll(() => broker.aedes.connectedClients).toBe(units.length);
    await started.stop();

    expect(started.connected()).toBe(0);
    await expect.poll(() => broker.aedes.connectedClients).toBe(0);
    for (const { sn } of units) {
      const offline = broker.of(sn, 'state').filter((state) => state.body.online === false);
      // Its own goodbye, not the will (which a clean DISCONNECT discards).
      expect(offline.map((state) => state.body.reason)).toEqual(['stop']);
    }
    for (const device of started.devices) expect(device.state).toBe('stopped');
    // Stopped is stopped: nothing reconnects.
    await sleep(300);
    expect(broker.aedes.connectedClients).toBe(0);
    await started.stop();
  });

  it('stop() does not wait for ever on a broker that does not acknowledge', async () => {
    const [ipc] = IPC as [SimulatedUnit];
    const started = fleet({ units: [ipc] });
    await expect.poll(() => broker.aedes.connectedClients).toBe(1);
    broker.hold = (topic) => topic.endsWith('/up/state');
    const begun = Date.now();
    await started.stop();
    expect(Date.now() - begun).toBeLessThan(4_500);
    await expect.poll(() => broker.aedes.connectedClients).toBe(0);
  });

  it('publishes its last will when the connection drops without a goodbye', async () => {
    const [ipc] = IPC as [SimulatedUnit];
    const started = fleet({ units: [ipc], backoff: { initialMs: 5_000 } });
    await expect.poll(() => started.connected()).toBe(1);
    await broker.down();
    await expect.poll(() => broker.of(ipc.sn, 'state').at(-1)?.body).toEqual({ online: false });
  });

  it('drops its connection as a network failure would: the will when it has one, nothing when it has none (issue 28)', async () => {
    const [withWill, withoutWill] = IPC as [SimulatedUnit, SimulatedUnit];
    const started = fleet({ units: [withWill] });
    const silent = fleet({ units: [withoutWill], lastWill: false });
    await expect.poll(() => started.connected() + silent.connected()).toBe(2);
    started.devices[0]?.drop();
    silent.devices[0]?.drop();
    // Both come back by their back-off; only the one with a will was said offline meanwhile.
    const states = (sn: string) => broker.of(sn, 'state').map((message) => message.body.online);
    await expect.poll(() => states(withWill.sn)).toEqual([true, false, true]);
    await expect.poll(() => states(withoutWill.sn)).toEqual([true, true]);
  });

  it('answers nothing while unresponsive (its agent hung), its connection kept (issue 28)', async () => {
    const [ipc] = IPC as [SimulatedUnit];
    const started = fleet({ units: [ipc] });
    await expect.poll(() => started.connected()).toBe(1);
    const device = started.devices[0] as NonNullable<(typeof started.devices)[0]>;
    device.responsive = false;
    await expect(broker.command(ipc.sn, { name: 'ping' }, 500)).rejects.toThrow();
    expect(started.connected()).toBe(1);
    device.responsive = true;
    expect(await broker.command(ipc.sn, { name: 'ping' })).toMatchObject({ ok: true });
  });

  it('speaks MQTT over WebSocket too', async () => {
    const [ipc] = IPC as [SimulatedUnit];
    const started = fleet({ units: [ipc], url: broker.wsUrl });
    await expect.poll(() => started.connected()).toBe(1);
    expect(await broker.command(ipc.sn, { name: 'ping' })).toMatchObject({ ok: true });
    await expect.poll(() => broker.of(ipc.sn, 'telemetry').length).toBeGreaterThan(0);
  });

  it('speaks MQTT 5 when asked, over TCP and WebSocket; a refused unit is counted with 0x86 or 0x87', async () => {
    const [ipc, viaWebSocket] = IPC as [SimulatedUnit, SimulatedUnit];
    const wrong = { ...(IPC[2] as SimulatedUnit), secret: 'not-its-secret' };
    const started = fleet({ units: [ipc, wrong, UNBOUND], protocolVersion: 5 });
    const overWebSocket = fleet({ units: [viaWebSocket], url: broker.wsUrl, protocolVersion: 5 });
    await expect.poll(() => started.stats().refused).toBe(2);
    await expect.poll(() => started.connected() + overWebSocket.connected()).toBe(2);
    expect(started.devices.map((device) => device.refusedWith)).toEqual([null, 0x86, 0x87]);
    expect(started.devices.map((device) => device.state)).toEqual(['online', 'refused', 'refused']);
    for (const { sn } of [ipc, viaWebSocket]) {
      expect(broker.protocolOf(sn)).toBe(5);
      expect(await broker.command(sn, { name: 'ping' })).toMatchObject({ ok: true });
      await expect.poll(() => broker.of(sn, 'telemetry').length).toBeGreaterThan(0);
    }
    expect(broker.trespasses).toEqual([]);
    expect(() => startFleet({ url: broker.url, units: [], protocolVersion: 3 as 4 })).toThrow(
      /protocolVersion/,
    );
  });

  it('staggers the first connections over connectSpreadMs', async () => {
    const started = fleet({ units: [...IPC], connectSpreadMs: 400 });
    await expect.poll(() => started.connected()).toBe(4);
    const firsts = IPC.map(({ sn }) => broker.attempts.get(sn)?.[0] ?? 0);
    expect((firsts.at(-1) ?? 0) - (firsts[0] ?? 0)).toBeGreaterThanOrEqual(250);
  });

  it('refuses options it cannot run', () => {
    expect(() => startFleet({ url: 'http://127.0.0.1:1', units: [] })).toThrow(/mqtt:\/\//);
    expect(() => startFleet({ url: broker.url, units: [IPC[0], IPC[0]] as SimulatedUnit[] })).toThrow(
      /twice/,
    );
    expect(() => startFleet({ url: broker.url, units: [], telemetryIntervalMs: 0 })).toThrow(
      /telemetryIntervalMs/,
    );
    expect(() => startFleet({ url: broker.url, units: [], jobFailureRate: 1.5 })).toThrow(/jobFailureRate/);
    expect(() =>
      startFleet({ url: broker.url, units: [{ ...(IPC[0] as SimulatedUnit), jobFailureRate: -0.1 }] }),
    ).toThrow(/jobFailureRate/);
  });

  it('upgrades its firmware: progress on up/job, a reboot, back on the new version, then completed; the job again is answered, not run', async () => {
    const [ipc] = IPC as [SimulatedUnit];
    const firmware = await PackageServer.start({ size: 200_000, chunks: 10, pauseMs: 40 });
    try {
      const started = fleet({ units: [ipc] });
      await expect.poll(() => started.connected()).toBe(1);
      const upgrade = { id: 'job-1', name: 'upgrade_firmware', args: firmware.args('V5.3.0') };
      expect(await broker.command(ipc.sn, upgrade)).toEqual({
        id: 'job-1',
        ok: true,
        result: { state: 'processing', progress: 0 },
      });
      const completed = { id: 'job-1', state: 'completed', result: { firmware_version: 'V5.3.0' } };
      await expect.poll(() => broker.of(ipc.sn, 'job').at(-1)?.body, { timeout: 8_000 }).toEqual(completed);

      const reports = broker.of(ipc.sn, 'job');
      expect(reports.every((report) => report.qos === 1)).toBe(true);
      const progress = reports.slice(0, -1).map((report) => report.body.progress as number);
      expect(progress.length).toBeGreaterThanOrEqual(2);
      expect(progress.at(-1)).toBe(95);
      expect(progress.slice(0, -1).every((value) => value > 0 && value <= 90)).toBe(true);
      // Offline for the upgrade, back online, and only then the completion.
      const states = broker.of(ipc.sn, 'state');
      expect(states.map((state) => [state.body.online, state.body.reason])).toEqual([
        [true, undefined],
        [false, 'upgrade'],
        [true, undefined],
      ]);
      expect(reports.at(-1)?.at).toBeGreaterThanOrEqual(states.at(-1)?.at ?? 0);
      expect(await broker.command(ipc.sn, { name: 'get_info' })).toMatchObject({
        result: { firmware_version: 'V5.3.0', uptime: expect.any(Number) },
      });
      expect(started.devices[0]?.firmwareVersion).toBe('V5.3.0');

      // The server, restarted, asks again: the outcome, and no second download or reboot.
      expect(await broker.command(ipc.sn, upgrade)).toEqual({
        id: 'job-1',
        ok: true,
        result: { state: 'completed', result: { firmware_version: 'V5.3.0' } },
      });
      await sleep(200);
      expect(firmware.requests).toBe(1);
      expect(broker.of(ipc.sn, 'state')).toHaveLength(3);
      expect(broker.of(ipc.sn, 'job').at(-1)?.body).toEqual(completed);
    } finally {
      await firmware.close();
    }
  });

  it('applies a configuration and a white list as jobs, and ends bad args failed in the reply and on up/job', async () => {
    const [ipc] = IPC as [SimulatedUnit];
    const started = fleet({ units: [ipc] });
    await expect.poll(() => started.connected()).toBe(1);
    await broker.command(ipc.sn, { name: 'set_config', args: { image: { brightness: 50, contrast: 40 } } });
    expect(
      await broker.command(ipc.sn, {
        id: 'c1',
        name: 'apply_config',
        args: { config: { image: { brightness: 70 } } },
      }),
    ).toMatchObject({ ok: true, result: { state: 'processing' } });
    expect(
      await broker.command(ipc.sn, {
        id: 'w1',
        name: 'set_whitelist',
        args: { list: 'plate', entries: ['AB123CD'] },
      }),
    ).toMatchObject({ ok: true, result: { state: 'processing' } });
    expect(
      await broker.command(ipc.sn, { id: 'b1', name: 'set_whitelist', args: { list: 'x' } }),
    ).toMatchObject({ ok: true, result: { state: 'failed', reason: 'bad_args' } });
    const last = (id: string) => broker.of(ipc.sn, 'job').findLast((report) => report.body.id === id)?.body;
    await expect
      .poll(() => last('c1'))
      .toEqual({
        id: 'c1',
        state: 'completed',
        result: { config: { image: { brightness: 70, contrast: 40 } } },
      });
    await expect.poll(() => last('w1')).toEqual({ id: 'w1', state: 'completed', result: { count: 1 } });
    expect(last('b1')).toMatchObject({ state: 'failed', reason: 'bad_args' });
    expect(started.devices[0]?.whitelists).toEqual({ plate: ['AB123CD'] });
  });

  it("fails jobs at the fleet's job failure rate, unless a unit has its own", async () => {
    const [always, never] = IPC as [SimulatedUnit, SimulatedUnit];
    const started = fleet({ units: [always, { ...never, jobFailureRate: 0 }], jobFailureRate: 1 });
    await expect.poll(() => started.connected()).toBe(2);
    for (const { sn } of [always, never]) {
      await broker.command(sn, { id: 'c1', name: 'apply_config', args: { config: { osd: { on: true } } } });
    }
    await expect
      .poll(() => broker.of(always.sn, 'job').at(-1)?.body)
      .toMatchObject({ id: 'c1', state: 'failed', reason: 'simulated_failure' });
    await expect.poll(() => broker.of(never.sn, 'job').at(-1)?.body).toMatchObject({ state: 'completed' });
  });

  it('opens a terminal: banner, echo and output on up/term at QoS 0; a reboot ends its sessions', async () => {
    const [ipc] = IPC as [SimulatedUnit];
    const started = fleet({ units: [ipc] });
    await expect.poll(() => started.connected()).toBe(1);
    const term = () => broker.of(ipc.sn, 'term');
    expect(
      await broker.command(ipc.sn, { name: 'term_open', args: { session: 't1', cols: 80, rows: 24 } }),
    ).toMatchObject({ ok: true, result: { opened: true } });
    await expect.poll(() => term().at(-1)?.body.data).toMatch(new RegExp(`root@${ipc.sn}:~# $`));
    expect(
      await broker.command(ipc.sn, { name: 'term_input', args: { session: 't1', data: 'uname -a\r' } }),
    ).toMatchObject({ ok: true });
    await expect.poll(() => term().at(-1)?.body.data).toMatch(/^uname -a\r\nLinux .* V5\.2\.0 armv7l/);
    expect(term().every((message) => message.qos === 0 && message.body.session === 't1')).toBe(true);
    expect(
      await broker.command(ipc.sn, { name: 'term_input', args: { session: 'nope', data: 'ls\r' } }),
    ).toMatchObject({ ok: false, error: 'no_session' });

    await broker.command(ipc.sn, { name: 'reboot' });
    await expect.poll(() => term().at(-1)?.body).toMatchObject({ session: 't1', closed: true });
    await expect.poll(() => started.connected(), { timeout: 3_000 }).toBe(1);
    expect(
      await broker.command(ipc.sn, { name: 'term_input', args: { session: 't1', data: 'ls\r' } }),
    ).toMatchObject({ ok: false, error: 'no_session' });
  });
});
