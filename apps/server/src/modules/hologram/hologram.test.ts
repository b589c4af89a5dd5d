/**
 * Hologram parking (issue 32; spec §2.3 hologram_parking, §5.6, §8): a scheme's file is uploaded in
 * parts (the resumable upload of the object store), read as a TAR archive and its manifest checked
 * ('file content incorrect' otherwise); the scheme is published to simulated devices over the
 * broker as jobs of the task engine — each fetches the file by its signed URL from this server,
 * checks size and md5 and reports —, one device fails, and its delivery, retried once it mends,
 * succeeds.
 */
import { createHash } from 'node:crypto';
import { encodeListParam, HOLOGRAM_PATHS, type HologramScheme, type ListPage } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { addAccount } from '../../testing/accounts.js';
import { ENGINES } from '../../testing/harness.js';
import { uploadInParts } from '../../testing/part-uploads.js';
import { schemeFile, tarOf } from '../../testing/scheme-files.js';
import { publishingFixture } from '../tasks/published-test-support.js';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe.each(ENGINES)('hologram parking schemes on %s (issue 32)', (engine) => {
  const { state, call, units, simulated, deliveryOf, settles, publishedToAll } = publishingFixture(
    engine,
    HOLOGRAM_PATHS.deliveries,
  );

  /** Uploads a scheme file through the page's token and the object store's upload in parts. */
  const upload = (bytes: Buffer, headers = state.owner, companyId = state.companyId) =>
    uploadInParts(
      state.t,
      HOLOGRAM_PATHS.fileToken,
      `hologram/${companyId}_${md5(bytes)}.tar`,
      bytes,
      headers,
    );

  async function addScheme(name: string, file: string) {
    const response = await call('POST', `${HOLOGRAM_PATHS.schemes}`, {
      name,
      site: 'North gate car park',
      file,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<HologramScheme>();
  }

  it('adds a scheme whose file went up in parts and reads as an archive with its manifest; the list shows it', async () => {
    const file = await upload(await schemeFile());
    const scheme = await addScheme('Entrance screens', file);
    expect(scheme).toMatchObject({
      name: 'Entrance screens',
      site: 'North gate car park',
      file,
      screens: 2,
      devices: { total: 0, in_progress: 0, success: 0, failed: 0 },
    });
    const wheres = encodeURIComponent(encodeListParam([{ k: 'name', o: 'like', v: 'Entrance' }]));
    const list = await call('GET', `${HOLOGRAM_PATHS.schemes}?page=1&size=10&wheres=${wheres}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<ListPage<HologramScheme>>().items.map((item) => item.id)).toContain(scheme.id);
  });

  it.each([
    [
      'bytes that are no archive',
      async () => Buffer.from('not a tar archive at all, just some text'.repeat(40)),
    ],
    ['an archive cut short', async () => (await schemeFile()).subarray(0, 1300)],
    ['an archive without manifest.json', async () => tarOf({ 'screens/a.png': 'a' })],
    [
      'a manifest naming a screen the archive lacks',
      async () =>
        tarOf({
          'manifest.json': JSON.stringify({
            format: 'vap-hologram-scheme',
            version: 1,
            screens: [{ file: 'screens/missing.png' }],
          }),
          'screens/a.png': 'a',
        }),
    ],
    ['a manifest that is not JSON', async () => tarOf({ 'manifest.json': '{"format":', 'a.png': 'a' })],
  ])("refuses %s with 'file content incorrect' and adds nothing", async (_what, bytes) => {
    const file = await upload(await bytes());
    const response = await call('POST', `${HOLOGRAM_PATHS.schemes}`, {
      name: 'Broken',
      site: 'B1',
      file,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'file_content_incorrect' });
  });

  it("refuses a scheme file never uploaded, or another company's", async () => {
    const never = `hologram/${state.companyId}_${md5(Buffer.from('never'))}.tar`;
    const missing = await call('POST', `${HOLOGRAM_PATHS.schemes}`, {
      name: 'X',
      site: 'Y',
      file: never,
    });
    expect(missing.json()).toMatchObject({ code: 'object_missing' });
    const stranger = await addAccount(state.t, { company: 'own' });
    const theirs = await upload(await schemeFile(), stranger.headers, stranger.companyId ?? 0);
    const foreign = await call('POST', `${HOLOGRAM_PATHS.schemes}`, {
      name: 'X',
      site: 'Y',
      file: theirs,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'object_missing' });
    // Nor may the company have a token for a name of another company's.
    const token = await call('POST', `${HOLOGRAM_PATHS.fileToken}`, { name: theirs, size: 100 });
    expect(token.statusCode).toBe(403);
  });

  it('publishes a scheme to three simulated devices, which fetch and check its file; the failed one, retried once it mends, shows it too', async () => {
    const bytes = await schemeFile();
    const scheme = await addScheme('Level 2', await upload(bytes));
    const failed = await publishedToAll(scheme.id);
    // The devices checked the very bytes: their md5 is the file's.
    expect(simulated(units.shows)?.schemes.get(scheme.id)).toBe(md5(bytes));
    expect(simulated(units.fails)?.schemes.has(scheme.id)).toBe(false);

    const listed = await call('GET', `${HOLOGRAM_PATHS.schemes}?page=1&size=100`);
    expect(
      listed.json<ListPage<HologramScheme>>().items.find((item) => item.id === scheme.id)?.devices,
    ).toEqual({
      total: 3,
      in_progress: 0,
      success: 2,
      failed: 1,
    });

    // Retrying a delivery that succeeded changes nothing; the failed one goes again.
    const ok = await deliveryOf(scheme.id, units.shows);
    const none = await call('POST', `${HOLOGRAM_PATHS.retry(scheme.id)}`, { ids: [ok.id] });
    expect(none.json()).toEqual({ changed: 0 });
    simulated(units.fails)?.jobs.setFailureRate(0);
    const retried = await call('POST', `${HOLOGRAM_PATHS.retry(scheme.id)}`, { ids: [failed.id] });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ changed: 1 });
    expect(await settles(scheme.id, units.fails, 'success')).toMatchObject({ attempts: 2 });
    expect(simulated(units.fails)?.schemes.get(scheme.id)).toBe(md5(bytes));
  });

  it('edits a scheme, and deletes it with its deliveries', async () => {
    const scheme = await addScheme('Old name', await upload(await schemeFile()));
    const newFile = await upload(await schemeFile());
    const edited = await call('PUT', `${HOLOGRAM_PATHS.scheme(scheme.id)}`, {
      name: 'New name',
      site: 'South car park',
      file: newFile,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'New name', site: 'South car park', file: newFile });
    const published = await call('POST', `${HOLOGRAM_PATHS.deliveries(scheme.id)}`, {
      device_ids: [units.shows.id],
    });
    expect(published.statusCode).toBe(200);
    const removed = await call('DELETE', `${HOLOGRAM_PATHS.scheme(scheme.id)}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('GET', `${HOLOGRAM_PATHS.deliveries(scheme.id)}`)).statusCode).toBe(404);
    const again = await call('DELETE', `${HOLOGRAM_PATHS.scheme(scheme.id)}`);
    expect(again.statusCode).toBe(404);
  });

  it("keeps each company's schemes its own", async () => {
    const scheme = await addScheme('Private', await upload(await schemeFile()));
    const stranger = await addAccount(state.t, { company: 'own' });
    const edit = await state.t.app.inject({
      method: 'PUT',
      url: `/webapi${HOLOGRAM_PATHS.scheme(scheme.id)}`,
      headers: stranger.headers,
      payload: { name: 'Mine', site: 'Mine', file: scheme.file },
    });
    expect(edit.statusCode).toBe(404);
    const publish = await state.t.app.inject({
      method: 'POST',
      url: `/webapi${HOLOGRAM_PATHS.deliveries(scheme.id)}`,
      headers: stranger.headers,
      payload: { device_ids: [units.shows.id] },
    });
    expect(publish.statusCode).toBe(404);
    const list = await state.t.app.inject({
      method: 'GET',
      url: `/webapi${HOLOGRAM_PATHS.schemes}?page=1&size=100`,
      headers: stranger.headers,
    });
    expect(list.json<ListPage<HologramScheme>>().items).toEqual([]);
  });
});
