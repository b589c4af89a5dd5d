// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex, md5OfBlob, md5OfBytes } from './md5.js';

const expected = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const bytesOf = (size: number) => Uint8Array.from({ length: size }, (_, index) => (index * 31 + 7) & 0xff);

describe('md5 of file bytes', () => {
  it('matches the RFC 1321 test suite', async () => {
    const text = (value: string) => md5OfBytes(new TextEncoder().encode(value));
    expect(await text('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(await text('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(await text('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
  });

  it('matches node:crypto on a view into a larger buffer and across chunk boundaries', async () => {
    const whole = bytesOf(5 * 1024 * 1024 + 13);
    expect(await md5OfBytes(whole)).toBe(expected(whole));
    const view = whole.subarray(7, 2 * 1024 * 1024 + 100);
    expect(await md5OfBytes(view)).toBe(expected(view));
  });

  it('hashes a 5 MB file chunk by chunk to the same digest', async () => {
    const bytes = bytesOf(5 * 1024 * 1024 + 1);
    expect(await md5OfBlob(new Blob([bytes]))).toBe(expected(bytes));
    expect(await md5OfBlob(new Blob([]))).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });
});

describe('md5 of a password', () => {
  it('is the digest of its UTF-8 bytes, as node:crypto computes it', async () => {
    for (const password of ['vap123456', '', '密码Pässwörd']) {
      expect(await md5Hex(password)).toBe(createHash('md5').update(password, 'utf8').digest('hex'));
    }
  });
});
