/**
 * Runs in jsdom on purpose: jsdom's XMLHttpRequest performs real requests, so this talks to a
 * real HTTP server on 127.0.0.1 (cross-origin from jsdom's page, hence the CORS answers).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadError, uploadWithProgress } from './upload-with-progress.js';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base = '';
const received: Received[] = [];

function cors(response: ServerResponse) {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Headers', 'authorization');
  response.setHeader('Access-Control-Allow-Methods', 'POST');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    cors(response);
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (request.url === '/slow') return; // never answers; the client aborts
      if (request.url === '/fail') {
        response.writeHead(403, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ code: 40301, message: 'token expired' }));
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ key: 'logo/1_abc.png' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function field(body: string, name: string): string | undefined {
  const match = new RegExp(
    `name="${name}"(?:; filename="[^"]*")?\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([^\\r]*)\\r\\n`,
  ).exec(body);
  return match?.[1];
}

describe('uploadWithProgress', () => {
  it('posts filename, filesize and file as multipart form data with the caller’s authorization', async () => {
    const file = new File(['hello image'], 'logo.png', { type: 'image/png' });
    const progress: number[] = [];
    const result = await uploadWithProgress({
      url: `${base}/upload`,
      file,
      fields: { filename: 'logo/1_abc.png' },
      headers: { Authorization: 'UpToken secret-token' },
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(result).toEqual({ key: 'logo/1_abc.png' });
    const request = received.at(-1);
    expect(request?.headers.authorization).toBe('UpToken secret-token');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = request?.body ?? '';
    expect(field(body, 'filename')).toBe('logo/1_abc.png');
    expect(field(body, 'filesize')).toBe(String(file.size));
    expect(field(body, 'file')).toBe('hello image');
    expect(body).toContain('filename="logo.png"');
    // The form carries the fields before the file.
    expect(body.indexOf('name="filesize"')).toBeLessThan(body.indexOf('name="file";'));

    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('defaults filename and filesize to the file’s own', async () => {
    await uploadWithProgress({ url: `${base}/upload`, file: new File(['abc'], 'a.txt') });
    const body = received.at(-1)?.body ?? '';
    expect(field(body, 'filename')).toBe('a.txt');
    expect(field(body, 'filesize')).toBe('3');
  });

  it('rejects with the server’s message and code on a non-2xx answer', async () => {
    const failure = await uploadWithProgress({ url: `${base}/fail`, file: new File(['x'], 'a.png') }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UploadError);
    expect((failure as UploadError).message).toBe('token expired');
    expect((failure as UploadError).status).toBe(403);
    expect((failure as UploadError).code).toBe(40301);
  });

  it('aborts the request when the signal fires', async () => {
    const controller = new AbortController();
    const before = received.length;
    const upload = uploadWithProgress({
      url: `${base}/slow`,
      file: new File(['x'], 'a.png'),
      signal: controller.signal,
    });
    // Abort once the server has the whole request, so the abort is not merely a race.
    await expect.poll(() => received.length).toBe(before + 1);
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects at once when the signal is already aborted', async () => {
    const before = received.length;
    await expect(
      uploadWithProgress({ url: `${base}/upload`, file: new File(['x'], 'a'), signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(received.length).toBe(before);
  });
});
