// @vitest-environment node
import { createHash, createHmac } from 'node:crypto';
import { ACCESS_KEY_HEADERS, stringToSign } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { curlOf, headersOf, shellQuote } from './exchange.js';
import type { BuiltRequest } from './operation-form.js';
import { isSecret, newNonce, signRequest } from './signing.js';

const key = { id: 'Ab3Cd4Ef5Gh6Ij7K', secret: `${'S'.repeat(16)}ecret0123456789x` };
const encoder = new TextEncoder();

/** What the server checks (modules/access-keys/open-api.ts): node:crypto over the contracts' string to sign. */
function serverSignature(
  request: Pick<BuiltRequest, 'method' | 'path' | 'query' | 'body'>,
  headers: Record<string, string>,
) {
  return createHmac('sha256', key.secret)
    .update(
      stringToSign({
        method: request.method,
        path: request.path,
        query: request.query,
        timestamp: headers[ACCESS_KEY_HEADERS.timestamp] ?? '',
        nonce: headers[ACCESS_KEY_HEADERS.nonce] ?? '',
        bodySha256: createHash('sha256')
          .update(request.body ?? new Uint8Array())
          .digest('hex'),
      }),
    )
    .digest('hex');
}

const request = (partial: Partial<BuiltRequest> = {}): BuiltRequest => ({
  method: 'GET',
  path: '/webapi/v1/pms/company/users',
  query: 'size=10&page=1',
  body: null,
  contentType: null,
  headers: {},
  ...partial,
});

describe('signing in the browser (WebCrypto)', () => {
  it("signs as the server verifies: HMAC-SHA256 of the contracts' string to sign, SHA-256 of the body bytes", async () => {
    for (const sent of [
      request(),
      request({ query: "q=it's (me)&a=%21" }),
      request({
        method: 'PATCH',
        path: '/webapi/v1/dms/company/devices/42',
        query: '',
        body: encoder.encode('{"name":"门口 1"}'),
        contentType: 'application/json',
      }),
      request({
        method: 'POST',
        query: '',
        body: new Uint8Array([0, 255, 13, 10]),
        contentType: 'image/png',
      }),
    ]) {
      const headers = await signRequest(sent, key, { now: 1_700_000_000_999 });
      expect(headers[ACCESS_KEY_HEADERS.keyId]).toBe(key.id);
      expect(headers[ACCESS_KEY_HEADERS.timestamp]).toBe('1700000000');
      expect(headers[ACCESS_KEY_HEADERS.signature]).toMatch(/^[0-9a-f]{64}$/);
      expect(headers[ACCESS_KEY_HEADERS.signature]).toBe(serverSignature(sent, headers));
    }
  });

  it('uses a new nonce of the form the server takes for every request', async () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const [a, b] = await Promise.all([signRequest(request(), key), signRequest(request(), key)]);
    expect(a[ACCESS_KEY_HEADERS.nonce]).not.toBe(b?.[ACCESS_KEY_HEADERS.nonce]);
  });

  it('takes as a secret only 32 letters and digits', () => {
    expect(isSecret(key.secret)).toBe(true);
    for (const bad of ['', 'short', `${key.secret}x`, `${key.secret.slice(1)}-`])
      expect(isSecret(bad)).toBe(false);
  });
});

describe('the request as curl', () => {
  it('quotes a word for the shell, single quotes included', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it('has the address, method, every header sent with the signature and the body — never the secret', async () => {
    const sent = request({
      method: 'PATCH',
      path: '/webapi/v1/dms/company/devices/42',
      query: 'x=1',
      body: encoder.encode(`{"name":"Bob's gate"}`),
      contentType: 'application/json',
    });
    const signed = await signRequest(sent, key);
    const { command, bodyFile } = curlOf('https://console.example.com', sent, signed, 'en');
    expect(bodyFile).toBe(false);
    expect(command).toBe(
      [
        "curl -sS -i -X PATCH 'https://console.example.com/webapi/v1/dms/company/devices/42?x=1'",
        "-H 'accept-language: en'",
        "-H 'content-type: application/json'",
        `-H 'x-vap-key-id: ${key.id}'`,
        `-H 'x-vap-timestamp: ${signed['x-vap-timestamp']}'`,
        `-H 'x-vap-nonce: ${signed['x-vap-nonce']}'`,
        `-H 'x-vap-signature: ${signed['x-vap-signature']}'`,
        `--data-raw '{"name":"Bob'\\''s gate"}'`,
      ].join(' \\\n  '),
    );
    expect(command).not.toContain(key.secret);
  });

  it('leaves out -X for GET, and reads a binary or multipart body from a file', async () => {
    const get = await signRequest(request(), key);
    expect(curlOf('http://127.0.0.1:3000', request(), get).command).toMatch(
      /^curl -sS -i 'http:\/\/127\.0\.0\.1:3000\/webapi\/v1\/pms\/company\/users\?size=10&page=1' \\\n/,
    );
    const binary = request({ method: 'POST', body: new Uint8Array([0xff, 0xfe]), contentType: 'image/png' });
    const made = curlOf('http://h', binary, await signRequest(binary, key));
    expect(made.bodyFile).toBe(true);
    expect(made.command).toMatch(/--data-binary @request-body\.bin$/);
  });

  it('never lets a header parameter of the form replace the signature, the session or the content type', () => {
    const signed = {
      'x-vap-key-id': key.id,
      'x-vap-timestamp': '1',
      'x-vap-nonce': 'n'.repeat(16),
      'x-vap-signature': 'f'.repeat(64),
    };
    expect(
      headersOf(
        {
          headers: {
            authorization: 'Bearer x',
            'x-vap-signature': '0',
            'content-type': 'text/plain',
            'x-trace': 'a',
          },
          contentType: 'application/json',
        },
        signed,
      ),
    ).toEqual({ 'x-trace': 'a', 'content-type': 'application/json', ...signed });
  });
});
