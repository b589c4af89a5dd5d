/**
 * Sending a signed request as a third party would, and writing it as a `curl` command. The request
 * carries the signature headers and nothing of the console's session: no `Authorization` (the kernel's
 * client adds it; this is a plain `fetch`), no cookies (`credentials: 'omit'`) — so the answer is the
 * one a third party gets with the key.
 */
import { ACCESS_KEY_HEADERS } from '@vap/contracts';
import { addressOf, type BuiltRequest } from './operation-form.js';
import type { SignedHeaders } from './signing.js';

/** What came back. */
export interface Exchange {
  status: number;
  statusText: string;
  /** From sending to the whole body read, in milliseconds. */
  ms: number;
  headers: Array<[string, string]>;
  /** The body as text (pretty-printed when JSON), at most `SHOWN_BODY_CHARS`. */
  body: string;
  json: boolean;
  /** The body was longer than what is shown. */
  truncated: boolean;
  /** `{code, message}` of a refusal. */
  error: { code: string; message: string } | null;
}

/** The longest body text the page shows. */
export const SHOWN_BODY_CHARS = 2_000_000;

/** Headers a header parameter of the form may not set: the signature's and the session's. */
const RESERVED = new Set<string>([
  ...Object.values(ACCESS_KEY_HEADERS),
  'authorization',
  'cookie',
  'content-type',
]);

/** The headers sent: the form's header parameters, the content type, the language and the signature. */
export function headersOf(
  request: Pick<BuiltRequest, 'headers' | 'contentType'>,
  signed: SignedHeaders,
  language?: string,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (!RESERVED.has(name)) headers[name] = value;
  if (language) headers['accept-language'] = language;
  if (request.contentType) headers['content-type'] = request.contentType;
  return { ...headers, ...signed };
}

const isJsonType = (type: string | null) => type !== null && /\bjson\b/i.test(type);

export async function send(
  request: BuiltRequest,
  signed: SignedHeaders,
  options: { fetch?: typeof fetch; language?: string; signal?: AbortSignal } = {},
): Promise<Exchange> {
  const started = performance.now();
  const response = await (options.fetch ?? globalThis.fetch)(addressOf(request), {
    method: request.method,
    headers: headersOf(request, signed, options.language),
    body: request.body,
    credentials: 'omit',
    cache: 'no-store',
    redirect: 'manual',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const raw = await response.text();
  const ms = Math.round(performance.now() - started);
  const type = response.headers.get('content-type');
  let body = raw;
  let json = false;
  let error: Exchange['error'] = null;
  if (isJsonType(type) && raw.length <= SHOWN_BODY_CHARS) {
    try {
      const value: unknown = JSON.parse(raw);
      body = JSON.stringify(value, null, 2);
      json = true;
      if (!response.ok && typeof value === 'object' && value !== null) {
        const { code, message } = value as { code?: unknown; message?: unknown };
        if (typeof code === 'string' && typeof message === 'string') error = { code, message };
      }
    } catch {
      // Shown as the text it is.
    }
  }
  return {
    status: response.status,
    statusText: response.statusText,
    ms,
    headers: [...response.headers.entries()],
    body: body.length > SHOWN_BODY_CHARS ? body.slice(0, SHOWN_BODY_CHARS) : body,
    json,
    truncated: body.length > SHOWN_BODY_CHARS,
    error,
  };
}

/** A word for a POSIX shell: single-quoted. */
export const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The file name a `curl` of a binary body reads it from (the page offers the bytes under it). */
export const BODY_FILE = 'request-body.bin';

/** Whether the bytes are text a shell argument can carry: UTF-8 without NUL. */
function textOf(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\0') ? null : text;
  } catch {
    return null;
  }
}

/**
 * The request as a `curl` command: the address on `origin`, method, every header sent (the
 * signature, never the secret) and the body — as text when it is text, else read from `BODY_FILE`.
 */
export function curlOf(
  origin: string,
  request: BuiltRequest,
  signed: SignedHeaders,
  language?: string,
): { command: string; bodyFile: boolean } {
  const method = request.method === 'GET' ? '' : ` -X ${request.method}`;
  // One option per line: easy to read and to edit.
  const lines = [`curl -sS -i${method} ${shellQuote(new URL(addressOf(request), origin).href)}`];
  for (const [name, value] of Object.entries(headersOf(request, signed, language))) {
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  let bodyFile = false;
  if (request.body !== null) {
    const text = textOf(request.body);
    if (text !== null && !request.contentType?.startsWith('multipart/'))
      lines.push(`--data-raw ${shellQuote(text)}`);
    else {
      lines.push(`--data-binary @${BODY_FILE}`);
      bodyFile = true;
    }
  }
  return { command: lines.join(' \\\n  '), bodyFile };
}
