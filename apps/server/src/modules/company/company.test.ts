import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { companyDetailSchema, LOGO_MAX_BYTES, userInfoSchema } from '@vap/contracts';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices } from '../../core/db/devices.js';
import { companies } from '../../core/db/schema.js';
import { LocalObjectBackend } from '../../core/storage/local-backend.js';
import { ObjectStore } from '../../core/storage/objects.js';
import { storedObjects } from '../../core/storage/schema.js';
import { DEMO_OPERATOR } from '../../seed.js';
import { addAccount, jpegOf, md5, multipart, pngOf, sendUpload } from '../../testing/accounts.js';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { blockApp } from '../../testing/suite-app.js';
import { cloudPackages } from '../cbs/schema.js';
import { companyCommands } from './ops.js';

describe.each(ENGINES)('company settings, verification and the object store on %s', (engine) => {
  let t: TestApp;
  blockApp(engine, (app) => (t = app));

  const inject = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/webapi${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const putCompany = (token: string, payload: object) => inject('PUT', '/v1/pms/company', token, payload);
  const companyOf = async (companyId: number) => {
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
    if (!row) throw new Error('no company');
    return row;
  };

  async function upload(token: string, kind: string, companyId: number, bytes = pngOf(), extension = 'png') {
    const name = `${kind}/${companyId}_${md5(bytes)}.${extension}`;
    const grant = await inject('POST', '/v1/pms/company/resources/token', token, {
      name,
      size: bytes.length,
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const { token: uploadToken, url } = grant.json<{ token: string; url: string }>();
    const response = await sendUpload(t, { token: uploadToken, url }, name, bytes);
    return { response, name, uploadToken, url };
  }

  async function threeImages(token: string, companyId: number, variant = 0) {
    const paths: Record<string, string> = {};
    for (const [field, kind] of [
      ['business_license', 'license'],
      ['id_human', 'id_human'],
      ['id_emblem', 'id_emblem'],
    ] as const) {
      const { response } = await upload(
        token,
        kind,
        companyId,
        pngOf(3 + Object.keys(paths).length, 5 + variant),
      );
      expect(response.statusCode, response.body).toBe(200);
      paths[field] = response.json().path;
    }
    return paths as { business_license: string; id_human: string; id_emblem: string };
  }

  describe('display settings (PUT /v1/pms/company title, logo)', () => {
    it('the owner sets title and logo; user info shows a logo URL that serves the image', async () => {
      const owner = await addAccount(t, { company: 'own' });
      const logo = pngOf(16, 16);
      const response = await putCompany(owner.token, { title: ' 新标题 ', logo: logo.toString('base64') });
      expect(response.statusCode, response.body).toBe(204);
      const info = userInfoSchema.parse((await inject('GET', '/v1/pms/user', owner.token)).json());
      expect(info.company?.title).toBe('新标题');
      expect(info.company?.logo).toMatch(
        /^\/webapi\/v1\/pms\/objects\/logo\/\d+_[0-9a-f]{32}\.png\?e=\d+&s=/,
      );
      // The <img> has no bearer header: the signed URL alone serves it.
      const image = await t.app.inject({ method: 'GET', url: info.company?.logo ?? '' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(logo)).toBe(true);
      expect((await companyOf(owner.companyId ?? 0)).logo).toBe(`logo/${owner.companyId}_${md5(logo)}.png`);
    });

    it('accepts a jpeg logo, and an empty logo removes it', async () => {
      const owner = await addAccount(t, { company: 'own' });
      expect((await putCompany(owner.token, { logo: jpegOf(500).toString('base64') })).statusCode).toBe(204);
      expect((await companyOf(owner.companyId ?? 0)).logo).toMatch(/\.jpg$/);
      expect((await putCompany(owner.token, { logo: '' })).statusCode).toBe(204);
      expect((await companyOf(owner.companyId ?? 0)).logo).toBe('');
    });

    it.each([
      [
        'over 1,048,576 bytes',
        () => Buffer.concat([pngOf(), Buffer.alloc(LOGO_MAX_BYTES)]).toString('base64'),
      ],
      ['not jpeg or png', () => Buffer.from('GIF89a-not-allowed').toString('base64')],
      [
        "png's magic bytes followed by a script",
        () =>
          Buffer.concat([pngOf().subarray(0, 8), Buffer.from('<script>alert(1)</script>')]).toString(
            'base64',
          ),
      ],
      [
        "jpeg's magic bytes without a frame",
        () =>
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 0x11)]).toString('base64'),
      ],
      ['with a data: prefix', () => `data:image/png;base64,${pngOf().toString('base64')}`],
      ['not base64', () => '***'],
    ])('refuses a logo %s with the logo tip, and stores nothing', async (_, logo) => {
      const owner = await addAccount(t, { company: 'own' });
      const response = await putCompany(owner.token, { title: '不应保存', logo: logo() });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('logo_invalid');
      const company = await companyOf(owner.companyId ?? 0);
      expect(company).toMatchObject({ logo: '', title: '' });
    });

    it('a logo exactly 1,048,576 bytes is accepted', async () => {
      const owner = await addAccount(t, { company: 'own' });
      const logo = Buffer.concat([pngOf(), Buffer.alloc(LOGO_MAX_BYTES - pngOf().length)]);
      expect(logo.length).toBe(LOGO_MAX_BYTES);
      expect((await putCompany(owner.token, { logo: logo.toString('base64') })).statusCode).toBe(204);
    });

    it("is the owner's only: another member gets 403 and nothing changes", async () => {
      const token = await t.signIn(DEMO_OPERATOR.phone);
      const response = await putCompany(token, { title: '改不了' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    });

    it('the owner turns the paid products on and off; user info shows them at once', async () => {
      const owner = await addAccount(t, { company: 'own' });
      expect((await putCompany(owner.token, { products: { voip: 0, lvlm_lab: 0 } })).statusCode).toBe(204);
      expect(await companyOf(owner.companyId ?? 0)).toMatchObject({
        voip: 0,
        lvlmLab: 0,
        cbs: 1,
        rsrcMgt: 1,
      });
      const info = await inject('GET', '/v1/pms/user', owner.token);
      expect(userInfoSchema.parse(info.json()).company?.products).toEqual({
        cbs: 1,
        lvlm_lab: 0,
        rsrc_mgt: 1,
        voip: 0,
      });
      expect((await putCompany(owner.token, { products: { voip: 2 } })).statusCode).toBe(400);
      expect((await putCompany(owner.token, { products: { unknown: 0 } })).statusCode).toBe(400);
    });

    it('does not turn cloud storage off while a package still runs (spec §8)', async () => {
      const owner = await addAccount(t, { company: 'own' });
      const companyId = owner.companyId ?? 0;
      await putCompany(owner.token, { products: { cbs: 0 } });
      // A device without packages (the demo's are on its first devices): the rule looks at the company's.
      const [device] = await t.database.db
        .select({ id: devices.id })
        .from(devices)
        .orderBy(desc(devices.id))
        .limit(1);
      const [running] = await t.database.db
        .insert(cloudPackages)
        .values({
          companyId,
          deviceId: device?.id ?? 0,
          service: 'cloud_backup',
          plan: 'free',
          periodStart: new Date(),
          periodEnd: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: cloudPackages.id });
      const refused = await putCompany(owner.token, { products: { cbs: 1 } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'resource_package_unused' });
      expect((await companyOf(companyId)).cbs).toBe(0);
      await t.database.db
        .update(cloudPackages)
        .set({ state: 'closed' })
        .where(eq(cloudPackages.id, running?.id ?? 0));
      expect((await putCompany(owner.token, { products: { cbs: 1 } })).statusCode).toBe(204);
    });

    it('company:products sets the flags as the operator, by the same rule', async () => {
      const owner = await addAccount(t, { company: 'own' });
      const run = (args: string[]) => opsRunner(companyCommands, () => t.database)('company:products', args);
      expect(await run([String(owner.companyId), 'cbs=0', 'voip=0'])).toMatch(/cbs=0 \(on\).*voip=0 \(on\)/);
      expect(await companyOf(owner.companyId ?? 0)).toMatchObject({ cbs: 0, voip: 0 });
      await expect(run([String(owner.companyId), 'cbs=2'])).rejects.toThrow('Usage: company:products');
      await expect(run([String(owner.companyId)])).rejects.toThrow('Usage: company:products');
      await expect(run(['999999', 'voip=1'])).rejects.toThrow('does not exist');
    });

    it('a user without a company gets 409', async () => {
      const user = await addAccount(t, { company: 'none' });
      expect((await putCompany(user.token, { title: 'x' })).statusCode).toBe(409);
    });
  });

  describe('verification (spec §4.2, §5.3)', () => {
    it('from status 0 a complete submission moves to 1; GET /v1/pms/company shows the images', async () => {
      const owner = await addAccount(t, { company: 'own', verifyStatus: 0 });
      const images = await threeImages(owner.token, owner.companyId ?? 0);
      const response = await putCompany(owner.token, { name: '认证（北京）科技有限公司', ...images });
      expect(response.statusCode, response.body).toBe(204);
      const detail = companyDetailSchema.parse((await inject('GET', '/v1/pms/company', owner.token)).json());
      expect(detail).toMatchObject({ name: '认证（北京）科技有限公司', verify_status: 1, ...images });
      const image = await t.app.inject({ method: 'GET', url: detail.id_human_url });
      expect(image.statusCode).toBe(200);
    });

    it('refuses an incomplete submission (missing image) with verify_incomplete', async () => {
      const owner = await addAccount(t, { company: 'own', verifyStatus: 3 });
      const { business_license, id_human } = await threeImages(owner.token, owner.companyId ?? 0);
      const response = await putCompany(owner.token, {
        name: '认证科技有限公司',
        business_license,
        id_human,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('verify_incomplete');
      expect((await companyOf(owner.companyId ?? 0)).verifyStatus).toBe(3);
    });

    it('refuses every change while the verification is under review (status 1)', async () => {
      const owner = await addAccount(t, { company: 'own', verifyStatus: 0 });
      const images = await threeImages(owner.token, owner.companyId ?? 0);
      expect((await putCompany(owner.token, { name: '审核中科技有限公司', ...images })).statusCode).toBe(204);
      const response = await putCompany(owner.token, { name: '改名科技有限公司' });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('verify_in_review');
      // Display settings stay editable.
      expect((await putCompany(owner.token, { title: '标题' })).statusCode).toBe(204);
    });

    it('status 2 accepts only empty fields: a filled one is locked, an empty one may be filled', async () => {
      const owner = await addAccount(t, { company: 'own', verifyStatus: 2 });
      const images = await threeImages(owner.token, owner.companyId ?? 0);
      const locked = await putCompany(owner.token, { name: '别的科技有限公司' });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().code).toBe('verify_field_locked');
      const fill = await putCompany(owner.token, { name: '测试科技有限公司', ...images });
      expect(fill.statusCode, fill.body).toBe(204);
      const company = await companyOf(owner.companyId ?? 0);
      expect(company).toMatchObject({ verifyStatus: 2, idHuman: images.id_human });
      const other = await threeImages(owner.token, owner.companyId ?? 0, 1);
      const relock = await putCompany(owner.token, { id_human: other.id_human });
      expect(relock.json().code).toBe('verify_field_locked');
    });

    it('refuses an image path that was never uploaded, or belongs to another company or folder', async () => {
      const owner = await addAccount(t, { company: 'own' });
      const stranger = await addAccount(t, { company: 'own' });
      const theirs = await threeImages(stranger.token, stranger.companyId ?? 0);
      const mine = await threeImages(owner.token, owner.companyId ?? 0);
      const cases = [
        { ...mine, business_license: theirs.business_license },
        { ...mine, id_human: mine.id_emblem.replace('id_emblem/', 'id_human/') },
        { ...mine, id_emblem: `id_emblem/${owner.companyId}_${'0'.repeat(32)}.png` },
      ];
      for (const images of cases) {
        const response = await putCompany(owner.token, { name: '测试科技有限公司', ...images });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('object_missing');
      }
      const traversal = await putCompany(owner.token, {
        name: '测试科技有限公司',
        ...mine,
        id_emblem: '../../etc/passwd',
      });
      expect(traversal.statusCode).toBe(400);
      expect((await companyOf(owner.companyId ?? 0)).verifyStatus).toBe(0);
    });

    it("verification fields are the owner's only", async () => {
      const token = await t.signIn(DEMO_OPERATOR.phone);
      expect((await putCompany(token, { name: '演示科技有限公司' })).statusCode).toBe(403);
    });
  });

  describe('upload token and upload (spec §7.2)', () => {
    it('stores the object atomically under DATA_DIR/objects and records it', async () => {
      const owner = await addAccount(t, { company: 'own' });
      const bytes = pngOf(7, 7);
      const { response, name } = await upload(owner.token, 'license', owner.companyId ?? 0, bytes);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        path: name,
        url: expect.stringContaining(`/webapi/v1/pms/objects/${name}?`),
      });
      const file = join(t.dataDir, 'objects', name);
      expect(existsSync(file)).toBe(true);
      expect(readdirSync(join(t.dataDir, 'objects', 'license')).some((entry) => entry.endsWith('.tmp'))).toBe(
        false,
      );
      const [row] = await t.database.db.select().from(storedObjects).where(eq(storedObjects.path, name));
      expect(row).toMatchObject({
        companyId: owner.companyId,
        size: bytes.length,
        md5: md5(bytes),
        contentType: 'image/png',
      });
    });

    it("answers a token and the upload URL only for a name of the caller's own company", async () => {
      const owner = await addAccount(t, { company: 'own' });
      const other = (owner.companyId ?? 0) + 1000;
      const response = await inject('POST', '/v1/pms/company/resources/token', owner.token, {
        name: `license/${other}_${'a'.repeat(32)}.png`,
        size: 10,
      });
      expect(response.statusCode).toBe(403);
    });

    it.each([
      '../license/1_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
      'license/../../1_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
      'other/1_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
      'license/1_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.gif',
      'license/1_AAAA.png',
    ])('refuses the object name %s', async (name) => {
      const owner = await addAccount(t, { company: 'own' });
      const response = await inject('POST', '/v1/pms/company/resources/token', owner.token, {
        name,
        size: 10,
      });
      expect(response.statusCode).toBe(400);
    });

    it('refuses a token for more than the kind allows (logo 1 MB, images 5 MB), and for non-owners', async () => {
      const owner = await addAccount(t, { company: 'own' });
      const id = owner.companyId ?? 0;
      const logo = await inject('POST', '/v1/pms/company/resources/token', owner.token, {
        name: `logo/${id}_${'a'.repeat(32)}.png`,
        size: LOGO_MAX_BYTES + 1,
      });
      expect(logo.statusCode).toBe(413);
      const image = await inject('POST', '/v1/pms/company/resources/token', owner.token, {
        name: `license/${id}_${'a'.repeat(32)}.png`,
        size: 5 * 1024 * 1024 + 1,
      });
      expect(image.statusCode).toBe(400);
      const member = await addAccount(t, { company: 'demo', roleId: 5 });
      const refused = await inject('POST', '/v1/pms/company/resources/token', member.token, {
        name: `license/${member.companyId}_${'a'.repeat(32)}.png`,
        size: 10,
      });
      expect(refused.statusCode).toBe(403);
    });

    async function tryUpload(
      headers: Record<string, string>,
      fields: Record<string, string>,
      file: Buffer | null,
      url = '/webapi/v1/pms/objects/upload',
    ) {
      const form = multipart(fields, file);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': form.contentType, ...headers },
        payload: form.body,
      });
    }

    async function granted(bytes = pngOf(9, 9), declared = bytes.length, hashOf = bytes) {
      const owner = await addAccount(t, { company: 'own' });
      const name = `id_human/${owner.companyId}_${md5(hashOf)}.png`;
      const grant = await inject('POST', '/v1/pms/company/resources/token', owner.token, {
        name,
        size: declared,
      });
      const { token, url } = grant.json<{ token: string; url: string }>();
      return { owner, name, token, url, bytes };
    }

    const nothingStored = async (name: string) => {
      expect(existsSync(join(t.dataDir, 'objects', name))).toBe(false);
      expect(
        await t.database.db.select().from(storedObjects).where(eq(storedObjects.path, name)),
      ).toHaveLength(0);
    };

    it('refuses an upload without a token, with a forged one, or with another scheme', async () => {
      const { name, token, bytes } = await granted();
      const fields = { filename: name, filesize: String(bytes.length) };
      expect((await tryUpload({}, fields, bytes)).statusCode).toBe(401);
      expect((await tryUpload({ authorization: `Bearer ${token}` }, fields, bytes)).statusCode).toBe(401);
      const [payload = ''] = token.split('.');
      const forged = `${Buffer.from(JSON.stringify({ p: name, s: 99999, c: 1, e: 9e9 })).toString('base64url')}.${token.split('.')[1]}`;
      expect((await tryUpload({ authorization: `VAP-OSS ${forged}` }, fields, bytes)).statusCode).toBe(401);
      expect((await tryUpload({ authorization: `VAP-OSS ${payload}.AAAA` }, fields, bytes)).json().code).toBe(
        'upload_token_invalid',
      );
      await nothingStored(name);
    });

    it('refuses an expired token', async () => {
      const { owner, name, url, bytes } = await granted();
      const past = new ObjectStore(
        t.database.db,
        new LocalObjectBackend(t.dataDir),
        t.serverSecret,
        () => Date.now() - 11 * 60 * 1000,
      );
      const expired = past.issueUploadToken({
        path: name,
        size: bytes.length,
        companyId: owner.companyId ?? 0,
      });
      const response = await sendUpload(t, { token: expired, url }, name, bytes);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('upload_token_invalid');
      await nothingStored(name);
    });

    it('refuses a token signed with another secret', async () => {
      const { owner, name, bytes } = await granted();
      const stranger = new ObjectStore(t.database.db, new LocalObjectBackend(t.dataDir), 'x'.repeat(64));
      const token = stranger.issueUploadToken({
        path: name,
        size: bytes.length,
        companyId: owner.companyId ?? 0,
      });
      const fields = { filename: name, filesize: String(bytes.length) };
      expect((await tryUpload({ authorization: `VAP-OSS ${token}` }, fields, bytes)).statusCode).toBe(401);
    });

    it("refuses a declared size or a real size other than the token's", async () => {
      const { name, token, bytes } = await granted();
      const auth = { authorization: `VAP-OSS ${token}` };
      const declared = await tryUpload(auth, { filename: name, filesize: String(bytes.length + 1) }, bytes);
      expect(declared.statusCode).toBe(400);
      expect(declared.json().code).toBe('upload_size_mismatch');
      const longer = Buffer.concat([bytes, Buffer.from('x')]);
      const real = await tryUpload(auth, { filename: name, filesize: String(bytes.length) }, longer);
      expect(real.json().code).toBe('upload_size_mismatch');
      await nothingStored(name);
    });

    it('refuses content whose md5 is not the one in its name: upload hash error', async () => {
      const bytes = pngOf(9, 2);
      // The token is for a name carrying another content's md5, of the same size.
      const { name, token } = await granted(bytes, bytes.length, Buffer.from('other content'));
      const response = await tryUpload(
        { authorization: `VAP-OSS ${token}`, 'accept-language': 'en' },
        { filename: name, filesize: String(bytes.length) },
        bytes,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'upload_hash_error',
        message: 'Upload hash error: the file content does not match its name',
      });
      await nothingStored(name);
    });

    it("refuses a file name other than the token's, and content that is no jpeg or png", async () => {
      const { name, token, bytes } = await granted();
      const auth = { authorization: `VAP-OSS ${token}` };
      const renamed = await tryUpload(
        auth,
        { filename: name.replace('id_human', 'license'), filesize: String(bytes.length) },
        bytes,
      );
      expect(renamed.statusCode).toBe(401);
      const gif = Buffer.from('GIF89a-pretending');
      const fake = await granted(gif);
      const response = await sendUpload(t, fake, fake.name, gif);
      expect(response.json().code).toBe('upload_type_invalid');
      await nothingStored(fake.name);
      // The first bytes of a png are not enough: its header must read as an image.
      const script = Buffer.concat([pngOf().subarray(0, 8), Buffer.from('<script>alert(1)</script>')]);
      const disguised = await granted(script);
      const refused = await sendUpload(t, disguised, disguised.name, script);
      expect(refused.json().code).toBe('upload_type_invalid');
      await nothingStored(disguised.name);
    });

    it('refuses malformed multipart bodies and other content types with 4xx', async () => {
      const { name, token, bytes } = await granted();
      const auth = { authorization: `VAP-OSS ${token}` };
      const missingFile = await tryUpload(auth, { filename: name, filesize: String(bytes.length) }, null);
      expect(missingFile.statusCode).toBe(400);
      const truncated = multipart({ filename: name, filesize: String(bytes.length) }, bytes);
      const cut = await t.app.inject({
        method: 'POST',
        url: '/webapi/v1/pms/objects/upload',
        headers: { ...auth, 'content-type': truncated.contentType },
        payload: truncated.body.subarray(0, truncated.body.length - 30),
      });
      expect(cut.statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: '/webapi/v1/pms/objects/upload',
        headers: auth,
        payload: { filename: name },
      });
      expect(json.statusCode).toBe(415);
      await nothingStored(name);
    });

    it('refuses a body over the upload limit with 413', async () => {
      const grant = await granted();
      const huge = Buffer.alloc(5 * 1024 * 1024 + 100 * 1024);
      const response = await sendUpload(t, grant, grant.name, huge);
      expect(response.statusCode).toBe(413);
      await nothingStored(grant.name);
    });
  });

  describe('GET /webapi/v1/pms/objects/{path}', () => {
    it('serves an object to a signed-in user of its company, not to another company, not anonymously', async () => {
      const owner = await addAccount(t, { company: 'own' });
      const { response, name } = await upload(owner.token, 'license', owner.companyId ?? 0);
      expect(response.statusCode).toBe(200);
      const url = `/webapi/v1/pms/objects/${name}`;
      expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).statusCode).toBe(200);
      const stranger = await addAccount(t, { company: 'own' });
      expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });

    it('refuses a signed URL with a changed path, signature or expiry', async () => {
      const owner = await addAccount(t, { company: 'own' });
      const { response } = await upload(owner.token, 'license', owner.companyId ?? 0);
      const signed = new URL(response.json().url, 'http://x');
      const e = signed.searchParams.get('e') ?? '';
      const s = signed.searchParams.get('s') ?? '';
      const ok = await t.app.inject({ method: 'GET', url: `${signed.pathname}?e=${e}&s=${s}` });
      expect(ok.statusCode).toBe(200);
      const badSignature = await t.app.inject({
        method: 'GET',
        url: `${signed.pathname}?e=${e}&s=${s.replace(/^./, s[0] === 'A' ? 'B' : 'A')}`,
      });
      expect(badSignature.statusCode).toBe(401);
      const laterExpiry = await t.app.inject({
        method: 'GET',
        url: `${signed.pathname}?e=${Number(e) + 3600}&s=${s}`,
      });
      expect(laterExpiry.statusCode).toBe(401);
      const past = new ObjectStore(
        t.database.db,
        new LocalObjectBackend(t.dataDir),
        t.serverSecret,
        () => Date.now() - 3 * 3600 * 1000,
      );
      const expired = await t.app.inject({ method: 'GET', url: await past.signedUrl(response.json().path) });
      expect(expired.statusCode).toBe(401);
    });

    it('answers 404 for unknown and traversal paths', async () => {
      const owner = await addAccount(t, { company: 'own' });
      for (const path of [
        `license/${owner.companyId}_${'b'.repeat(32)}.png`,
        '..%2F..%2Fpglite',
        'license/%2E%2E/x.png',
      ]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/webapi/v1/pms/objects/${path}`,
          headers: owner.headers,
        });
        expect(response.statusCode, path).toBe(404);
      }
    });
  });
});
