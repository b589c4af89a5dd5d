/**
 * The resources end to end (issue 32; spec §2.1 `/sharePage`, `/official`, §2.3 `resource_download`,
 * `resource_management`, §8, §9): the vendor's resources and a company's own listed, filtered and
 * downloaded; share links valid 1, 3 or 7 days that count their downloads, revoked, expired, forged;
 * the official page's grants; the management page behind the product flag `rsrc_mgt`.
 */
import {
  encodeListParam,
  type OfficialGrant,
  RESOURCE_LINKS_MAX,
  RESOURCE_MAX_BYTES,
  RESOURCE_PATHS,
  type Resource,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../core/db/schema.js';
import { LocalObjectBackend } from '../../core/storage/local-backend.js';
import { addAccount, addMember, md5 } from '../../testing/accounts.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { sendInParts } from '../../testing/part-uploads.js';
import { DEMO_RESOURCES, seedDemoResources } from './demo.js';
import { endOfDay } from './links.js';

const DAY_MS = 24 * 60 * 60_000;
const api = (path: string) => `/webapi${path}`;

describe.each(ENGINES)('resources (issue 32) on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let companyId: number;
  let clock = Date.now();

  const get = (path: string, auth?: string, language = 'en') =>
    t.app.inject({
      method: 'GET',
      url: api(path),
      headers: { ...(auth ? bearer(auth) : {}), 'accept-language': language },
    });
  const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, auth: string, payload?: object) =>
    t.app.inject({
      method,
      url: api(path),
      headers: { ...bearer(auth), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const list = async (auth: string, wheres: object[] = []) => {
    const query = wheres.length ? `?wheres=${encodeListParam(wheres)}` : '';
    const response = await get(`${RESOURCE_PATHS.resources}${query}`, auth);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: Resource[]; total: number }>();
  };
  const vendor = async (code: string) => {
    const demo = DEMO_RESOURCES.find((resource) => resource.code === code);
    const found = (await list(token)).items.find((item) => item.name.en === demo?.name.en);
    if (!found) throw new Error(`no ${code}`);
    return found;
  };
  const share = async (id: number, days: number, auth = token) => {
    const response = await send('POST', RESOURCE_PATHS.links(id), auth, { days });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; token: string; path: string; expires_at: string }>();
  };
  /** A skip-login grant of the official page, valid `validity` ('today', '3' or '7' days). */
  const officialGrant = async (validity: string, auth = token) => {
    const response = await send('POST', RESOURCE_PATHS.officialGrants, auth, { validity });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; token: string; path: string; expires_at: string }>();
  };
  const setRsrcMgt = (value: 0 | 1) =>
    t.database.db.update(companies).set({ rsrcMgt: value }).where(eq(companies.id, companyId));

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: () => clock });
    await seedDemoResources(t.database.db, new LocalObjectBackend(t.dataDir));
    token = await t.signIn();
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    companyId = company?.id ?? -1;
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the vendor's resources with their words in three languages, and filters them", async () => {
    const all = await list(token);
    expect(all.total).toBe(DEMO_RESOURCES.length);
    expect(all.items.every((item) => item.owner === 'vendor')).toBe(true);
    const manual = await vendor('ipc-user-manual');
    expect(manual.name).toEqual({
      'zh-CN': '网络摄像机用户手册',
      en: 'IP camera user manual',
      'zh-TW': '網路攝影機使用手冊',
    });
    expect(
      (await list(token, [{ k: 'category', o: '=', v: 'sdk' }])).items.map((item) => item.name.en),
    ).toEqual(['Open platform HTTP SDK']);
    expect((await list(token, [{ k: 'text', o: 'like', v: '手册' }])).total).toBe(1);
    expect(
      (await list(token, [{ k: 'model', o: 'like', v: 'NVR' }])).items.map((item) => item.name.en),
    ).toEqual(['Device configuration tool']);
    const refused = await get(
      `${RESOURCE_PATHS.resources}?wheres=${encodeListParam([{ k: 'category', o: '=', v: 'virus' }])}`,
      token,
    );
    expect(refused.statusCode).toBe(400);
  });

  it('downloads a resource as its file, with its name, and counts the download', async () => {
    const manual = await vendor('ipc-user-manual');
    const response = await get(RESOURCE_PATHS.file(manual.id), token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('ipc-user-manual-2.0.txt');
    expect(md5(response.rawPayload)).toBe(manual.md5);
    expect(response.rawPayload.length).toBe(manual.size);
    expect((await vendor('ipc-user-manual')).downloads).toBe(manual.downloads + 1);
    expect((await get(RESOURCE_PATHS.file(999_999), token)).statusCode).toBe(404);
  });

  it('the download and share buttons are checked against the role', async () => {
    const manual = await vendor('ipc-user-manual');
    const reader = await addMember(t, companyId, { resource_download: [] });
    const downloader = await addMember(t, companyId, { resource_download: ['download'] });
    const sharer = await addMember(t, companyId, { resource_download: ['share'] });
    expect((await list(reader.token)).total).toBe(DEMO_RESOURCES.length);
    expect((await get(RESOURCE_PATHS.file(manual.id), reader.token)).statusCode).toBe(403);
    expect((await send('POST', RESOURCE_PATHS.links(manual.id), reader.token, { days: 1 })).statusCode).toBe(
      403,
    );
    expect((await get(RESOURCE_PATHS.file(manual.id), downloader.token)).statusCode).toBe(200);
    expect(
      (await send('POST', RESOURCE_PATHS.links(manual.id), downloader.token, { days: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', RESOURCE_PATHS.officialGrants, downloader.token, { validity: 'today' })).statusCode,
    ).toBe(403);
    await share(manual.id, 1, sharer.token);
    const nobody = await addMember(t, companyId, { dashboard: [] });
    expect((await get(RESOURCE_PATHS.resources, nobody.token)).statusCode).toBe(403);
  });

  it('a share link is valid 1, 3 or 7 days (spec §9) and nothing else', async () => {
    const sdk = await vendor('http-sdk');
    for (const days of [1, 3, 7]) {
      const link = await share(sdk.id, days);
      expect(Date.parse(link.expires_at) - clock).toBeGreaterThan(days * DAY_MS - 60_000);
      expect(Date.parse(link.expires_at) - clock).toBeLessThanOrEqual(days * DAY_MS + 1000);
      expect(link.path).toBe(`/sharePage?link=${link.token}`);
    }
    for (const days of [0, 2, 30, '3']) {
      expect((await send('POST', RESOURCE_PATHS.links(sdk.id), token, { days })).statusCode).toBe(400);
    }
  });

  it('a share link opens without signing in, downloads its resource and counts it; its list shows the count', async () => {
    const tool = await vendor('device-config-tool');
    const link = await share(tool.id, 3);
    const shared = await get(`/v1/resources/shared/${link.token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<{ resource: Resource }>().resource.name.en).toBe('Device configuration tool');
    const file = await get(`/v1/resources/shared/${link.token}/file`);
    expect(file.statusCode).toBe(200);
    expect(md5(file.rawPayload)).toBe(tool.md5);
    await get(`/v1/resources/shared/${link.token}/file`);
    const links = (await get(RESOURCE_PATHS.links(tool.id), token)).json<{
      items: { id: number; downloads: number; revoked: boolean }[];
    }>();
    expect(links.items[0]).toMatchObject({ id: link.id, downloads: 2, revoked: false });
    expect((await vendor('device-config-tool')).downloads).toBe(tool.downloads + 2);
    // The token is kept only hashed: no column holds it.
    const stored = JSON.stringify(await t.database.db.execute('select * from resource_links'));
    expect(stored).not.toContain(link.token);
  });

  it("a revoked link is 'invalid link' (spec §8), and revoking another company's is 404", async () => {
    const tool = await vendor('device-config-tool');
    const link = await share(tool.id, 7);
    const other = await addAccount(t, { company: 'own', verifyStatus: 2 });
    expect((await send('DELETE', RESOURCE_PATHS.link(link.id), other.token)).statusCode).toBe(404);
    expect((await send('DELETE', RESOURCE_PATHS.link(link.id), token)).statusCode).toBe(204);
    for (const path of [`/v1/resources/shared/${link.token}`, `/v1/resources/shared/${link.token}/file`]) {
      const refused = await get(path);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'link_invalid', message: 'Invalid link' });
    }
    const zh = await get(`/v1/resources/shared/${link.token}`, undefined, 'zh-CN');
    expect(zh.json<{ message: string }>().message).toBe('无效链接');
    const listed = (await get(RESOURCE_PATHS.links(tool.id), token)).json<{
      items: { id: number; revoked: boolean }[];
    }>();
    expect(listed.items.find((item) => item.id === link.id)?.revoked).toBe(true);
  });

  it("a forged or malformed token is 'invalid link'", async () => {
    for (const forged of ['A'.repeat(43), 'not-a-token', `${'b'.repeat(42)}!`]) {
      const refused = await get(`/v1/resources/shared/${encodeURIComponent(forged)}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ code: string }>().code).toBe('link_invalid');
    }
  });

  it("a link past its days is 'link expired' (spec §8), to the page and to its file", async () => {
    const sdk = await vendor('http-sdk');
    const link = await share(sdk.id, 1);
    const started = clock;
    try {
      clock = started + DAY_MS - 1000;
      expect((await get(`/v1/resources/shared/${link.token}`)).statusCode).toBe(200);
      clock = started + DAY_MS + 1000;
      for (const path of [`/v1/resources/shared/${link.token}`, `/v1/resources/shared/${link.token}/file`]) {
        const refused = await get(path);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ code: 'link_expired', message: 'Link expired' });
      }
    } finally {
      clock = started;
    }
  });

  it('the official page lists and downloads by its grant without signing in, until midnight today (Asia/Shanghai) or 3 or 7 days', async () => {
    const today = await officialGrant('today');
    expect(Date.parse(today.expires_at)).toBe(endOfDay(clock));
    expect(new Date(endOfDay(Date.UTC(2026, 10, 29, 15, 59))).toISOString()).toBe('2026-11-29T16:00:00.000Z');
    expect(new Date(endOfDay(Date.UTC(2026, 10, 29, 16, 0))).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(today.path).toBe(`/official?grant=${today.token}`);
    const page = await get(`/v1/resources/official/${today.token}`);
    expect(page.statusCode, page.body).toBe(200);
    const listed = page.json<{ title: string; items: Resource[] }>();
    expect(listed.title).toBe('VAP 演示');
    expect(listed.items.length).toBe(DEMO_RESOURCES.length);
    const first = listed.items[0] as Resource;
    const file = await get(`/v1/resources/official/${today.token}/${first.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(md5(file.rawPayload)).toBe(first.md5);

    const week = await officialGrant('7');
    expect(Date.parse(week.expires_at) - clock).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect((await send('POST', RESOURCE_PATHS.officialGrants, token, { validity: '5' })).statusCode).toBe(
      400,
    );

    // A share link is no grant, nor a grant a share link.
    const link = await share(first.id, 1);
    expect((await get(`/v1/resources/official/${link.token}`)).json<{ code: string }>().code).toBe(
      'link_invalid',
    );
    expect((await get(`/v1/resources/shared/${today.token}`)).json<{ code: string }>().code).toBe(
      'link_invalid',
    );

    const started = clock;
    try {
      clock = endOfDay(started) + 1;
      const expired = await get(`/v1/resources/official/${today.token}`);
      expect(expired.json()).toEqual({ code: 'link_expired', message: 'Link expired' });
      expect((await get(`/v1/resources/official/${week.token}`)).statusCode).toBe(200);
    } finally {
      clock = started;
    }
  });

  it("the company's skip-login grants are listed with their downloads and revoked; a revoked grant no longer lists", async () => {
    const made = await officialGrant('3');
    const page = await get(`/v1/resources/official/${made.token}`);
    const first = page.json<{ items: Resource[] }>().items[0] as Resource;
    expect((await get(`/v1/resources/official/${made.token}/${first.id}/file`)).statusCode).toBe(200);

    const listed = await get(RESOURCE_PATHS.officialGrants, token);
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json<{ items: OfficialGrant[] }>().items;
    expect(items[0]).toEqual({
      id: made.id,
      created_at: expect.any(String),
      expires_at: expect.any(String),
      revoked: false,
      downloads: 1,
    });
    expect(items.map((item) => item.id)).toEqual(items.map((item) => item.id).sort((a, b) => b - a));
    expect(listed.body).not.toContain(made.token);

    // Only the company's own grants, and only with the share button.
    const other = await addAccount(t, { company: 'own', verifyStatus: 2 });
    expect((await get(RESOURCE_PATHS.officialGrants, other.token)).json()).toEqual({ items: [] });
    expect((await send('DELETE', RESOURCE_PATHS.officialGrant(made.id), other.token)).statusCode).toBe(404);
    const downloader = await addMember(t, companyId, { resource_download: ['download'] });
    expect((await get(RESOURCE_PATHS.officialGrants, downloader.token)).statusCode).toBe(403);
    expect((await send('DELETE', RESOURCE_PATHS.officialGrant(made.id), downloader.token)).statusCode).toBe(
      403,
    );
    // A share link is not revoked as a grant.
    const link = await share(first.id, 1);
    expect((await send('DELETE', RESOURCE_PATHS.officialGrant(link.id), token)).statusCode).toBe(404);

    expect((await send('DELETE', RESOURCE_PATHS.officialGrant(made.id), token)).statusCode).toBe(204);
    for (const path of [
      `/v1/resources/official/${made.token}`,
      `/v1/resources/official/${made.token}/${first.id}/file`,
    ]) {
      const refused = await get(path);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ code: string }>().code).toBe('link_invalid');
    }
    // Again: nothing more.
    expect((await send('DELETE', RESOURCE_PATHS.officialGrant(made.id), token)).statusCode).toBe(204);
    const after = (await get(RESOURCE_PATHS.officialGrants, token)).json<{ items: OfficialGrant[] }>();
    expect(after.items.find((item) => item.id === made.id)).toMatchObject({ revoked: true, downloads: 1 });
  });

  it(`a company keeps its newest ${RESOURCE_LINKS_MAX} grants`, async () => {
    const owner = await addAccount(t, { company: 'own', verifyStatus: 2 });
    const ids: number[] = [];
    for (let i = 0; i <= RESOURCE_LINKS_MAX; i++) {
      const made = await send('POST', RESOURCE_PATHS.officialGrants, owner.token, { validity: 'today' });
      expect(made.statusCode, made.body).toBe(201);
      ids.push(made.json<{ id: number }>().id);
    }
    const kept = (await get(RESOURCE_PATHS.officialGrants, owner.token)).json<{ items: OfficialGrant[] }>();
    expect(kept.items.map((item) => item.id)).toEqual(ids.slice(1).reverse());
    expect((await send('DELETE', RESOURCE_PATHS.officialGrant(ids[0] ?? 0), owner.token)).statusCode).toBe(
      404,
    );
  });

  it("the official page's grant reaches only its company's resources", async () => {
    const other = await addAccount(t, { company: 'own', verifyStatus: 2 });
    await t.database.db
      .update(companies)
      .set({ rsrcMgt: 0 })
      .where(eq(companies.id, other.companyId ?? -1));
    const bytes = Buffer.from('their own private notes');
    const name = `resource/${other.companyId}_${md5(bytes)}.bin`;
    const grant = (
      await send('POST', RESOURCE_PATHS.companyToken, other.token, { name, size: bytes.length })
    ).json<{ token: string; url: string }>();
    expect((await sendInParts(t, grant, bytes)).statusCode).toBe(200);
    const theirs = (
      await send('POST', RESOURCE_PATHS.company, other.token, {
        category: 'manual',
        name: 'Private notes',
        version: '1',
        path: name,
        file_name: 'notes.txt',
      })
    ).json<Resource>();
    const ours = await officialGrant('3');
    expect((await get(`/v1/resources/official/${ours.token}/${theirs.id}/file`)).statusCode).toBe(404);
    expect((await get(RESOURCE_PATHS.file(theirs.id), token)).statusCode).toBe(404);
    expect((await send('POST', RESOURCE_PATHS.links(theirs.id), token, { days: 1 })).statusCode).toBe(404);
    expect((await list(token)).items.some((item) => item.id === theirs.id)).toBe(false);
  });

  describe('the management page (rsrc_mgt)', () => {
    const bytes = Buffer.from('our own firmware release notes, version 5');
    const name = () => `resource/${companyId}_${md5(bytes)}.bin`;

    it("answers product_disabled while the company's rsrc_mgt is off (1)", async () => {
      await setRsrcMgt(1);
      try {
        for (const response of [
          await get(RESOURCE_PATHS.company, token),
          await send('POST', RESOURCE_PATHS.companyToken, token, { name: name(), size: bytes.length }),
        ]) {
          expect(response.statusCode).toBe(403);
          expect(response.json<{ code: string }>().code).toBe('product_disabled');
        }
      } finally {
        await setRsrcMgt(0);
      }
    });

    it("refuses a file over 100 MB as 'file too large' (spec §8) before it is sent", async () => {
      const big = await send('POST', RESOURCE_PATHS.companyToken, token, {
        name: name(),
        size: RESOURCE_MAX_BYTES + 1,
      });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ code: 'file_too_large', message: 'File too large' });
      const elsewhere = await send('POST', RESOURCE_PATHS.companyToken, token, {
        name: `resource/${companyId + 1000}_${md5(bytes)}.bin`,
        size: bytes.length,
      });
      expect(elsewhere.statusCode).toBe(403);
    });

    it("refuses content whose md5 is not its name's ('upload hash error', spec §7.2), and a resource of no upload", async () => {
      const wrong = `resource/${companyId}_${md5('something else')}.bin`;
      const grant = (
        await send('POST', RESOURCE_PATHS.companyToken, token, { name: wrong, size: bytes.length })
      ).json<{ token: string; url: string }>();
      const refused = await sendInParts(t, grant, bytes);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ code: string }>().code).toBe('upload_hash_error');
      const none = await send('POST', RESOURCE_PATHS.company, token, {
        category: 'other',
        name: 'Nothing',
        version: '1',
        path: wrong,
        file_name: 'nothing.bin',
      });
      expect(none.statusCode).toBe(400);
      expect(none.json<{ code: string }>().code).toBe('resource_not_uploaded');
    });

    it('uploads, lists, edits and deletes its own resources; each button is checked against the role', async () => {
      const grant = (
        await send('POST', RESOURCE_PATHS.companyToken, token, { name: name(), size: bytes.length })
      ).json<{ token: string; url: string }>();
      expect((await sendInParts(t, grant, bytes)).statusCode).toBe(200);
      const created = await send('POST', RESOURCE_PATHS.company, token, {
        category: 'firmware',
        name: 'Release notes',
        description: 'What changed',
        version: '5.0',
        models: ['IPC-300'],
        path: name(),
        file_name: '发布说明.txt',
      });
      expect(created.statusCode, created.body).toBe(201);
      const resource = created.json<Resource>();
      expect(resource).toMatchObject({ owner: 'company', size: bytes.length, md5: md5(bytes) });
      expect(resource.name).toEqual({
        'zh-CN': 'Release notes',
        en: 'Release notes',
        'zh-TW': 'Release notes',
      });
      expect(
        (await get(RESOURCE_PATHS.company, token)).json<{ items: Resource[] }>().items.map((item) => item.id),
      ).toEqual([resource.id]);
      expect((await list(token)).total).toBe(DEMO_RESOURCES.length + 1);
      const file = await get(RESOURCE_PATHS.file(resource.id), token);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(file.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('发布说明.txt')}`,
      );

      const viewer = await addMember(t, companyId, { resource_management: [] });
      const editor = await addMember(t, companyId, { resource_management: ['edit'] });
      const edit = { category: 'manual', name: 'Release notes 5', version: '5.0.1' };
      expect((await get(RESOURCE_PATHS.company, viewer.token)).statusCode).toBe(200);
      expect(
        (await send('PUT', RESOURCE_PATHS.companyResource(resource.id), viewer.token, edit)).statusCode,
      ).toBe(403);
      expect(
        (await send('POST', RESOURCE_PATHS.companyToken, editor.token, { name: name(), size: bytes.length }))
          .statusCode,
      ).toBe(403);
      expect(
        (await send('DELETE', RESOURCE_PATHS.companyResource(resource.id), editor.token)).statusCode,
      ).toBe(403);
      const edited = await send('PUT', RESOURCE_PATHS.companyResource(resource.id), editor.token, edit);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Resource>()).toMatchObject({
        category: 'manual',
        version: '5.0.1',
        name: { en: 'Release notes 5' },
      });
      // A vendor resource is no company's to edit.
      const vendorOne = await vendor('http-sdk');
      expect((await send('PUT', RESOURCE_PATHS.companyResource(vendorOne.id), token, edit)).statusCode).toBe(
        404,
      );

      const link = await share(resource.id, 1);
      expect((await send('DELETE', RESOURCE_PATHS.companyResource(resource.id), token)).statusCode).toBe(204);
      expect((await get(RESOURCE_PATHS.company, token)).json<{ total: number }>().total).toBe(0);
      expect((await get(`/v1/resources/shared/${link.token}`)).json<{ code: string }>().code).toBe(
        'link_invalid',
      );
    });
  });
});
