/**
 * Uploads of large objects in parts, resumable (issue 32), on both object-store backends: the parts
 * go to signed URLs (this server's on the local backend, the bucket's presigned ones on S3), the
 * server records which arrived, a start after an interruption answers only the parts still to
 * send, and the assembled object is read back for the md5 of its name before it is stored. That a
 * 100 MB upload leaves the server's memory flat is measured on a server process of its own
 * (tests/integration/upload-memory.test.ts).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { FIRMWARE_MAX_BYTES, type PartUpload, UPLOAD_PART_BYTES } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, md5 } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { S3_TEST_BUCKET, S3_TEST_CREDENTIALS, startTestS3, type TestS3 } from '../../testing/s3.js';
import { LocalObjectBackend } from './local-backend.js';
import { ObjectStore } from './objects.js';
import { storedObjects } from './schema.js';

const bytesOf = async (stream: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/** Bytes that differ from part to part and from test to test. */
let seed = 0;
function contentOf(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  const start = ++seed;
  for (let i = 0; i < size; i += 4)
    bytes.writeUInt32LE((start * 2654435761 + i) >>> 0, Math.min(i, size - 4));
  return bytes;
}

describe.each(['local', 's3'] as const)('uploads in parts on the %s object store (issue 32)', (backend) => {
  let t: TestApp;
  let s3: TestS3 | undefined;
  let companyId: number;
  let store: ObjectStore;
  /** Bytes of parts PUT, for "finished parts are not sent again". */
  let sent = 0;

  beforeAll(async () => {
    if (backend === 's3') {
      s3 = await startTestS3();
      t = await createTestApp('pglite', { objectBackend: s3.backend() });
      store = new ObjectStore(t.database.db, s3.backend(), t.serverSecret);
    } else {
      t = await createTestApp('pglite');
      store = new ObjectStore(t.database.db, new LocalObjectBackend(t.dataDir), t.serverSecret);
    }
    const owner = await addAccount(t, { company: 'own' });
    companyId = owner.companyId ?? 0;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** An upload token of the object named by the md5 of `bytes` (as the kinds' token calls issue). */
  const tokenOf = (name: string, size: number) => store.issueUploadToken({ path: name, size, companyId });
  const nameOf = (bytes: Buffer) => `firmware/${companyId}_${md5(bytes)}.bin`;
  const oss = (token: string) => ({ authorization: `VAP-OSS ${token}` });

  /** An upload in parts of `size` new bytes, started: its bytes, its object's name, its token and the upload. */
  async function startedUpload(size: number) {
    const bytes = contentOf(size);
    const name = nameOf(bytes);
    const token = tokenOf(name, bytes.length);
    return { bytes, name, token, upload: await start(token) };
  }

  const cancel = (token: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/webapi/v1/pms/objects/uploads/${id}`, headers: oss(token) });

  async function start(token: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webapi/v1/pms/objects/uploads',
      headers: oss(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PartUpload>();
  }

  /** PUTs a part's bytes to its signed URL, as the browser does; answers the response's ETag. */
  async function put(url: string, bytes: Buffer): Promise<{ status: number; etag: string }> {
    sent += bytes.length;
    if (url.startsWith('/webapi/')) {
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
      return { status: response.statusCode, etag: String(response.headers.etag ?? '') };
    }
    const response = await fetch(url, { method: 'PUT', body: bytes });
    return { status: response.status, etag: response.headers.get('etag') ?? '' };
  }

  /** Starts a PUT of `bytes` to a URL, sends half of them and drops the connection. */
  const dropMidway = (url: string, bytes: Buffer) =>
    new Promise<void>((done) => {
      const put = request(url, {
        method: 'PUT',
        headers: { 'content-length': String(bytes.length) },
      });
      put.on('error', () => {});
      put.on('close', () => done());
      put.write(bytes.subarray(0, bytes.length >> 1), () => setTimeout(() => put.destroy(), 50));
    });

  const report = (token: string, id: string, number: number, etag: string) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi/v1/pms/objects/uploads/${id}/parts/${number}`,
      headers: oss(token),
      payload: { etag },
    });

  const complete = (token: string, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi/v1/pms/objects/uploads/${id}/complete`,
      headers: oss(token),
    });

  /** Sends one part to its URL and reports it, as the console's helper does. */
  async function sendPart(token: string, upload: PartUpload, number: number, bytes: Buffer) {
    const part = upload.parts.find((candidate) => candidate.number === number);
    if (!part) throw new Error(`part ${number} is not to be sent`);
    const slice = bytes.subarray((number - 1) * upload.part_size, number * upload.part_size);
    const answer = await put(part.url, slice);
    expect(answer.status).toBeLessThan(300);
    expect(answer.etag).not.toBe('');
    const reported = await report(token, upload.id, number, answer.etag);
    expect(reported.statusCode, reported.body).toBe(204);
  }

  /** What the store keeps of unfinished uploads: staging keys in the bucket, part folders on disk. */
  async function leftovers(): Promise<string[]> {
    if (s3) {
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3_TEST_CREDENTIALS,
      });
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: S3_TEST_BUCKET, Prefix: '.staging/' }),
      );
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    }
    const folder = join(t.dataDir, 'objects', '.uploads');
    return existsSync(folder) ? readdir(folder) : [];
  }

  it('resumes an interrupted upload without sending its finished parts again, and stores it under its md5 name', async () => {
    const bytes = contentOf(2 * UPLOAD_PART_BYTES + 123_457);
    const name = nameOf(bytes);
    const first = await start(tokenOf(name, bytes.length));
    expect(first).toMatchObject({ part_size: UPLOAD_PART_BYTES, part_count: 3, done: [] });
    expect(first.parts.map((part) => part.number)).toEqual([1, 2, 3]);
    await sendPart(tokenOf(name, bytes.length), first, 1, bytes);
    await sendPart(tokenOf(name, bytes.length), first, 2, bytes);
    // The connection drops during part 3: on the local store the server received only half of it.
    if (backend === 'local') {
      const cut = await put(
        first.parts[2]?.url ?? '',
        bytes.subarray(2 * UPLOAD_PART_BYTES, 2 * UPLOAD_PART_BYTES + 50_000),
      );
      expect(cut.status).toBe(400);
    } else {
      // On S3 the part goes to the bucket's presigned URL: the connection is cut half-way through it.
      await dropMidway(first.parts[2]?.url ?? '', bytes.subarray(2 * UPLOAD_PART_BYTES));
    }

    // Later, with a new token (the first may have expired): the same upload, two parts done.
    sent = 0;
    const token = tokenOf(name, bytes.length);
    const resumed = await start(token);
    expect(resumed.id).toBe(first.id);
    expect(resumed.done).toEqual([1, 2]);
    expect(resumed.parts.map((part) => part.number)).toEqual([3]);
    await sendPart(token, resumed, 3, bytes);
    expect(sent).toBe(123_457);

    const completed = await complete(token, resumed.id);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ path: name });
    expect((await bytesOf(await store.read(name))).equals(bytes)).toBe(true);
    const [row] = await t.database.db.select().from(storedObjects).where(eq(storedObjects.path, name));
    expect(row).toMatchObject({ size: bytes.length, md5: md5(bytes), companyId });
    expect(await leftovers()).toEqual([]);
    // The upload is over: its id is no longer one.
    expect((await complete(token, resumed.id)).statusCode).toBe(404);
  });

  it("refuses assembled content whose md5 is not its name's with 'upload hash error', keeping nothing", async () => {
    const bytes = contentOf(UPLOAD_PART_BYTES + 10);
    const name = `firmware/${companyId}_${md5(Buffer.from('something else'))}.bin`;
    const token = tokenOf(name, bytes.length);
    const upload = await start(token);
    await sendPart(token, upload, 1, bytes);
    await sendPart(token, upload, 2, bytes);
    const completed = await complete(token, upload.id);
    expect(completed.statusCode).toBe(400);
    expect(completed.json()).toMatchObject({ code: 'upload_hash_error' });
    expect(await store.find(name)).toBeUndefined();
    await expect(store.read(name)).rejects.toThrow();
    expect(await leftovers()).toEqual([]);
    // Starting again starts from nothing.
    expect((await start(token)).done).toEqual([]);
  });

  it('refuses to complete before every part has arrived, and keeps those that did', async () => {
    const { bytes, token, upload } = await startedUpload(UPLOAD_PART_BYTES + 99);
    await sendPart(token, upload, 2, bytes);
    const early = await complete(token, upload.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'upload_incomplete' });
    const again = await start(token);
    expect(again.done).toEqual([2]);
    await sendPart(token, again, 1, bytes);
    expect((await complete(token, upload.id)).statusCode).toBe(200);
  });

  it('forgets a cancelled upload and its parts: starting again begins from nothing', async () => {
    const { bytes, token, upload } = await startedUpload(UPLOAD_PART_BYTES + 5);
    await sendPart(token, upload, 1, bytes);
    const kept = (await leftovers()).length;
    const cancelled = await cancel(token, upload.id);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    const fresh = await start(token);
    expect(fresh.id).not.toBe(upload.id);
    expect(fresh.done).toEqual([]);
    // The cancelled upload's parts are gone; only the new one's place is kept (on S3, where the
    // parts wait in the bucket's multipart upload, the staging key appears only when assembled).
    expect((await leftovers()).length).toBe(kept);
  });

  it("lets only the token of the upload's own object report, complete or cancel it", async () => {
    const { upload } = await startedUpload(1000);
    const other = contentOf(1000);
    const stranger = tokenOf(nameOf(other), other.length);
    expect((await complete(stranger, upload.id)).statusCode).toBe(404);
    expect((await report(stranger, upload.id, 1, '"x"')).statusCode).toBe(404);
    expect((await cancel(stranger, upload.id)).statusCode).toBe(404);
    const unsigned = await t.app.inject({ method: 'POST', url: '/webapi/v1/pms/objects/uploads' });
    expect(unsigned.statusCode).toBe(401);
  });

  it("refuses an upload over its kind's largest size (firmware 100 MB)", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webapi/v1/pms/objects/uploads',
      headers: oss(tokenOf(`firmware/${companyId}_${md5('big')}.bin`, FIRMWARE_MAX_BYTES + 1)),
    });
    expect(response.statusCode).toBe(413);
  });

  if (backend === 'local') {
    it('refuses a part whose URL is forged, expired or of another part, and a part longer than its size', async () => {
      const { bytes, name, upload } = await startedUpload(UPLOAD_PART_BYTES + 64);
      const [one, two] = upload.parts;
      if (!one || !two) throw new Error('two parts');
      const forged = one.url.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect((await put(forged, bytes.subarray(0, UPLOAD_PART_BYTES))).status).toBe(401);
      // Part 2's signature on part 1's address.
      const swapped = one.url.replace(/\?.*$/, two.url.replace(/^[^?]*/, ''));
      expect((await put(swapped, bytes.subarray(0, UPLOAD_PART_BYTES))).status).toBe(401);
      const expired = one.url.replace(/e=\d+/, 'e=1000');
      expect((await put(expired, bytes.subarray(0, UPLOAD_PART_BYTES))).status).toBe(401);
      const long = await put(two.url, bytes.subarray(UPLOAD_PART_BYTES - 1));
      expect(long.status).toBe(400);
      expect((await start(tokenOf(name, bytes.length))).done).toEqual([]);
    });
  }
});
