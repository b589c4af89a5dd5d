/**
 * Video detail (issue 32): devices with a running cloud video package upload recordings (a token
 * from `up/video`, then the object store's upload), which the caller's pages list by time, play
 * with range requests (206, 416) by signed, expiring URLs, and download with the button; another
 * company's recording, or one on a device outside the caller's groups, is not found. On the S3
 * backend the recording is kept in the bucket and its URL is the bucket's presigned one, which
 * serves the ranges itself.
 */
import { readFileSync } from 'node:fs';
import {
  type ListPage,
  OBJECT_STORE_AUTH_SCHEME,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_PER_DEVICE,
  VIDEO_PATHS,
  VIDEO_TOPIC,
  type VideoDevice,
  type VideoDownload,
  type VideoPlayback,
  type VideoRecording,
  type VideoUploadAnswer,
} from '@vap/contracts';
import type { AedesPublishPacket } from 'aedes';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../core/db/devices.js';
import { roles, users } from '../../core/db/schema.js';
import { LocalObjectBackend } from '../../core/storage/local-backend.js';
import { ObjectStore } from '../../core/storage/objects.js';
import { addAccount, addMember, md5, multipart } from '../../testing/accounts.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { startTestS3, type TestS3 } from '../../testing/s3.js';
import { suiteApp } from '../../testing/suite-app.js';
import { demoOwner } from '../../testing/test-app.js';
import { type Connection, deviceTopic } from '../mqtt/index.js';
import { until } from '../tasks/test-support.js';
import { type RecordingDevice, VIDEO_REQUESTS_IN_FLIGHT, VideoRecordings } from './recordings.js';
import { videoRecordings } from './schema.js';

const FIXTURE = readFileSync(new URL('../../../../device-sim/fixtures/video-1.mp4', import.meta.url));
const FIXTURE_MD5 = md5(FIXTURE);
const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-20T02:00:00Z');

const listParam = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** A recording's bytes sent where, and with the token, the server's answer to its request says. */
function uploadTo(t: TestApp, answer: Extract<VideoUploadAnswer, { ok: true }>, bytes: Buffer) {
  const form = multipart({ filename: answer.path, filesize: String(bytes.length) }, bytes);
  return t.app.inject({
    method: 'POST',
    url: new URL(answer.url).pathname,
    headers: {
      authorization: `${OBJECT_STORE_AUTH_SCHEME} ${answer.token}`,
      'content-type': form.contentType,
    },
    payload: form.body,
  });
}

