/**
 * Signing a request with an access key in the browser (docs/open-api.md): HMAC-SHA256 of the
 * contracts' string to sign, keyed with the secret the user typed, and SHA-256 of the body bytes —
 * both with WebCrypto, so the secret never leaves the page.
 */
import { ACCESS_KEY_HEADERS, accessKeySecretPattern, stringToSign } from '@vap/contracts';
import type { BuiltRequest } from './operation-form.js';

export type SignedHeaders = Record<(typeof ACCESS_KEY_HEADERS)[keyof typeof ACCESS_KEY_HEADERS], string>;

const encoder = new TextEncoder();
const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** WebCrypto's subtle API; absent outside a secure context (plain http but for localhost). */
export function subtleCrypto(): SubtleCrypto | null {
  return globalThis.crypto?.subtle ?? null;
}

/** Whether a typed secret can be a key's: 32 letters and digits. */
export const isSecret = (secret: string) => accessKeySecretPattern.test(secret);

/** A new nonce: 32 hex digits of randomness. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Lower-case hex SHA-256 of the bytes. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const subtle = subtleCrypto();
  if (!subtle) throw new Error('WebCrypto is not available');
  return hex(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** Lower-case hex HMAC-SHA256 of the text keyed with the secret. */
export async function hmacHex(secret: string, text: string): Promise<string> {
  const subtle = subtleCrypto();
  if (!subtle) throw new Error('WebCrypto is not available');
  const key = await subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await subtle.sign('HMAC', key, encoder.encode(text)));
}

export interface SignOptions {
  /** Milliseconds since the epoch; now when absent. */
  now?: number;
  nonce?: string;
}

/** The four headers that sign the request with the key. */
export async function signRequest(
  request: Pick<BuiltRequest, 'method' | 'path' | 'query' | 'body'>,
  key: { id: string; secret: string },
  options: SignOptions = {},
): Promise<SignedHeaders> {
  const timestamp = String(Math.floor((options.now ?? Date.now()) / 1000));
  const nonce = options.nonce ?? newNonce();
  const toSign = stringToSign({
    method: request.method,
    path: request.path,
    query: request.query,
    timestamp,
    nonce,
    bodySha256: await sha256Hex(request.body ?? new Uint8Array()),
  });
  return {
    [ACCESS_KEY_HEADERS.keyId]: key.id,
    [ACCESS_KEY_HEADERS.timestamp]: timestamp,
    [ACCESS_KEY_HEADERS.nonce]: nonce,
    [ACCESS_KEY_HEADERS.signature]: await hmacHex(key.secret, toSign),
  };
}
