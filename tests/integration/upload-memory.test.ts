/**
 * "A 100 MB video uploads with the server's memory flat" (issue 32), measured on the real server
 * process, apart from this one (whose own buffers would otherwise count): a 100 MB MP4 — a small
 * H.264 movie of the device simulator's fixtures followed by a `free` box that fills it up, written
 * to disk a megabyte at a time — goes up in parts as the console sends it (two parts at a time, each
 * streamed from the file), on the local object store and on an S3-compatible one (s3rver, in this
 * process). The server's resident memory, read from /proc while the parts arrive, the object is
 * assembled and read back for its md5 and the package is made of it, must stay well below the file.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ACCOUNT_PATHS,
  ADPKG_PATHS,
  ADPKG_VIDEO_MAX_BYTES,
  type PartUpload,
  UPLOAD_PART_BYTES,
} from '@vap/contracts';
import { startTestS3, type TestS3 } from '@vap/server/testing/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, ROOT, type RunningServer, startServer, webapiCall } from '../support/server.js';

const MB = 1024 * 1024;
const SIZE = ADPKG_VIDEO_MAX_BYTES;
/** How far above its resting memory the server may go while it takes the 100 MB. */
const GROWTH_LIMIT = 40 * MB;

/** The resident memory of a process, from the system. */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for ${pid}`);
  return Number(kilobytes) * 1024;
}

/**
 * Writes a valid MP4 of `size` bytes to `path` without holding it: the fixture movie, then a `free`
 * box (which MP4 readers skip) of different bytes a megabyte at a time. Answers its md5.
 */
async function writeVideo(path: string, size: number): Promise<string> {
  const movie = await readFile(join(ROOT, 'apps/device-sim/fixtures/video-1.mp4'));
  const hash = createHash('md5');
  const out = createWriteStream(path);
  const write = (chunk: Buffer) =>
    new Promise<void>((done, fail) => {
      hash.update(chunk);
      out.write(chunk, (error) => (error ? fail(error) : done()));
    });
  await write(movie);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size - movie.length, 0);
  header.write('free', 4, 'latin1');
  await write(header);
  const block = Buffer.alloc(MB);
  for (let left = size - movie.length - 8, n = 0; left > 0; n++) {
    block.fill((n * 37) & 0xff);
    block.writeUInt32BE(n, 0);
    const chunk = block.subarray(0, Math.min(MB, left));
    await write(chunk);
    left -= chunk.length;
  }
  await new Promise<void>((done) => out.end(done));
  return hash.digest('hex');
}

/** PUTs bytes `start`..`end` (exclusive) of the file to a part URL, streamed; answers the ETag. */
function putPart(url: string, file: string, start: number, end: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const put = request(
      url,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(end - start) },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk;
        });
        response.on('end', () => {
          const etag = response.headers.etag;
          if ((response.statusCode ?? 0) < 300 && etag) resolve(etag);
          else reject(new Error(`PUT ${response.statusCode}: ${body}`));
        });
      },
    );
    put.on('error', reject);
    createReadStream(file, { start, end: end - 1 }).pipe(put);
  });
}

describe.each(['local', 's3'] as const)(
  'a 100 MB video uploaded in parts, the %s object store',
  (backend) => {
    let server: RunningServer;
    let s3: TestS3 | undefined;
    let folder: string;
    let video: string;
    let md5: string;
    let token: string;
    let companyId: number;

    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'vap-upload-memory-'));
      video = join(folder, 'video.mp4');
      md5 = await writeVideo(video, SIZE);
      if (backend === 's3') s3 = await startTestS3();
      server = await startServer({ env: s3?.env ?? {} });
      token = await apiToken(server.url);
      const info = await webapiCall(server.url, 'GET', ACCOUNT_PATHS.user, token);
      companyId = (info.body as { company: { id: number } }).company.id;
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
      await s3?.close();
      if (folder) await rm(folder, { recursive: true, force: true });
    });

    /** Uploads bytes `0..size` of `file` as the console does; answers the completion's status and body. */
    async function upload(file: string, name: string, size: number) {
      const granted = await webapiCall(server.url, 'POST', ADPKG_PATHS.fileToken, token, { name, size });
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      const { token: grant, url } = granted.body as { token: string; url: string };
      const oss = { authorization: `VAP-OSS ${grant}` };
      const started = await fetch(`${server.url}${url}`, { method: 'POST', headers: oss });
      expect(started.status).toBe(200);
      const parts = (await started.json()) as PartUpload;
      const queue = [...parts.parts];
      const worker = async () => {
        for (let part = queue.shift(); part; part = queue.shift()) {
          const start = (part.number - 1) * parts.part_size;
          const target = part.url.startsWith('/') ? `${server.url}${part.url}` : part.url;
          const etag = await putPart(target, file, start, Math.min(size, start + parts.part_size));
          const reported = await fetch(`${server.url}${url}/${parts.id}/parts/${part.number}`, {
            method: 'POST',
            headers: { ...oss, 'content-type': 'application/json' },
            body: JSON.stringify({ etag }),
          });
          expect(reported.status).toBe(204);
        }
      };
      await Promise.all([worker(), worker()]);
      const completed = await fetch(`${server.url}${url}/${parts.id}/complete`, {
        method: 'POST',
        headers: oss,
      });
      return { status: completed.status, body: (await completed.json()) as { path?: string } };
    }

    it("takes it with the server's resident memory flat, and reads it as the movie it is", async () => {
      // The same paths once on a smaller file first, so that what the server loads or grows on first
      // use is in its resting memory: two parts and a bit.
      const warm = join(folder, 'warm.mp4');
      const warmSize = 2 * UPLOAD_PART_BYTES + 4096;
      const warmMd5 = await writeVideo(warm, warmSize);
      const warmed = await upload(warm, `adpkg/${companyId}_${warmMd5}.mp4`, warmSize);
      expect(warmed.status, JSON.stringify(warmed.body)).toBe(200);

      let resting = 0;
      for (let i = 0; i < 5; i++) {
        resting = Math.max(resting, await rssOf(server.pid));
        await new Promise((wait) => setTimeout(wait, 100));
      }
      let peak = resting;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await rssOf(server.pid));
          await new Promise((wait) => setTimeout(wait, 20));
        }
      })();
      const name = `adpkg/${companyId}_${md5}.mp4`;
      try {
        const completed = await upload(video, name, SIZE);
        expect(completed.status, JSON.stringify(completed.body)).toBe(200);
        expect(completed.body.path).toBe(name);
        // The package made of it: the server reads the movie from the store by ranges.
        const made = await webapiCall(server.url, 'POST', ADPKG_PATHS.packages, token, {
          name: `Memory ${backend}`,
          top_share: 50,
          items: [{ type: 'video', file: name, resource_name: `big_${backend}` }],
        });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        expect((made.body as { items: unknown[] }).items[0]).toMatchObject({
          type: 'video',
          size: SIZE,
          md5,
          width: expect.any(Number),
          codec: expect.stringMatching(/^avc1/),
        });
      } finally {
        sampling = false;
        await sampler;
      }
      const growth = peak - resting;
      expect(growth, `resting ${Math.round(resting / MB)} MB, peak ${Math.round(peak / MB)} MB`).toBeLessThan(
        GROWTH_LIMIT,
      );
    }, 300_000);
  },
);
