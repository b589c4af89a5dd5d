/**
 * An object uploaded as the console does (issue 32): an upload token from the page's call, then the
 * object store's upload in parts — started, each part PUT to its signed URL and reported, completed.
 */
import type { PartUpload } from '@vap/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/**
 * Sends `bytes` in parts with an upload grant whose `url` starts the upload in parts; answers the
 * completion's response (200 with the stored path, or the store's refusal: 'upload hash error', …).
 */
export async function sendInParts(
  t: TestApp,
  { token, url }: { token: string; url: string },
  bytes: Buffer,
): Promise<LightMyRequestResponse> {
  const oss = { authorization: `VAP-OSS ${token}` };
  const started = await t.app.inject({ method: 'POST', url, headers: oss });
  expect(started.statusCode, started.body).toBe(200);
  const parts = started.json<PartUpload>();
  for (const part of parts.parts) {
    const slice = bytes.subarray((part.number - 1) * parts.part_size, part.number * parts.part_size);
    const put = await t.app.inject({
      method: 'PUT',
      url: part.url,
      headers: { 'content-type': 'application/octet-stream' },
      payload: slice,
    });
    expect(put.statusCode, put.body).toBe(204);
    const reported = await t.app.inject({
      method: 'POST',
      url: `${url}/${parts.id}/parts/${part.number}`,
      headers: oss,
      payload: { etag: String(put.headers.etag) },
    });
    expect(reported.statusCode, reported.body).toBe(204);
  }
  return t.app.inject({ method: 'POST', url: `${url}/${parts.id}/complete`, headers: oss });
}

/** Uploads `bytes` as object `name` through the token call at `tokenPath` (under /webapi). */
export async function uploadInParts(
  t: TestApp,
  tokenPath: string,
  name: string,
  bytes: Buffer,
  headers: Record<string, string>,
): Promise<string> {
  const granted = await t.app.inject({
    method: 'POST',
    url: `/webapi${tokenPath}`,
    headers,
    payload: { name, size: bytes.length },
  });
  expect(granted.statusCode, granted.body).toBe(200);
  const completed = await sendInParts(t, granted.json<{ token: string; url: string }>(), bytes);
  expect(completed.statusCode, completed.body).toBe(200);
  return name;
}
