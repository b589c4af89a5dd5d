/** Helpers of the company module's tests: images, multipart bodies, accounts. */
import { createHash } from 'node:crypto';
import { type MenusMap, OBJECT_STORE_AUTH_SCHEME } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { PasswordHasher } from '../core/auth/passwords.js';
import { companies, roles, users } from '../core/db/schema.js';
import { Ledger } from '../modules/finance/index.js';
import { md5Hex } from '../seed.js';
import { bearer, type TestApp } from './harness.js';

/** A real PNG of the given size (a few hundred bytes for small ones). */
export function pngOf(width = 4, height = 4): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/**
 * A JPEG's structure as readers check it: the start marker, a JFIF header and a baseline frame of
 * `width`×`height` (no scan data: nothing here paints it), padded with a comment segment up to `size`
 * bytes and closed by the end marker.
 */
export function jpegOf(size = 64, width = 16, height = 16): Buffer {
  const start = Buffer.from([0xff, 0xd8]);
  const jfif = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ]);
  const frame = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  const end = Buffer.from([0xff, 0xd9]);
  const fixed = start.length + jfif.length + frame.length + end.length;
  // A comment segment holds at most 65,533 bytes of filler: as many as `size` needs.
  const comments: Buffer[] = [];
  for (let left = Math.max(0, size - fixed); left > 4; ) {
    const length = Math.min(left - 2, 65_535);
    const segment = Buffer.alloc(length + 2, 0x11);
    segment.set([0xff, 0xfe, length >> 8, length & 0xff]);
    comments.push(segment);
    left -= segment.length;
  }
  return Buffer.concat([start, jfif, frame, ...comments, end]);
}

export const md5 = (bytes: Buffer | string) => createHash('md5').update(bytes).digest('hex');

/**
 * A multipart/form-data body as a browser's FormData sends it: the fields (for an upload, the spec's
 * filename and filesize), then the file if any.
 */
export function multipart(
  fields: Record<string, string>,
  file: Buffer | null,
  boundary = '----vap-test-boundary',
  filename = 'image.png',
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Sends `file` to the object store the way the console does with an upload grant (the token and URL
 * an upload-token call answers), declared as `name` of `size` bytes (the file's own length unless
 * given); answers the store's response.
 */
export function sendUpload(
  t: TestApp,
  grant: { token: string; url: string },
  name: string,
  file: Buffer,
  size = file.length,
) {
  const form = multipart({ filename: name, filesize: String(size) }, file);
  return t.app.inject({
    method: 'POST',
    url: grant.url,
    headers: {
      authorization: `${OBJECT_STORE_AUTH_SCHEME} ${grant.token}`,
      'content-type': form.contentType,
    },
    payload: form.body,
  });
}

/** Uploads `bytes` as `name` with an upload grant (sendUpload); expects the object store to take them. */
export async function uploadGranted(
  t: TestApp,
  grant: { token: string; url: string },
  name: string,
  bytes: Buffer,
) {
  const uploaded = await sendUpload(t, grant, name, bytes);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
}

let phoneCounter = 13_700_000_000;
/**
 * A new account (own company or none), signed in; answers its token and ids. Its role is 0 (the
 * owner) in a company unless given, and none without one.
 */
export async function addAccount(
  t: TestApp,
  options: {
    company?: 'none' | 'own' | 'demo';
    roleId?: number;
    verifyStatus?: number;
    password?: string | null;
  } = {},
) {
  const { db } = t.database;
  const phone = String(++phoneCounter);
  let companyId: number | null = null;
  if (options.company === 'own') {
    const [company] = await db
      .insert(companies)
      .values({ name: '测试科技有限公司', verifyStatus: options.verifyStatus ?? 0 })
      .returning({ id: companies.id });
    companyId = company?.id ?? null;
  } else if (options.company === 'demo') {
    const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
    companyId = company?.id ?? null;
  }
  const password = options.password === undefined ? 'account-pass' : options.password;
  const passwordHash = password === null ? null : await new PasswordHasher(1).hash(md5Hex(password));
  const [user] = await db
    .insert(users)
    .values({
      phone,
      companyId,
      roleId: companyId === null ? null : (options.roleId ?? 0),
      passwordHash,
      nickname: '测试用户',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const token = password === null ? await tokenFor(t, user.id) : await t.signIn(phone, password);
  return { phone, userId: user.id, companyId, token, headers: bearer(token) };
}

/**
 * The owner of a new company directly below `parentId` (a downstream company, spec §6), signed in;
 * `verifyStatus` as addAccount's.
 */
export async function addDownstream(t: TestApp, parentId: number, options: { verifyStatus?: number } = {}) {
  const account = await addAccount(t, { company: 'own', ...options });
  const companyId = account.companyId ?? 0;
  await t.database.db.update(companies).set({ parentId }).where(eq(companies.id, companyId));
  return { ...account, companyId };
}

/**
 * The owner of a new verified company of its own holding `fen` (paid in by bank transfer, through
 * `ledger` when the test keeps one on its own clock), signed in; no other test touches its money.
 */
export async function addOwnerWithBalance(t: TestApp, fen: number, ledger = new Ledger(t.database.db)) {
  const account = await addAccount(t, { company: 'own', verifyStatus: 2 });
  const companyId = account.companyId ?? 0;
  if (fen > 0) await ledger.post({ companyId, kind: 'bank_transfer', amount: fen, reference: 'BANK' });
  return { ...account, companyId };
}

/** The id of the user of a phone (one the seed made, or a test added). */
export async function userIdOf(t: TestApp, phone: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!row) throw new Error(`no user ${phone}`);
  return row.id;
}

let memberRoleCounter = 0;
/**
 * A new account, signed in while it had no company, then made a member of `companyId` holding a new
 * role with these menus (and no device group): what a page's permission tests call with.
 */
export async function addMember(t: TestApp, companyId: number, menus: MenusMap) {
  const [role] = await t.database.db
    .insert(roles)
    .values({ companyId, name: `成员角色${++memberRoleCounter}`, menus })
    .returning({ id: roles.id });
  const member = await addAccount(t, { company: 'none' });
  await t.database.db
    .update(users)
    .set({ companyId, roleId: role?.id ?? -1 })
    .where(eq(users.id, member.userId));
  return member;
}

async function tokenFor(t: TestApp, userId: number) {
  const { TokenService } = await import('../core/auth/tokens.js');
  return new TokenService(t.database.db, t.serverSecret, 600).issue(userId);
}
