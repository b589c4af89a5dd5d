import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex, md5OfBytes } from './md5.js';

const expected = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('md5 of file bytes', () => {
  it('matches the RFC 1321 test suite', () => {
    const text = (value: string) => md5OfBytes(new TextEncoder().encode(value));
    expect(text('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(text('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(text('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
  });

  it('matches node:crypto around the padding boundaries and on a large buffer', () => {
    for (const size of [55, 56, 63, 64, 65, 119, 120, 1000, 3 * 1024 * 1024 + 7]) {
      const bytes = Uint8Array.from({ length: size }, (_, index) => (index * 31 + 7) & 0xff);
      expect(md5OfBytes(bytes), String(size)).toBe(expected(bytes));
    }
  });
});

describe('md5 of a password', () => {
  it('is the digest of its UTF-8 bytes, as node:crypto computes it', async () => {
    for (const password of ['vap123456', '', '密码Pässwörd']) {
      expect(await md5Hex(password)).toBe(createHash('md5').update(password, 'utf8').digest('hex'));
    }
  });
});
