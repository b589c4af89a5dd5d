/**
 * Bytes on the wire as Chromium's network stack received them, for the console benches: every
 * request of a page through the DevTools protocol, compressed body and headers included.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** Compressed the way a server would with `gzip -9`: node:zlib at level 9 (not the default 6). */
export const gzip = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const pad = (text: string, width: number) => text.padEnd(width);

export interface WireRequest {
  url: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Fetch, Image, … */
  type: string;
  /** Bytes received: compressed body and headers (CDP `encodedDataLength`). */
  encoded: number;
  /** The `content-encoding` of the answer. */
  encoding: string;
  /** gzip -9 of the decoded body, for comparison with files on disk. */
  gzip: number;
}

/** What the budgets count: the JS and CSS of a load (the page, icons and API answers apart). */
export const isCode = (request: WireRequest) => request.type === 'Script' || request.type === 'Stylesheet';
export const onWire = (requests: readonly WireRequest[]) =>
  requests.reduce((sum, request) => sum + request.encoded, 0);
export const scriptCount = (requests: readonly WireRequest[]) =>
  requests.filter((request) => request.type === 'Script').length;

/** Records every request of the page through the DevTools protocol (a fresh context: no cache). */
export async function recordWire(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, WireRequest>();
  const pending: Promise<void>[] = [];
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    requests.set(requestId, {
      url: response.url,
      type,
      encoded: 0,
      encoding: String(headers['content-encoding'] ?? ''),
      gzip: 0,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (!request) return;
    request.encoded = encodedDataLength;
    pending.push(
      cdp
        .send('Network.getResponseBody', { requestId })
        .then(({ body, base64Encoded }) => {
          request.gzip = gzip(base64Encoded ? Buffer.from(body, 'base64') : body);
        })
        .catch(() => undefined),
    );
  });
  return {
    requests: () => [...requests.values()].filter((request) => request.encoded > 0),
    settled: () => Promise.all(pending),
  };
}

/** A value next to its budget: within, or over by how much. */
export const verdict = (value: number, target: number, show: (n: number) => string) =>
  `budget ≤ ${show(target)}   ${value <= target ? 'within' : `OVER by ${show(value - target)}`}`;

const fileName = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '');

/** One line per request, the heaviest first: its file, type, bytes received and gzip -9 size. */
export const requestLines = (requests: readonly WireRequest[], indent = '      ') =>
  [...requests]
    .sort((a, b) => b.encoded - a.encoded)
    .map(
      (request) =>
        `${indent}${pad(fileName(request.url), 44)} ${pad(request.type, 11)} ${kb(request.encoded).padStart(9)} on the wire ${pad(request.encoding || 'identity', 8)} ${kb(request.gzip).padStart(9)} gzip -9`,
    );
