import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEVICE_SERIAL_LENGTH } from './checks.js';
import * as contracts from './index.js';
import { checkWheres, decodeListParam, encodeListParam, instantSchema, whereSchema } from './list.js';

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
  });

  it('a filter value with a lone UTF-16 surrogate is refused, a well-formed pair is not', () => {
    const spec = { nickname: { like: z.string() } };
    expect(checkWheres([{ k: 'nickname', o: 'like', v: 'a\ud800' }], spec).ok).toBe(false);
    expect(checkWheres([{ k: 'nickname', o: 'like', v: '\udc00b' }], spec).ok).toBe(false);
    expect(checkWheres([{ k: 'nickname', o: 'like', v: '\ud83d\ude00' }], spec).ok).toBe(true);
  });

  it('an instant of a time filter is in years 0001 to 9999 once in UTC, which both engines store', () => {
    for (const inside of [
      '0001-01-01T00:00:00Z',
      '0001-01-01T00:00:00-01:00',
      '2024-05-01T08:00:00+08:00',
      '9999-12-31T23:59:59.999Z',
      '9999-12-31T23:59:59+14:00',
    ]) {
      expect([inside, instantSchema.safeParse(inside).success]).toEqual([inside, true]);
    }
    for (const outside of [
      '0000-01-01T00:00:00Z',
      '0000-12-31T23:59:59Z',
      '0001-01-01T00:00:00+00:01',
      '9999-12-31T23:59:59-14:00',
      '9999-12-31T23:59:59-00:01',
      'not a time',
    ]) {
      expect([outside, instantSchema.safeParse(outside).success]).toEqual([outside, false]);
    }
  });
});

describe("filters on a device's serial", () => {
  /** Every filter spec the contracts export, at the top or one level down, with a serial key. */
  const serialFilters = (() => {
    const found: [string, Record<string, unknown>][] = [];
    const plain = (value: unknown): value is Record<string, unknown> =>
      typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
    const visit = (name: string, value: unknown, depth: number) => {
      if (!plain(value)) return;
      for (const key of ['sn', 'device_sn']) {
        const operators = value[key];
        if (plain(operators) && Object.values(operators).every((each) => each instanceof z.ZodType))
          found.push([`${name}.${key}`, operators]);
      }
      if (depth > 0)
        for (const [inner, each] of Object.entries(value)) visit(`${name}.${inner}`, each, depth - 1);
    };
    for (const [name, value] of Object.entries(contracts)) visit(name, value, 1);
    return found;
  })();

  it('are found in the device, bind record, algorithm mall, VoIP, media, video and cloud lists', () => {
    expect(serialFilters.length).toBeGreaterThanOrEqual(12);
  });

  it('take a whole serial and refuse anything longer, which no serial can match (spec §5.1)', () => {
    const serial = '12345678901321234567';
    expect(serial).toHaveLength(DEVICE_SERIAL_LENGTH);
    for (const [name, operators] of serialFilters) {
      for (const [operator, schema] of Object.entries(operators)) {
        expect((schema as z.ZodType).safeParse(serial).success, `${name} ${operator}`).toBe(true);
        expect((schema as z.ZodType).safeParse(`${serial}1`).success, `${name} ${operator}`).toBe(false);
      }
    }
  });
});
