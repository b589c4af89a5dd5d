import { describe, expect, it } from 'vitest';
import {
  accessKeyIdParamsSchema,
  canonicalQuery,
  createAccessKeyBodySchema,
  isAccessKeyBandwidth,
  stringToSign,
} from './access-keys.js';

const body = (extra: object) => ({ bandwidth_mbps: 1, operations: ['GET /v1/pms/company/users'], ...extra });
const messages = (value: unknown) =>
  createAccessKeyBodySchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('access key payloads', () => {
  it('take a bandwidth in multiples of 0.25 Mbps, more than 0, at most 1000', () => {
    for (const ok of [0.25, 0.5, 1.5, 2.75, 1000]) expect(isAccessKeyBandwidth(ok)).toBe(true);
    for (const bad of [0, -0.25, 0.3, 0.1, 1000.25, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isAccessKeyBandwidth(bad)).toBe(false);
    }
    expect(messages(body({ bandwidth_mbps: 0.3 }))).toEqual(['validation.bandwidth']);
    expect(messages(body({ bandwidth_mbps: '1' }))).toEqual(['validation.bandwidth']);
  });

  it('need at least one operation, each once', () => {
    expect(messages(body({ operations: [] }))).toEqual(['validation.accessKeyOperations']);
    expect(messages(body({ operations: ['a', 'a'] }))).toEqual(['validation.accessKeyOperations']);
  });

  it('refuse an expiry: it is ten years and not changeable', () => {
    expect(messages(body({ expires_at: '2099-01-01T00:00:00Z' }))).toEqual(['validation.accessKeyExpiry']);
  });

  it('default to no groups', () => {
    expect(createAccessKeyBodySchema.parse(body({}))).toMatchObject({
      is_access_all_group: false,
      group_ids: [],
    });
  });

  it('name a key by 16 letters and digits', () => {
    expect(accessKeyIdParamsSchema.safeParse({ id: 'Ab3Cd4Ef5Gh6Ij7K' }).success).toBe(true);
    for (const id of ['short', 'x'.repeat(17), 'abcdefgh-jklmnop']) {
      expect(accessKeyIdParamsSchema.safeParse({ id }).success).toBe(false);
    }
  });
});

describe('request signing', () => {
  it('puts the query in canonical order and encoding', () => {
    expect(canonicalQuery('?b=2&a=x+y&a=%21&c')).toBe('a=%21&a=x%20y&b=2&c=');
    expect(canonicalQuery('size=10&page=1')).toBe(canonicalQuery('?page=1&size=10'));
    expect(canonicalQuery("q=it's(*)")).toBe('q=it%27s%28%2A%29');
    expect(canonicalQuery('')).toBe('');
  });

  it('signs seven lines: algorithm, method, path, query, timestamp, nonce, body hash', () => {
    expect(
      stringToSign({
        method: 'post',
        path: '/webapi/x',
        query: 'b=1&a=2',
        timestamp: '1700000000',
        nonce: 'n'.repeat(16),
        bodySha256: 'h',
      }),
    ).toBe(`VAP-HMAC-SHA256\nPOST\n/webapi/x\na=2&b=1\n1700000000\n${'n'.repeat(16)}\nh`);
  });
});
