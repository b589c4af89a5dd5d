import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkWheres, decodeListParam, encodeListParam, holdsNul, whereSchema } from './list.js';

describe('list query parameters (spec §7)', () => {
  it('wheres travel as base64 of their JSON list, non-ASCII values as UTF-8', () => {
    const wheres = [{ k: 'name', o: 'like', v: '摄像机' }];
    const encoded = encodeListParam(wheres);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual(wheres);
    expect(decodeListParam(encoded)).toEqual(wheres);
  });

  it('decoding refuses what is not a base64 JSON list', () => {
    expect(() => decodeListParam('not base64!')).toThrow();
    expect(() => decodeListParam(btoa('{"k":1}'))).toThrow(/not a list/);
  });

  it('a where names a key and one of the known operators', () => {
    expect(whereSchema.safeParse({ k: 'state', o: '=', v: 0 }).success).toBe(true);
    expect(whereSchema.safeParse({ k: 'state', o: 'drop table', v: 0 }).success).toBe(false);
    expect(whereSchema.safeParse({ k: '', o: '=', v: 0 }).success).toBe(false);
  });

  it('a filter value with a NUL character is refused, in a string or a list of them', () => {
    const spec = { nickname: { like: z.string() }, state: { in: z.array(z.string()) } };
    expect(checkWheres([{ k: 'nickname', o: 'like', v: 'a\u0000b' }], spec).ok).toBe(false);
    expect(checkWheres([{ k: 'state', o: 'in', v: ['ok', '\u0000'] }], spec).ok).toBe(false);
    expect(checkWheres([{ k: 'nickname', o: 'like', v: 'ab' }], spec).ok).toBe(true);
    expect(holdsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(holdsNul({ a: [1, 'x', { b: 'y' }] })).toBe(false);
    // Bytes are no text: an upload may hold zeros.
    expect(holdsNul({ file: new Uint8Array([0, 0]) })).toBe(false);
  });
});
