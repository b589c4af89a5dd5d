/**
 * The device simulator's recordings reach video detail over the real path (issue 32): a unit with a
 * running cloud video package asks on `up/video`, is answered on `down/video` with an upload token,
 * posts its MP4 fixture to the object store over HTTP, and the recording is listed and plays; a unit
 * without a package is refused and uploads nothing.
 */
import { type ListPage, VIDEO_PATHS, type VideoPlayback, type VideoRecording } from '@vap/contracts';
import { type Fleet, startFleet } from '@vap/device-sim';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../core/db/devices.js';
import { boundDevices } from '../../testing/device-fixtures.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { demoOwner } from '../../testing/test-app.js';
import { until } from '../tasks/test-support.js';

describe.each(ENGINES)('recordings of simulated devices on %s', (engine) => {
  let t: TestApp;
  let fleet: Fleet | undefined;
  let owner: Record<string, string>;
  let withVideo: { id: number; sn: string };
  let without: { id: number; sn: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    // Devices reach the server at the address it listens on (no PUBLIC_URL).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = await t.services.mqtt.broker.listenTcp({
      port: 0,
      host: '127.0.0.1',
      chosen: true,
      tls: null,
    });
    const demo = await demoOwner(t);
    owner = demo.headers;
    const own = await t.database.db
      .select({ id: devices.id, sn: devices.sn })
      .from(devices)
      .where(eq(devices.companyId, demo.companyId))
      .orderBy(asc(devices.id));
    // The demo's cloud video packages are on its first six devices.
    withVideo = own[0] as { id: number; sn: string };
    without = own[12] as { id: number; sn: string };
    const bound = await boundDevices(t.database, t.serverSecret, { companyId: demo.companyId });
    const unitOf = (sn: string) => {
      const unit = bound.find((one) => one.sn === sn);
      if (!unit) throw new Error(`${sn} is not bound`);
      return { sn: unit.sn, secret: unit.secret, kind: 'ipc' as const };
    };
    fleet = startFleet({
      url: `mqtt://127.0.0.1:${port}`,
      units: [unitOf(withVideo.sn), unitOf(without.sn)],
      eventRate: 0,
      videoRecordings: 2,
    });
    await until(() => fleet?.connected() === 2, 10_000);
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  const recordingsOf = async (deviceId: number) => {
    const wheres = Buffer.from(JSON.stringify([{ k: 'device_id', o: '=', v: deviceId }])).toString('base64');
    const answer = await t.app.inject({
      method: 'GET',
      url: `/webapi${VIDEO_PATHS.recordings}?wheres=${wheres}`,
      headers: owner,
    });
    return answer.json<ListPage<VideoRecording>>();
  };

  it('uploads the recordings of a unit with a cloud video package, which then play; a unit without one uploads none', async () => {
    await until(async () => (await recordingsOf(withVideo.id)).total === 2, 15_000);
    const [sim, refused] = fleet?.devices ?? [];
    // Its last upload's answer may still be on its way to the unit.
    await until(() => sim?.recordings.done === 2);
    const page = await recordingsOf(withVideo.id);
    for (const recording of page.items) expect(recording.duration).toBe(4);
    const first = page.items[0] as VideoRecording;
    const playback = (
      await t.app.inject({ method: 'GET', url: `/webapi${VIDEO_PATHS.recording(first.id)}`, headers: owner })
    ).json<VideoPlayback>();
    const part = await t.app.inject({ method: 'GET', url: playback.url, headers: { range: 'bytes=0-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(refused?.recordings.done).toBe(0);
    expect((await recordingsOf(without.id)).total).toBe(0);
  });
});
