import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { userInfoSchema } from '@vap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccount,
  jpegOf,
  md5,
  multipart,
  pngOf,
  sendUpload,
  uploadGranted,
} from '../../testing/accounts.js';
import { bearer, createTestApp, type TestApp } from '../../testing/harness.js';
import { S3_TEST_BUCKET, S3_TEST_CREDENTIALS, startTestS3, type TestS3 } from '../../testing/s3.js';
import { type ObjectBackend, ObjectMissingError } from './backend.js';

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('the S3 object backend (against s3rver)', () => {
  let s3: TestS3;
  let t: TestApp;
  let keys: () => Promise<string[]>;
  /** How many bytes of an upload the backend had read, for the streaming test. */
  let tapped: { bytes: number; onBytes?: (bytes: number) => void };

  beforeAll(async () => {
    s3 = await startTestS3();
    const backend = s3.backend();
    tapped = { bytes: 0 };
    // The S3 backend, watched: how far into an upload's body it has read.
    const watched: ObjectBackend = {
      kind: backend.kind,
      stage: (path, content, size) => {
        tapped.bytes = 0;
        const tap = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            tapped.bytes += chunk.length;
            tapped.onBytes?.(tapped.bytes);
            done(null, chunk);
          },
        });
        content.on('error', (error) => tap.destroy(error));
        return backend.stage(path, content.pipe(tap), size);
      },
      read: (path, range) => backend.read(path, range),
      displayUrl: (path, signedAt, expiresAt, download) =>
        backend.displayUrl(path, signedAt, expiresAt, download),
      displayOrigin: () => backend.displayOrigin(),
      partsThroughServer: backend.partsThroughServer,
      startParts: () => backend.startParts(),
      partUrl: (upload, number, expiresAt) => backend.partUrl(upload, number, expiresAt),
      writePart: (upload, number, content, size) => backend.writePart(upload, number, content, size),
      assemble: (upload, parts, path) => backend.assemble(upload, parts, path),
      abortParts: (upload) => backend.abortParts(upload),
    };
    t = await createTestApp('pglite', { objectBackend: watched });
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3_TEST_CREDENTIALS,
    });
    keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: S3_TEST_BUCKET }))).Contents ?? []).map(
        (object) => object.Key ?? '',
      );
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  async function grant(token: string, name: string, size: number) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webapi/v1/pms/company/resources/token',
      headers: bearer(token),
      payload: { name, size },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string; url: string }>();
  }

  it('keeps an upload in the bucket under its path, nothing under DATA_DIR and no staging copy', async () => {
    const owner = await addAccount(t, { company: 'own' });
    const bytes = pngOf(12, 9);
    const name = `license/${owner.companyId}_${md5(bytes)}.png`;
    await uploadGranted(t, await grant(owner.token, name, bytes.length), name, bytes);
    expect(await keys()).toContain(name);
    expect((await keys()).filter((key) => key.startsWith('.staging/'))).toEqual([]);
    expect(existsSync(join(t.dataDir, 'objects'))).toBe(false);
    expect((await bytesOf(await s3.backend().read(name))).equals(bytes)).toBe(true);
    // A signed-in user of the company is still served it by the server itself.
    const served = await t.app.inject({
      method: 'GET',
      url: `/webapi/v1/pms/objects/${name}`,
      headers: owner.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('user info shows the logo by a URL the bucket presigned, the same within the hour, serving the image', async () => {
    const owner = await addAccount(t, { company: 'own' });
    const logo = pngOf(20, 20);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/webapi/v1/pms/company',
      headers: owner.headers,
      payload: { logo: logo.toString('base64') },
    });
    expect(put.statusCode, put.body).toBe(204);
    const userInfo = async () =>
      userInfoSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/webapi/v1/pms/user', headers: owner.headers })).json(),
      ).company?.logo ?? '';
    const url = await userInfo();
    expect(url.startsWith(`${s3.endpoint}/${S3_TEST_BUCKET}/logo/${owner.companyId}_${md5(logo)}.png?`)).toBe(
      true,
    );
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('7200');
    expect(await userInfo()).toBe(url);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(logo)).toBe(true);
  });

  it("lets the console's pages show images and play videos from the bucket (Content-Security-Policy img-src, media-src)", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/webapi/healthz' });
    expect(String(response.headers['content-security-policy'])).toContain(
      `img-src 'self' data: blob: ${s3.endpoint}`,
    );
    expect(String(response.headers['content-security-policy'])).toContain(`media-src 'self' ${s3.endpoint}`);
  });

  it('streams the file into the bucket while the body is still arriving', async () => {
    const owner = await addAccount(t, { company: 'own' });
    const image = jpegOf(3 * 1024 * 1024);
    const name = `license/${owner.companyId}_${md5(image)}.jpg`;
    const { token, url } = await grant(owner.token, name, image.length);
    const form = multipart({ filename: name, filesize: String(image.length) }, image);
    const half = Math.floor(form.body.length / 2);
    const body = new PassThrough();
    const reachedBucket = new Promise<number>((resolve) => {
      tapped.onBytes = (bytes) => {
        if (bytes >= 1024 * 1024) resolve(bytes);
      };
    });
    body.write(form.body.subarray(0, half));
    const answer = t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `VAP-OSS ${token}`, 'content-type': form.contentType },
      payload: body,
    });
    // A megabyte of the file has gone on to the bucket before the second half was even sent.
    expect(await reachedBucket).toBeLessThan(image.length);
    tapped.onBytes = undefined;
    body.end(form.body.subarray(half));
    const response = await answer;
    expect(response.statusCode, response.body).toBe(200);
    expect((await bytesOf(await s3.backend().read(name))).equals(image)).toBe(true);
  });

  it.each([
    ['a file longer than its token says', 'upload_size_mismatch', 1],
    ['content whose md5 is not the one in its name', 'upload_hash_error', 0],
  ])('refuses %s and keeps nothing in the bucket', async (_what, code, extra) => {
    const owner = await addAccount(t, { company: 'own' });
    const bytes = pngOf(7, 3);
    const name = `id_human/${owner.companyId}_${md5(extra ? bytes : Buffer.from('other'))}.png`;
    const sent = extra ? Buffer.concat([bytes, Buffer.alloc(extra)]) : bytes;
    const response = await sendUpload(
      t,
      await grant(owner.token, name, bytes.length),
      name,
      sent,
      bytes.length,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
    const left = await keys();
    expect(left).not.toContain(name);
    expect(left.filter((key) => key.startsWith('.staging/'))).toEqual([]);
  });

  it('answers a missing key as a missing object', async () => {
    await expect(s3.backend().read('logo/1_0123456789abcdef0123456789abcdef.png')).rejects.toBeInstanceOf(
      ObjectMissingError,
    );
  });

  it('keeps objects under its prefix when it has one', async () => {
    const backend = s3.backend('tenant-a/');
    const staged = await backend.stage(
      'logo/2_0123456789abcdef0123456789abcdef.png',
      Readable.from([Buffer.from('abc')]),
      3,
    );
    await staged.commit('image/png');
    expect(await keys()).toContain('tenant-a/logo/2_0123456789abcdef0123456789abcdef.png');
  });

  it('reads a range of an object, and its presigned URL serves range requests (206, 416) and downloads as an attachment', async () => {
    const backend = s3.backend();
    const video = readFileSync(new URL('../../../../device-sim/fixtures/video-1.mp4', import.meta.url));
    const name = `recording/1_${md5(video)}.mp4`;
    const staged = await backend.stage(name, Readable.from([video]), video.length);
    await staged.commit('video/mp4');
    expect(
      (await bytesOf(await backend.read(name, { start: 100, end: 1099 }))).equals(video.subarray(100, 1100)),
    ).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const url = await backend.displayUrl(name, now, now + 600);
    const part = await fetch(url, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 1100))).toBe(true);
    const past = await fetch(url, { headers: { range: `bytes=${video.length}-` } });
    expect(past.status).toBe(416);
    await past.arrayBuffer();
    const download = await fetch(await backend.displayUrl(name, now, now + 600, 'clip_1.mp4'));
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="clip_1.mp4"');
    expect(Buffer.from(await download.arrayBuffer()).equals(video)).toBe(true);
  });
});
