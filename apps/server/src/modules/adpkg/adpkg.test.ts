/**
 * Ad packages (issue 32; spec §2.3 adpkg_management, §5.6, §8): items uploaded in parts through the
 * object store; an image's size read (at most 1296×2304), a video's movie read by mp4box.js from
 * range reads (no movie → 'file content incorrect'); every §5.6 limit; the package published to
 * simulated devices over the broker as jobs of the task engine — each fetches every item by its
 * signed URL, checks size and md5 and reports —, one device fails, and its delivery, retried once it
 * mends, succeeds; deleting a published package.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  ADPKG_PATHS,
  type Adpkg,
  type AdpkgDelivery,
  type AdpkgItemForm,
  encodeListParam,
  type ListPage,
} from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { addAccount, jpegOf, pngOf } from '../../testing/accounts.js';
import { ENGINES } from '../../testing/harness.js';
import { uploadInParts } from '../../testing/part-uploads.js';
import { publishingFixture } from '../tasks/published-test-support.js';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
/** A 4-second 320×240 H.264 MP4 of the device simulator's fixtures. */
const VIDEO = readFileSync(new URL('../../../../device-sim/fixtures/video-1.mp4', import.meta.url));

describe.each(ENGINES)('ad packages on %s (issue 32)', (engine) => {
  const { state, call, units, simulated, deliveryOf, settles, publishedToAll } = publishingFixture(
    engine,
    ADPKG_PATHS.deliveries,
  );

  const upload = (
    bytes: Buffer,
    extension: 'jpg' | 'png' | 'mp4',
    headers = state.owner,
    companyId = state.companyId,
  ) =>
    uploadInParts(
      state.t,
      ADPKG_PATHS.fileToken,
      `adpkg/${companyId}_${md5(bytes)}.${extension}`,
      bytes,
      headers,
    );
  let made = 0;
  /** A fresh small PNG (other bytes each time). */
  const image = (width = 8 + (++made % 50), height = 8) => upload(pngOf(width, height), 'png');
  const imageItem = async (resource_name: string, seconds = 5): Promise<AdpkgItemForm> => ({
    type: 'image',
    file: await image(),
    resource_name,
    seconds,
  });
  const videoItem = async (resource_name: string): Promise<AdpkgItemForm> => ({
    type: 'video',
    file: await upload(VIDEO, 'mp4'),
    resource_name,
  });

  const add = (body: object) => call('POST', ADPKG_PATHS.packages, body);
  async function added(name: string, items: AdpkgItemForm[], top_share = 60) {
    const response = await add({ name, top_share, items });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Adpkg>();
  }

  it("adds a package of an image and a video that went up in parts: the image's size, the video's duration, resolution and codec read from the file", async () => {
    const pkg = await added('Lobby', [await imageItem('welcome', 8), await videoItem('promo_1')], 45);
    expect(pkg).toMatchObject({
      name: 'Lobby',
      top_share: 45,
      devices: { total: 0, in_progress: 0, success: 0, failed: 0 },
    });
    expect(pkg.items[0]).toMatchObject({ type: 'image', resource_name: 'welcome', seconds: 8, height: 8 });
    expect(pkg.items[1]).toMatchObject({
      type: 'video',
      resource_name: 'promo_1',
      seconds: null,
      width: 320,
      height: 240,
      duration_ms: 4000,
      size: VIDEO.length,
      md5: md5(VIDEO),
    });
    expect(pkg.items[1]?.codec).toMatch(/^avc1\./);
    const wheres = encodeURIComponent(encodeListParam([{ k: 'name', o: 'like', v: 'Lob' }]));
    const list = await call('GET', `${ADPKG_PATHS.packages}?page=1&size=10&wheres=${wheres}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<ListPage<Adpkg>>().items.map((item) => item.id)).toContain(pkg.id);
    expect((await call('GET', ADPKG_PATHS.package(pkg.id))).json()).toEqual(pkg);
  });

  it("refuses an mp4 in which the parser finds no movie with 'file content incorrect'", async () => {
    // An ftyp box passes the store's check of an MP4; nothing after it is a movie.
    const ftyp = VIDEO.subarray(0, VIDEO.readUInt32BE(0));
    const noMovie = Buffer.concat([ftyp, Buffer.alloc(50_000, 7)]);
    const file = await upload(noMovie, 'mp4');
    const response = await add({
      name: 'Broken',
      top_share: 50,
      items: [{ type: 'video', file, resource_name: 'v' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'file_content_incorrect' });
    // A file cut inside its movie box has none either.
    const cut = await upload(VIDEO.subarray(0, VIDEO.indexOf('moov') + 200), 'mp4');
    const cutShort = await add({
      name: 'Cut',
      top_share: 50,
      items: [{ type: 'video', file: cut, resource_name: 'v' }],
    });
    expect(cutShort.json()).toMatchObject({ code: 'file_content_incorrect' });
  });

  describe('the limits of spec §5.6', () => {
    it.each([29, 81, 55.5])('refuses a top-half share of %s', async (share) => {
      const response = await add({ name: 'Split', top_share: share, items: [await imageItem('a')] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    });
    it('takes shares of 30 and 80', async () => {
      await added('Thirty', [await imageItem('a')], 30);
      await added('Eighty', [await imageItem('a')], 80);
    });
    it.each(['has space', 'dash-ed', 'ü', 'x'.repeat(33), ''])(
      'refuses the resource name %j',
      async (name) => {
        const response = await add({ name: 'Names', top_share: 50, items: [await imageItem(name)] });
        expect(response.statusCode).toBe(400);
      },
    );
    it('takes a resource name of 32 letters, digits and underscores, and refuses the same name twice', async () => {
      await added('Long name', [await imageItem(`A_9${'z'.repeat(29)}`)]);
      const twice = await add({
        name: 'Twice',
        top_share: 50,
        items: [await imageItem('a'), await imageItem('a')],
      });
      expect(twice.statusCode).toBe(400);
    });
    it('holds at most 10 items, and at least one', async () => {
      const file = await image();
      const items = (n: number) =>
        Array.from({ length: n }, (_, index) => ({
          type: 'image',
          file,
          resource_name: `i${index}`,
          seconds: 3,
        }));
      expect((await add({ name: 'Ten', top_share: 50, items: items(10) })).statusCode).toBe(201);
      expect((await add({ name: 'Eleven', top_share: 50, items: items(11) })).statusCode).toBe(400);
      expect((await add({ name: 'None', top_share: 50, items: [] })).statusCode).toBe(400);
    });
    it('takes an image of 1296×2304 and refuses one wider or taller', async () => {
      await added('Largest', [
        { type: 'image', file: await upload(pngOf(1296, 2304), 'png'), resource_name: 'big', seconds: 5 },
      ]);
      for (const [width, height] of [
        [1297, 100],
        [100, 2305],
      ] as const) {
        const file = await upload(jpegOf(200, width, height), 'jpg');
        const response = await add({
          name: 'Too big',
          top_share: 50,
          items: [{ type: 'image', file, resource_name: 'big', seconds: 5 }],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'image_resolution_too_large' });
      }
    });
    it('gives an upload token for an image of 5M and a video of 100M, not more, and none for another type', async () => {
      const token = (name: string, size: number) =>
        call('POST', ADPKG_PATHS.fileToken, {
          name: `adpkg/${state.companyId}_${'a'.repeat(32)}.${name}`,
          size,
        });
      expect((await token('png', 5 * 1024 * 1024)).statusCode).toBe(200);
      expect((await token('jpg', 5 * 1024 * 1024 + 1)).statusCode).toBe(400);
      expect((await token('mp4', 100 * 1024 * 1024)).statusCode).toBe(200);
      expect((await token('mp4', 100 * 1024 * 1024 + 1)).statusCode).toBe(400);
      expect((await token('gif', 100)).statusCode).toBe(400);
    });
    it('refuses an image as a video, a video as an image, and a display time outside 1–3600 s', async () => {
      const png = await image();
      const mp4 = await upload(VIDEO, 'mp4');
      expect(
        (await add({ name: 'X', top_share: 50, items: [{ type: 'video', file: png, resource_name: 'a' }] }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await add({
            name: 'X',
            top_share: 50,
            items: [{ type: 'image', file: mp4, resource_name: 'a', seconds: 5 }],
          })
        ).statusCode,
      ).toBe(400);
      for (const seconds of [0, 3601])
        expect(
          (
            await add({
              name: 'X',
              top_share: 50,
              items: [{ type: 'image', file: png, resource_name: 'a', seconds }],
            })
          ).statusCode,
        ).toBe(400);
    });
  });

  it("refuses an item file never uploaded, or another company's", async () => {
    const never = `adpkg/${state.companyId}_${md5(Buffer.from('never'))}.png`;
    const missing = await add({
      name: 'X',
      top_share: 50,
      items: [{ type: 'image', file: never, resource_name: 'a', seconds: 5 }],
    });
    expect(missing.json()).toMatchObject({ code: 'object_missing' });
    const stranger = await addAccount(state.t, { company: 'own' });
    const theirs = await upload(pngOf(17, 9), 'png', stranger.headers, stranger.companyId ?? 0);
    const foreign = await add({
      name: 'X',
      top_share: 50,
      items: [{ type: 'image', file: theirs, resource_name: 'a', seconds: 5 }],
    });
    expect(foreign.json()).toMatchObject({ code: 'object_missing' });
    const token = await call('POST', ADPKG_PATHS.fileToken, { name: theirs, size: 100 });
    expect(token.statusCode).toBe(403);
  });

  it('publishes a package to three simulated devices, which fetch and check every item; the failed one, retried once it mends, shows it too', async () => {
    const pkg = await added('Level 2', [await imageItem('first', 4), await videoItem('second')]);
    const failed = await publishedToAll(pkg.id);
    // The devices checked the very bytes: their md5s are the items'.
    expect(simulated(units.shows)?.adPackages.get(pkg.id)).toEqual(pkg.items.map((item) => item.md5));
    expect(simulated(units.fails)?.adPackages.has(pkg.id)).toBe(false);
    expect((await call('GET', ADPKG_PATHS.package(pkg.id))).json<Adpkg>().devices).toEqual({
      total: 3,
      in_progress: 0,
      success: 2,
      failed: 1,
    });
    const failedOnly = encodeURIComponent(encodeListParam([{ k: 'state', o: '=', v: 'failed' }]));
    const listed = await call('GET', `${ADPKG_PATHS.deliveries(pkg.id)}?page=1&size=10&wheres=${failedOnly}`);
    expect(listed.json<ListPage<AdpkgDelivery>>().items.map((item) => item.sn)).toEqual([units.fails.sn]);

    const ok = await deliveryOf(pkg.id, units.shows);
    expect((await call('POST', ADPKG_PATHS.retry(pkg.id), { ids: [ok.id] })).json()).toEqual({ changed: 0 });
    simulated(units.fails)?.jobs.setFailureRate(0);
    const retried = await call('POST', ADPKG_PATHS.retry(pkg.id), { ids: [failed.id] });
    expect(retried.json()).toEqual({ changed: 1 });
    expect(await settles(pkg.id, units.fails, 'success')).toMatchObject({ attempts: 2 });
    expect(simulated(units.fails)?.adPackages.get(pkg.id)).toEqual(pkg.items.map((item) => item.md5));
  });

  it('edits a package, keeping what was read of items it already had, and deletes a published one with its deliveries', async () => {
    const pkg = await added('Old', [await videoItem('clip')]);
    const extra = await imageItem('still', 9);
    const edited = await call('PUT', ADPKG_PATHS.package(pkg.id), {
      name: 'New',
      top_share: 70,
      items: [extra, { type: 'video', file: pkg.items[0]?.file, resource_name: 'clip_renamed' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Adpkg>();
    expect(after).toMatchObject({ name: 'New', top_share: 70 });
    expect(after.items.map((item) => item.resource_name)).toEqual(['still', 'clip_renamed']);
    expect(after.items[1]).toMatchObject({ duration_ms: 4000, width: 320 });
    expect(
      (await call('POST', ADPKG_PATHS.deliveries(pkg.id), { device_ids: [units.shows.id] })).statusCode,
    ).toBe(200);
    expect((await call('GET', ADPKG_PATHS.package(pkg.id))).json<Adpkg>().devices.total).toBe(1);
    const removed = await call('DELETE', ADPKG_PATHS.package(pkg.id));
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('GET', ADPKG_PATHS.deliveries(pkg.id))).statusCode).toBe(404);
    expect((await call('DELETE', ADPKG_PATHS.package(pkg.id))).statusCode).toBe(404);
  });

  it("keeps each company's packages its own", async () => {
    const pkg = await added('Private', [await imageItem('a')]);
    const stranger = await addAccount(state.t, { company: 'own' });
    const as = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      state.t.app.inject({
        method,
        url: `/webapi${url}`,
        headers: stranger.headers,
        ...(payload ? { payload } : {}),
      });
    expect((await as('GET', ADPKG_PATHS.package(pkg.id))).statusCode).toBe(404);
    expect(
      (await as('POST', ADPKG_PATHS.deliveries(pkg.id), { device_ids: [units.shows.id] })).statusCode,
    ).toBe(404);
    expect(
      (await as('GET', `${ADPKG_PATHS.packages}?page=1&size=100`)).json<ListPage<Adpkg>>().items,
    ).toEqual([]);
  });
});
