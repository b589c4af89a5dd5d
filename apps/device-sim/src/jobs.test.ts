import { afterEach, describe, expect, it } from 'vitest';
import { type Jobs, REMEMBERED_JOBS } from './jobs.js';
import { seededRandom } from './prng.js';
import { FakeJobUnit as FakeUnit, jobsOf } from './testing/context.js';
import { PackageServer } from './testing/firmware.js';

const settled = async (jobs: Jobs, id: string) => {
  await expect.poll(() => jobs.report(id)?.state, { timeout: 5_000 }).not.toBe('processing');
  return jobs.report(id);
};

describe('the jobs of a unit', () => {
  const servers: PackageServer[] = [];
  const serve = async (options?: Parameters<typeof PackageServer.start>[0]) => {
    const server = await PackageServer.start(options);
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('answers a job id it already knows with how it stands, and never starts it again', async () => {
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    expect(jobs.start('apply_config', 'j1', { config: { osd: { enabled: true } } })).toEqual({
      state: 'processing',
      progress: 0,
    });
    expect(await settled(jobs, 'j1')).toEqual({
      state: 'completed',
      result: { config: { osd: { enabled: true } } },
    });

    // Asked again, after a restart of the server, even with other args: the outcome, not a new run.
    expect(jobs.start('apply_config', 'j1', { config: { osd: { enabled: false } } })).toEqual({
      state: 'completed',
      result: { config: { osd: { enabled: true } } },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unit.config).toEqual({ osd: { enabled: true } });
    expect(unit.of('j1')).toEqual([
      { id: 'j1', state: 'completed', result: { config: { osd: { enabled: true } } } },
    ]);
  });

  it('answers a re-sent upgrade with its progress while it downloads, and downloads it once', async () => {
    const server = await serve({ chunks: 10, pauseMs: 30 });
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0'));
    await expect.poll(() => jobs.report('up1')).toMatchObject({ progress: expect.any(Number) });
    await expect.poll(() => (jobs.report('up1') as { progress: number }).progress).toBeGreaterThan(0);
    expect(jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0'))).toMatchObject({
      state: 'processing',
      progress: expect.any(Number),
    });
    expect(await settled(jobs, 'up1')).toMatchObject({ state: 'completed' });
    expect(jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0'))).toEqual({
      state: 'completed',
      result: { firmware_version: 'V5.3.0' },
    });
    expect(server.requests).toBe(1);
    expect(unit.reboots).toEqual(['upgrade']);
  });

  it('downloads with progress by tenths up to 90, installs at 95, reboots into the version, and reports completed once back', async () => {
    const server = await serve({ size: 50_000, chunks: 10, pauseMs: 20 });
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    expect(jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0'))).toEqual({
      state: 'processing',
      progress: 0,
    });
    await expect.poll(() => unit.reboots, { timeout: 5_000 }).toEqual(['upgrade']);
    expect(unit.firmwareVersion).toBe('V5.3.0');

    const progress = unit.of('up1').map((message) => (message as { progress: number }).progress);
    expect(unit.of('up1').every((message) => message.state === 'processing')).toBe(true);
    expect(progress.at(-1)).toBe(95);
    const downloading = progress.slice(0, -1);
    expect(downloading.length).toBeGreaterThanOrEqual(2);
    expect(downloading.length).toBeLessThanOrEqual(10);
    expect(downloading.at(-1)).toBe(90);
    for (let index = 1; index < downloading.length; index += 1) {
      expect(downloading[index]).toBeGreaterThan(downloading[index - 1] ?? 0);
    }
    // Its completion waits for the unit to be back on its new firmware.
    expect(jobs.report('up1')).toEqual({ state: 'completed', result: { firmware_version: 'V5.3.0' } });
    jobs.reconnected();
    await expect
      .poll(() => unit.of('up1').at(-1))
      .toEqual({ id: 'up1', state: 'completed', result: { firmware_version: 'V5.3.0' } });
  });

  it('reports the download no more often than progressEveryMs', async () => {
    const server = await serve({ size: 100_000, chunks: 20, pauseMs: 25 });
    const unit = new FakeUnit();
    const jobs = jobsOf(unit, { progressEveryMs: 150 });
    jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0'));
    await expect.poll(() => unit.reboots, { timeout: 5_000 }).toEqual(['upgrade']);
    const times = unit.sent.filter((message) => message.state === 'processing').map(({ at }) => at);
    // About 500 ms of download: a report every 150 ms at most, then the install's.
    expect(times.length).toBeLessThanOrEqual(6);
    const downloading = times.slice(0, -1);
    for (let index = 1; index < downloading.length; index += 1) {
      expect((downloading[index] ?? 0) - (downloading[index - 1] ?? 0)).toBeGreaterThanOrEqual(150);
    }
  });

  it('shows a hologram scheme whose file has its size and md5, and refuses one whose md5 differs', async () => {
    const server = await serve();
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    const { url, md5, size } = server.args('');
    jobs.start('install_scheme', 's1', { url, md5, size, scheme_id: 7 });
    expect(await settled(jobs, 's1')).toEqual({ state: 'completed', result: { scheme_id: 7, md5 } });
    expect(unit.schemes.get(7)).toBe(md5);
    jobs.start('install_scheme', 's2', { url, md5: '0'.repeat(32), size, scheme_id: 8 });
    expect(await settled(jobs, 's2')).toMatchObject({ state: 'failed', reason: 'md5_mismatch' });
    expect(unit.schemes.has(8)).toBe(false);
    jobs.start('install_scheme', 's3', { url, md5, size: size + 1, scheme_id: 9 });
    expect(await settled(jobs, 's3')).toMatchObject({ state: 'failed', reason: 'size_mismatch' });
  });

  it('shows an ad package once every item has its size and md5, and refuses one with an item whose md5 differs', async () => {
    const server = await serve();
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    const { url, md5, size } = server.args('');
    const item = (name: string, hash = md5) => ({
      type: 'image' as const,
      resource_name: name,
      url,
      md5: hash,
      size,
      seconds: 5,
    });
    jobs.start('install_adpkg', 'a1', { package_id: 3, top_share: 50, items: [item('a'), item('b')] });
    expect(await settled(jobs, 'a1')).toEqual({ state: 'completed', result: { package_id: 3, items: 2 } });
    expect(unit.adPackages.get(3)).toEqual([md5, md5]);
    jobs.start('install_adpkg', 'a2', {
      package_id: 4,
      top_share: 50,
      items: [item('a'), item('b', '0'.repeat(32))],
    });
    expect(await settled(jobs, 'a2')).toMatchObject({ state: 'failed', reason: 'md5_mismatch' });
    expect(unit.adPackages.has(4)).toBe(false);
  });

  it('refuses a package whose md5 differs (md5_mismatch) and keeps its firmware', async () => {
    const server = await serve();
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0', '0'.repeat(32)));
    expect(await settled(jobs, 'up1')).toMatchObject({ state: 'failed', reason: 'md5_mismatch' });
    expect(unit.firmwareVersion).toBe('V5.2.0');
    expect(unit.reboots).toEqual([]);
    expect(unit.of('up1').at(-1)).toMatchObject({ id: 'up1', state: 'failed', reason: 'md5_mismatch' });
  });

  it('fails a download the server refuses (download_failed, with the HTTP status) or cannot be reached', async () => {
    const server = await serve({ status: 403 });
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0'));
    expect(await settled(jobs, 'up1')).toEqual({
      state: 'failed',
      reason: 'download_failed',
      message: 'HTTP 403',
    });
    const gone = await serve();
    await gone.close();
    jobs.start('upgrade_firmware', 'up2', gone.args('V5.3.0'));
    expect(await settled(jobs, 'up2')).toMatchObject({
      state: 'failed',
      reason: 'download_failed',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('refuses a package larger than its announced size', async () => {
    const server = await serve({ size: 20_000 });
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    jobs.start('upgrade_firmware', 'up1', { ...server.args('V5.3.0'), size: 10_000 });
    expect(await settled(jobs, 'up1')).toMatchObject({ state: 'failed', reason: 'download_failed' });
  });

  it('runs one upgrade at a time: another meanwhile fails busy, and the first goes on', async () => {
    const server = await serve({ chunks: 10, pauseMs: 20 });
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0'));
    expect(jobs.start('upgrade_firmware', 'up2', server.args('V5.4.0'))).toEqual({
      state: 'failed',
      reason: 'busy',
      message: 'upgrade up1 is under way',
    });
    // A configuration is no upgrade: it runs beside it.
    jobs.start('apply_config', 'c1', { config: { image: { brightness: 60 } } });
    expect(await settled(jobs, 'c1')).toMatchObject({ state: 'completed' });
    expect(await settled(jobs, 'up1')).toMatchObject({ state: 'completed' });
    expect(unit.firmwareVersion).toBe('V5.3.0');
    // Once it is over, the next one may run (and is already there).
    jobs.start('upgrade_firmware', 'up3', server.args('V5.3.0'));
    expect(await settled(jobs, 'up3')).toEqual({
      state: 'completed',
      result: { firmware_version: 'V5.3.0' },
    });
  });

  it('completes at once an upgrade to the version it runs, without downloading', async () => {
    const server = await serve();
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    expect(jobs.start('upgrade_firmware', 'up1', server.args('V5.2.0'))).toEqual({
      state: 'completed',
      result: { firmware_version: 'V5.2.0' },
    });
    jobs.flush();
    await expect
      .poll(() => unit.of('up1'))
      .toEqual([{ id: 'up1', state: 'completed', result: { firmware_version: 'V5.2.0' } }]);
    expect(server.requests).toBe(0);
    expect(unit.reboots).toEqual([]);
  });

  it('ends a job with args that are not the command’s failed (bad_args), remembered like any other', async () => {
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    const report = jobs.start('upgrade_firmware', 'up1', { url: 'not a url', md5: 'x', size: 0 });
    expect(report).toMatchObject({ state: 'failed', reason: 'bad_args' });
    expect((report as { message: string }).message).toMatch(/url: .*; md5: .*; size: .*; version: /);
    expect(jobs.start('set_whitelist', 'w1', { list: 'faces', entries: [] })).toMatchObject({
      reason: 'bad_args',
      message: expect.stringMatching(/^list: /),
    });
    expect(jobs.start('apply_config', 'c1', { config: { osd: 'on' } })).toMatchObject({ reason: 'bad_args' });
    expect(jobs.report('up1')).toBe(report);
    jobs.flush();
    await expect.poll(() => unit.sent.map((message) => message.id)).toEqual(['up1', 'w1', 'c1']);
  });

  it('fails every job at a failure rate of 1 (an upgrade after part of its download), and none at 0', async () => {
    const server = await serve({ size: 100_000, chunks: 20, pauseMs: 5 });
    const unit = new FakeUnit();
    const failing = jobsOf(unit, { failureRate: 1 });
    failing.start('upgrade_firmware', 'up1', server.args('V5.3.0'));
    for (const id of ['c1', 'c2', 'c3']) failing.start('apply_config', id, { config: { osd: { on: 1 } } });
    failing.start('set_whitelist', 'w1', { list: 'plate', entries: ['AB123CD'] });
    for (const id of ['up1', 'c1', 'c2', 'c3', 'w1']) {
      expect(await settled(failing, id)).toMatchObject({ state: 'failed', reason: 'simulated_failure' });
    }
    const upgrade = failing.report('up1') as { message: string };
    const [, received = '0'] = /after (\d+) of 100000 bytes/.exec(upgrade.message) ?? [];
    expect(Number(received)).toBeGreaterThan(0);
    expect(Number(received)).toBeLessThan(100_000);
    expect(unit.firmwareVersion).toBe('V5.2.0');
    expect(unit.config).toEqual({});
    expect(unit.whitelists).toEqual({});

    const working = jobsOf(new FakeUnit(), { failureRate: 0 });
    working.start('upgrade_firmware', 'up1', server.args('V5.3.0'));
    for (const id of ['c1', 'c2', 'c3']) working.start('apply_config', id, { config: { osd: { on: 1 } } });
    for (const id of ['up1', 'c1', 'c2', 'c3']) {
      expect(await settled(working, id)).toMatchObject({ state: 'completed' });
    }
  });

  it('says how far a failed download got, beyond what its throttled progress reports said (issue 29)', async () => {
    // 300 KB in one go: the download outruns the reports (one per 250 ms), so the last one said
    // 9 % while the unit failed 20–80 % through.
    const server = await serve({ size: 307_200, chunks: 30 });
    const unit = new FakeUnit();
    const jobs = jobsOf(unit, { failureRate: 1, progressEveryMs: 250 });
    jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0'));
    const end = (await settled(jobs, 'up1')) as { message: string; progress: number };
    const [, received = '0'] = /after (\d+) of 307200 bytes/.exec(end.message) ?? [];
    expect(end.progress).toBe(Math.floor((Number(received) / 307_200) * 90));
    const said = unit.of('up1').filter((message) => message.state === 'processing');
    expect(said.every((message) => message.state === 'processing' && message.progress <= end.progress)).toBe(
      true,
    );
    await expect.poll(() => unit.of('up1').at(-1)).toMatchObject({ state: 'failed', progress: end.progress });
  });

  it('takes a new failure rate for the jobs it starts after, and refuses one outside 0 to 1', async () => {
    const jobs = jobsOf(new FakeUnit(), { failureRate: 1 });
    jobs.start('apply_config', 'before', { config: { osd: { on: 1 } } });
    jobs.setFailureRate(0);
    jobs.start('apply_config', 'after', { config: { osd: { on: 2 } } });
    expect(await settled(jobs, 'before')).toMatchObject({ state: 'failed', reason: 'simulated_failure' });
    expect(await settled(jobs, 'after')).toMatchObject({ state: 'completed' });
    expect(() => jobs.setFailureRate(1.5)).toThrow(RangeError);
  });

  it('draws the same failures from the same seed', async () => {
    const outcomes = async () => {
      const jobs = jobsOf(new FakeUnit(), { failureRate: 0.5, random: seededRandom('seed', 'unit', 'jobs') });
      const ids = Array.from({ length: 12 }, (_, index) => `c${index}`);
      for (const id of ids) jobs.start('apply_config', id, { config: { osd: { on: 1 } } });
      const states = [];
      for (const id of ids) states.push((await settled(jobs, id))?.state);
      return states;
    };
    const first = await outcomes();
    expect(first).toContain('failed');
    expect(first).toContain('completed');
    expect(await outcomes()).toEqual(first);
  });

  it('merges apply_config sections into the configuration, keeping the fields it is not sent', async () => {
    const unit = new FakeUnit();
    unit.config.image = { brightness: 50, contrast: 40 };
    unit.config.osd = 'legacy';
    const jobs = jobsOf(unit);
    jobs.start('apply_config', 'c1', { config: { image: { brightness: 70 }, osd: { enabled: true } } });
    expect(await settled(jobs, 'c1')).toEqual({
      state: 'completed',
      result: { config: { image: { brightness: 70, contrast: 40 }, osd: { enabled: true } } },
    });
    expect(unit.config).toEqual({ image: { brightness: 70, contrast: 40 }, osd: { enabled: true } });
  });

  it('takes some time to apply a configuration, as a device would', async () => {
    const jobs = jobsOf(new FakeUnit(), { applyMs: undefined });
    const begun = Date.now();
    jobs.start('apply_config', 'c1', { config: { image: { brightness: 70 } } });
    await settled(jobs, 'c1');
    expect(Date.now() - begun).toBeGreaterThanOrEqual(195);
    expect(Date.now() - begun).toBeLessThan(1_000);
  });

  it('keeps a white list per kind, replaced by the next, and completes with its count', async () => {
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    jobs.start('set_whitelist', 'w1', { list: 'plate', entries: ['AB123CD', 'EF456GH', 'AB123CD'] });
    jobs.start('set_whitelist', 'w2', { list: 'card', entries: ['0001'] });
    expect(await settled(jobs, 'w1')).toEqual({ state: 'completed', result: { count: 2 } });
    expect(await settled(jobs, 'w2')).toEqual({ state: 'completed', result: { count: 1 } });
    jobs.start('set_whitelist', 'w3', { list: 'plate', entries: [] });
    expect(await settled(jobs, 'w3')).toEqual({ state: 'completed', result: { count: 0 } });
    expect(unit.whitelists).toEqual({ plate: [], card: ['0001'] });
  });

  it(`remembers the last ${REMEMBERED_JOBS} jobs and forgets older ones, never a running one`, async () => {
    const server = await serve({ chunks: 10, pauseMs: 30 });
    const jobs = jobsOf(new FakeUnit());
    jobs.start('upgrade_firmware', 'running', server.args('V5.3.0'));
    for (let index = 0; index < REMEMBERED_JOBS; index += 1) {
      jobs.start('set_whitelist', `w${index}`, { list: 'nothing' });
    }
    expect(jobs.report('running')).toMatchObject({ state: 'processing' });
    expect(jobs.report('w0')).toBeUndefined();
    expect(jobs.report('w1')).toMatchObject({ reason: 'bad_args' });
    expect(jobs.report(`w${REMEMBERED_JOBS - 1}`)).toMatchObject({ reason: 'bad_args' });
    await settled(jobs, 'running');
  });

  it('ends a running job failed (interrupted) when the unit reboots, and reports it once back', async () => {
    const server = await serve({ chunks: 10, pauseMs: 50 });
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    jobs.start('upgrade_firmware', 'up1', server.args('V5.3.0'));
    await expect.poll(() => server.requests).toBe(1);
    unit.online = false;
    jobs.interrupt();
    expect(await settled(jobs, 'up1')).toMatchObject({ state: 'failed', reason: 'interrupted' });
    expect(unit.firmwareVersion).toBe('V5.2.0');
    expect(unit.sent.some((message) => message.state === 'failed')).toBe(false);

    unit.online = true;
    jobs.reconnected();
    await expect.poll(() => unit.of('up1').at(-1)).toMatchObject({ state: 'failed', reason: 'interrupted' });
    // Delivered: the next connection does not send it again.
    const count = unit.sent.length;
    jobs.reconnected();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unit.sent).toHaveLength(count);
  });

  it('keeps working while off the broker, and reports the end when it is back', async () => {
    const unit = new FakeUnit();
    const jobs = jobsOf(unit);
    unit.online = false;
    jobs.start('apply_config', 'c1', { config: { image: { brightness: 70 } } });
    await settled(jobs, 'c1');
    expect(unit.sent).toEqual([]);
    unit.online = true;
    jobs.reconnected();
    await expect
      .poll(() => unit.of('c1'))
      .toEqual([{ id: 'c1', state: 'completed', result: { config: { image: { brightness: 70 } } } }]);
  });
});