describe.each(ENGINES)('video detail on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  /** The demo's first device holds a cloud video package; the thirteenth holds none. */
  let withVideo: RecordingDevice;
  let without: RecordingDevice;

  suiteApp(engine, async (suite) => {
    ({ t, owner, companyId } = suite);
    const own = await t.database.db
      .select({ id: devices.id, sn: devices.sn, companyId: devices.companyId })
      .from(devices)
      .where(eq(devices.companyId, companyId))
      .orderBy(asc(devices.id));
    withVideo = own[0] as RecordingDevice;
    without = own[12] as RecordingDevice;
  });

  const ask = (device: RecordingDevice, body: object) => t.services.video.recordings.request(device, body);

  /** A recording asked for and uploaded as a device does; answers its id. */
  async function record(device: RecordingDevice, start: number, bytes = FIXTURE): Promise<number> {
    const answer = await ask(device, {
      id: `r${start}`,
      start,
      end: start + 4000,
      size: bytes.length,
      md5: md5(bytes),
    });
    if (!answer?.ok) throw new Error(`refused: ${JSON.stringify(answer)}`);
    const uploaded = await upload(answer, bytes);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [row] = await t.database.db
      .select({ id: videoRecordings.id })
      .from(videoRecordings)
      .where(and(eq(videoRecordings.deviceId, device.id), eq(videoRecordings.startedAt, new Date(start))));
    return row?.id ?? -1;
  }

  const upload = (answer: Extract<VideoUploadAnswer, { ok: true }>, bytes: Buffer) =>
    uploadTo(t, answer, bytes);

  const get = (url: string, headers: Record<string, string> = owner) =>
    t.app.inject({ method: 'GET', url: url.startsWith('/webapi') ? url : `/webapi${url}`, headers });

  it('answers a device with a running cloud video package an upload token for its recording, and lists it once stored', async () => {
    const start = T0;
    const answer = await ask(withVideo, {
      id: 'a1',
      start,
      end: start + 4000,
      size: FIXTURE.length,
      md5: FIXTURE_MD5,
    });
    expect(answer).toMatchObject({ id: 'a1', ok: true, path: `recording/${companyId}_${FIXTURE_MD5}.mp4` });
    if (!answer?.ok) return;
    expect(answer.url).toMatch(/^https?:\/\/.+\/webapi\/v1\/pms\/objects\/upload$/);
    // Not listed until its object is stored.
    const before = (await get(`${VIDEO_PATHS.recordings}?size=100`)).json<ListPage<VideoRecording>>();
    expect(before.items.some((item) => item.started_at === new Date(start).toISOString())).toBe(false);
    expect((await upload(answer, FIXTURE)).statusCode).toBe(200);
    const after = (await get(`${VIDEO_PATHS.recordings}?size=100`)).json<ListPage<VideoRecording>>();
    expect(after.items).toContainEqual(
      expect.objectContaining({
        device_id: withVideo.id,
        sn: withVideo.sn,
        started_at: new Date(start).toISOString(),
        ended_at: new Date(start + 4000).toISOString(),
        duration: 4,
        size: FIXTURE.length,
        md5: FIXTURE_MD5,
      }),
    );
    const pickedAnswer = await get(`${VIDEO_PATHS.devices}?size=100`);
    expect(pickedAnswer.statusCode, pickedAnswer.body).toBe(200);
    const picked = pickedAnswer.json<ListPage<VideoDevice>>();
    expect(picked.items.find((device) => device.id === withVideo.id)?.recordings).toBeGreaterThanOrEqual(1);
    expect(picked.items.some((device) => device.id === without.id)).toBe(false);
  });

  it('refuses a device without a running cloud video package, a recording over 100 MB or longer than a day, and content that is not an MP4', async () => {
    expect(await ask(without, { id: 'n', start: T0, end: T0 + 1000, size: 10, md5: FIXTURE_MD5 })).toEqual({
      id: 'n',
      ok: false,
      error: 'no_video_package',
    });
    expect(
      await ask(withVideo, {
        id: 'big',
        start: T0,
        end: T0 + 1000,
        size: VIDEO_MAX_BYTES + 1,
        md5: FIXTURE_MD5,
      }),
    ).toEqual({ id: 'big', ok: false, error: 'bad_request' });
    expect(
      await ask(withVideo, { id: 'long', start: T0, end: T0 + 25 * HOUR, size: 10, md5: FIXTURE_MD5 }),
    ).toEqual({ id: 'long', ok: false, error: 'bad_request' });
    const script = Buffer.from('<script>alert(1)</script>'.repeat(4));
    const answer = await ask(withVideo, {
      id: 's',
      start: T0 - HOUR,
      end: T0 - HOUR + 1000,
      size: script.length,
      md5: md5(script),
    });
    if (!answer?.ok) throw new Error('refused');
    const refused = await upload(answer, script);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'upload_type_invalid' });
  });

  it(`refuses a device's recording beyond ${VIDEO_MAX_PER_DEVICE}, but takes the same recording again`, async () => {
    const [device] = await t.database.db
      .select({ id: devices.id, sn: devices.sn, companyId: devices.companyId })
      .from(devices)
      .where(eq(devices.companyId, companyId))
      .orderBy(asc(devices.id))
      .offset(1)
      .limit(1);
    if (!device) throw new Error('no device');
    await t.database.db.insert(videoRecordings).values(
      Array.from({ length: VIDEO_MAX_PER_DEVICE }, (_, i) => ({
        companyId,
        deviceId: device.id,
        path: `recording/${companyId}_${FIXTURE_MD5}.mp4`,
        startedAt: new Date(T0 - (i + 1) * 60_000),
        endedAt: new Date(T0 - (i + 1) * 60_000 + 4000),
        size: FIXTURE.length,
        md5: FIXTURE_MD5,
      })),
    );
    expect(
      await ask(device, { id: 'over', start: T0, end: T0 + 4000, size: FIXTURE.length, md5: FIXTURE_MD5 }),
    ).toEqual({
      id: 'over',
      ok: false,
      error: 'video_limit',
    });
    const again = await ask(device, {
      id: 'again',
      start: T0 - 60_000,
      end: T0 - 56_000,
      size: FIXTURE.length,
      md5: FIXTURE_MD5,
    });
    expect(again).toMatchObject({ ok: true });
  });

  it(`answers at most ${VIDEO_REQUESTS_IN_FLIGHT} requests of a device at once: a flood is dropped, not queued`, async () => {
    // Recordings never uploaded: listed by no test.
    const UNSTORED = '0'.repeat(32);
    const answered: unknown[] = [];
    const recordings = new VideoRecordings(
      t.database.db,
      new ObjectStore(t.database.db, new LocalObjectBackend(t.dataDir), t.serverSecret),
      () => 'http://devices.example',
      async (_sn, _rest, body) => {
        answered.push(body);
      },
      { warn: () => {} },
    );
    const connection = {
      identity: { kind: 'device', companyId, device: withVideo },
    } as unknown as Connection;
    for (let i = 0; i < 20; i++)
      recordings.published(connection, {
        topic: deviceTopic(withVideo.sn, 'up', VIDEO_TOPIC),
        payload: Buffer.from(
          JSON.stringify({
            id: `f${i}`,
            start: T0 + 50 * HOUR + i * 60_000,
            end: T0 + 50 * HOUR + i * 60_000 + 4000,
            size: 10,
            md5: UNSTORED,
          }),
        ),
      } as AedesPublishPacket);
    await until(() => answered.length === VIDEO_REQUESTS_IN_FLIGHT);
    await new Promise((wait) => setTimeout(wait, 200));
    expect(answered).toHaveLength(VIDEO_REQUESTS_IN_FLIGHT);
    // Answered, the device may ask again.
    recordings.published(connection, {
      topic: deviceTopic(withVideo.sn, 'up', VIDEO_TOPIC),
      payload: Buffer.from(
        JSON.stringify({
          id: 'later',
          start: T0 + 60 * HOUR,
          end: T0 + 60 * HOUR + 4000,
          size: 10,
          md5: UNSTORED,
        }),
      ),
    } as AedesPublishPacket);
    await until(() => answered.length === VIDEO_REQUESTS_IN_FLIGHT + 1);
  });

  it('filters by device and by time: recordings overlapping the range', async () => {
    const early = await record(withVideo, T0 + 10 * HOUR);
    const late = await record(withVideo, T0 + 12 * HOUR);
    const wheres = listParam([
      { k: 'device_id', o: '=', v: withVideo.id },
      {
        k: 'started_at',
        o: 'between',
        v: [new Date(T0 + 10 * HOUR + 2000).toISOString(), new Date(T0 + 11 * HOUR).toISOString()],
      },
    ]);
    const page = (await get(`${VIDEO_PATHS.recordings}?wheres=${wheres}`)).json<ListPage<VideoRecording>>();
    expect(page.items.map((item) => item.id)).toEqual([early]);
    expect(page.total).toBe(1);
    const latest = (
      await get(
        `${VIDEO_PATHS.recordings}?wheres=${listParam([{ k: 'device_id', o: '=', v: withVideo.id }])}`,
      )
    ).json<ListPage<VideoRecording>>();
    expect(latest.items[0]?.id).toBe(late);
  });

  it('plays a recording by its signed URL with range requests: 206 with Content-Range, 416 past the end, 200 whole', async () => {
    const id = await record(withVideo, T0 + 20 * HOUR);
    const playback = (await get(VIDEO_PATHS.recording(id))).json<VideoPlayback>();
    expect(playback).toMatchObject({ id, content_type: 'video/mp4' });
    expect(playback.url).toMatch(/[?&]e=\d+&s=/);
    // Signed: a browser sends no bearer.
    const whole = await t.app.inject({ method: 'GET', url: playback.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(FIXTURE)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: playback.url,
      headers: { range: 'bytes=100-1099' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${FIXTURE.length}`);
    expect(Number(part.headers['content-length'])).toBe(1000);
    expect(part.rawPayload.equals(FIXTURE.subarray(100, 1100))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: playback.url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(FIXTURE.subarray(FIXTURE.length - 10))).toBe(true);
    const open = await t.app.inject({
      method: 'GET',
      url: playback.url,
      headers: { range: `bytes=${FIXTURE.length - 5}-` },
    });
    expect(open.headers['content-range']).toBe(
      `bytes ${FIXTURE.length - 5}-${FIXTURE.length - 1}/${FIXTURE.length}`,
    );
    const past = await t.app.inject({
      method: 'GET',
      url: playback.url,
      headers: { range: `bytes=${FIXTURE.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${FIXTURE.length}`);
    // Several ranges, or a header that is no byte range, get the whole recording.
    for (const range of ['bytes=0-1,5-6', 'items=0-5']) {
      const whole = await t.app.inject({ method: 'GET', url: playback.url, headers: { range } });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.length).toBe(FIXTURE.length);
    }
    // A forged signature is no signature: the signed-out browser is refused.
    const forged = await t.app.inject({ method: 'GET', url: playback.url.replace(/s=[^&]+/, 's=forged') });
    expect(forged.statusCode).toBe(401);
  });

  it('gives the browser a URL that expires within two hours: a later expiry, or one signed 3 h ago, is refused', async () => {
    const id = await record(withVideo, T0 + 25 * HOUR);
    const playback = (await get(VIDEO_PATHS.recording(id))).json<VideoPlayback>();
    const url = new URL(playback.url, 'http://x');
    const expires = Number(url.searchParams.get('e')) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(HOUR - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(2 * HOUR);
    url.searchParams.set('e', String(expires / 1000 + 3600));
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(401);
    const path = url.pathname.replace(/^\/webapi\/v1\/pms\/objects\//, '');
    const past = new ObjectStore(
      t.database.db,
      new LocalObjectBackend(t.dataDir),
      t.serverSecret,
      () => Date.now() - 3 * HOUR,
    );
    expect((await t.app.inject({ method: 'GET', url: await past.signedUrl(path) })).statusCode).toBe(401);
  });

  it('downloads a recording as an attachment named by its device and start, with the button download', async () => {
    const id = await record(withVideo, T0 + 30 * HOUR);
    const answer = await get(VIDEO_PATHS.download(id));
    expect(answer.statusCode).toBe(200);
    const download = answer.json<VideoDownload>();
    expect(download.filename).toBe(`${withVideo.sn}_20261121-080000.mp4`);
    const file = await t.app.inject({ method: 'GET', url: download.url });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${download.filename}"`);
    expect(file.rawPayload.equals(FIXTURE)).toBe(true);
    // The page without the button plays but does not download.
    const viewer = await addMember(t, companyId, { video_detail: [] });
    const [member] = await t.database.db
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.id, viewer.userId));
    await t.database.db
      .update(roles)
      .set({ isAccessAllGroup: true })
      .where(eq(roles.id, member?.roleId ?? -1));
    expect((await get(VIDEO_PATHS.recording(id), viewer.headers)).statusCode).toBe(200);
    expect((await get(VIDEO_PATHS.download(id), viewer.headers)).statusCode).toBe(403);
  });

  it("keeps another company's recordings, and those of devices outside the caller's groups, not found", async () => {
    const id = await record(withVideo, T0 + 40 * HOUR);
    const stranger = await addAccount(t, { company: 'own' });
    expect((await get(VIDEO_PATHS.recording(id), stranger.headers)).statusCode).toBe(404);
    expect((await get(VIDEO_PATHS.download(id), stranger.headers)).statusCode).toBe(404);
    const theirs = (await get(`${VIDEO_PATHS.recordings}?size=100`, stranger.headers)).json<
      ListPage<VideoRecording>
    >();
    expect(theirs.total).toBe(0);
    expect(
      (await get(`${VIDEO_PATHS.devices}?size=100`, stranger.headers)).json<ListPage<VideoDevice>>().total,
    ).toBe(0);
    // A member whose role has no group sees none of the company's devices.
    const grouped = await addMember(t, companyId, { video_detail: ['download'] });
    expect((await get(VIDEO_PATHS.recording(id), grouped.headers)).statusCode).toBe(404);
    expect(
      (await get(`${VIDEO_PATHS.recordings}?size=100`, grouped.headers)).json<ListPage<VideoRecording>>()
        .total,
    ).toBe(0);
    // The object itself, by bearer, is its company's alone.
    const playback = (await get(VIDEO_PATHS.recording(id))).json<VideoPlayback>();
    const path = new URL(playback.url, 'http://x').pathname;
    expect((await t.app.inject({ method: 'GET', url: path, headers: stranger.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('video detail on the S3 backend', () => {
  let s3: TestS3;
  let t: TestApp;
  let owner: Record<string, string>;
  let device: RecordingDevice;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp('pglite', { objectBackend: s3.backend() });
    const demo = await demoOwner(t);
    owner = demo.headers;
    const [first] = await t.database.db
      .select({ id: devices.id, sn: devices.sn, companyId: devices.companyId })
      .from(devices)
      .where(eq(devices.companyId, demo.companyId))
      .orderBy(asc(devices.id))
      .limit(1);
    device = first as RecordingDevice;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps a device’s recording in the bucket and plays it by a presigned URL that serves range requests', async () => {
    const answer = await t.services.video.recordings.request(device, {
      id: 's3',
      start: T0,
      end: T0 + 4000,
      size: FIXTURE.length,
      md5: FIXTURE_MD5,
    });
    if (!answer?.ok) throw new Error(`refused: ${JSON.stringify(answer)}`);
    const uploaded = await uploadTo(t, answer, FIXTURE);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const page = (
      await t.app.inject({ method: 'GET', url: `/webapi${VIDEO_PATHS.recordings}`, headers: owner })
    ).json<ListPage<VideoRecording>>();
    const id = page.items[0]?.id ?? -1;
    const playback = (
      await t.app.inject({ method: 'GET', url: `/webapi${VIDEO_PATHS.recording(id)}`, headers: owner })
    ).json<VideoPlayback>();
    expect(playback.url.startsWith(s3.endpoint)).toBe(true);
    const part = await fetch(playback.url, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${FIXTURE.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(FIXTURE.subarray(100, 1100))).toBe(true);
    const download = (
      await t.app.inject({ method: 'GET', url: `/webapi${VIDEO_PATHS.download(id)}`, headers: owner })
    ).json<VideoDownload>();
    const file = await fetch(download.url);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${download.filename}"`);
    expect(Buffer.from(await file.arrayBuffer()).equals(FIXTURE)).toBe(true);
  });
});
