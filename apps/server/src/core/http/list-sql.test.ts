import { type FilterSpec, instantSchema } from '@vap/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { likePattern, orderOf, placeholders, valuesOf, type WhereOf, whereOf } from './list-sql.js';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
});

const SPEC = {
  name: { '=': z.string(), '!=': z.string(), like: z.string(), in: z.array(z.string()) },
  size: { '>': z.number(), '<': z.number(), '>=': z.number(), '<=': z.number() },
  made_at: { between: z.tuple([instantSchema, instantSchema]), '>=': instantSchema, '<=': instantSchema },
  colour: { '=': z.enum(['red', 'blue']) },
} as const satisfies FilterSpec;

const dialect = new PgDialect();
const rendered = (condition: SQL | undefined) => {
  if (!condition) return undefined;
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return { sql: text, params };
};

const thingWhere = whereOf(SPEC, {
  name: things.name,
  size: things.size,
  made_at: things.madeAt,
  colour: (where) => (where.v === 'red' ? sql`${things.size} > 10` : undefined),
});

describe('whereOf: a list’s filters as SQL by its columns', () => {
  it('answers no condition for no filter', () => {
    expect(thingWhere([])).toBeUndefined();
  });

  it('compares a column by = and != with the value as a parameter', () => {
    expect(rendered(thingWhere([{ k: 'name', o: '=', v: 'a' }]))).toEqual({
      sql: '"things"."name" = $1',
      params: ['a'],
    });
    expect(rendered(thingWhere([{ k: 'name', o: '!=', v: 'a' }]))).toEqual({
      sql: '"things"."name" <> $1',
      params: ['a'],
    });
  });

  it('reads like as contained and case-insensitive, its %, _ and \\ taken literally', () => {
    expect(rendered(thingWhere([{ k: 'name', o: 'like', v: '5%_\\x' }]))).toEqual({
      sql: '"things"."name" ilike $1',
      params: ['%5\\%\\_\\\\x%'],
    });
    expect(likePattern('ab')).toBe('%ab%');
  });

  it('reads in as one of the values', () => {
    expect(rendered(thingWhere([{ k: 'name', o: 'in', v: ['a', 'b'] }]))).toEqual({
      sql: '"things"."name" in ($1, $2)',
      params: ['a', 'b'],
    });
  });

  it('compares a number column by >, <, >= and <= as it came', () => {
    const operators = ['>', '<', '>=', '<='] as const;
    expect(operators.map((o) => rendered(thingWhere([{ k: 'size', o, v: 3 }])))).toEqual(
      operators.map((o) => ({ sql: `"things"."size" ${o} $1`, params: [3] })),
    );
  });

  it('compares a time column with instants: between both ends included, >= and <=', () => {
    const from = '2026-01-01T00:00:00+08:00';
    const to = '2026-02-01T00:00:00Z';
    expect(rendered(thingWhere([{ k: 'made_at', o: 'between', v: [from, to] }]))).toEqual({
      sql: '("things"."made_at" >= $1 and "things"."made_at" <= $2)',
      params: [new Date(from).toISOString(), new Date(to).toISOString()],
    });
    expect(rendered(thingWhere([{ k: 'made_at', o: '>=', v: from }]))?.params).toEqual([
      new Date(from).toISOString(),
    ]);
  });

  it('uses a key’s own rule, whose undefined adds no condition', () => {
    expect(rendered(thingWhere([{ k: 'colour', o: '=', v: 'red' }]))?.sql).toBe('"things"."size" > 10');
    expect(thingWhere([{ k: 'colour', o: '=', v: 'blue' }])).toBeUndefined();
  });

  it('joins several filters with and', () => {
    expect(
      rendered(
        thingWhere([
          { k: 'name', o: '=', v: 'a' },
          { k: 'size', o: '>', v: 1 },
        ]),
      ),
    ).toEqual({ sql: '("things"."name" = $1 and "things"."size" > $2)', params: ['a', 1] });
  });

  it('refuses a filter of another list', () => {
    expect(() => thingWhere([{ k: 'weight', o: '=', v: 1 }])).toThrow(/weight/);
  });

  it('stands the values in as placeholders of a prepared statement, collected in the same order', () => {
    const wheres = [
      { k: 'name', o: 'like', v: 'x' },
      { k: 'name', o: 'in', v: ['a', 'b'] },
      { k: 'made_at', o: 'between', v: ['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'] },
    ] as const;
    const values = valuesOf(thingWhere, [...wheres]);
    expect(values).toEqual([
      '%x%',
      'a',
      'b',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-02-01T00:00:00Z'),
    ]);
    const at = <T>(index: number) => sql.placeholder(`p${index}`) as unknown as T;
    const prepared = rendered(thingWhere([...wheres], placeholders(at, 1)));
    expect(prepared?.sql).toBe(
      '("things"."name" ilike $1 and "things"."name" in ($2, $3) and ("things"."made_at" >= $4 and "things"."made_at" <= $5))',
    );
    expect(prepared?.params.map((param) => (param as { name: string }).name)).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
      'p5',
    ]);
  });

  it('needs a column or a rule for every key of the spec', () => {
    // @ts-expect-error colour has neither
    const partial = whereOf(SPEC, { name: things.name, size: things.size, made_at: things.madeAt });
    expect(() => partial([{ k: 'colour', o: '=', v: 'red' }])).toThrow(/colour/);
    // A rule reads its key's operators and their parsed values.
    expectTypeOf<WhereOf<typeof SPEC, 'colour'>>().toEqualTypeOf<{
      k: 'colour';
      o: '=';
      v: 'red' | 'blue';
    }>();
    expectTypeOf<WhereOf<typeof SPEC, 'made_at'>['v']>().toEqualTypeOf<string | [string, string]>();
  });
});

const ORDER_KEYS = ['name', 'size'] as const;
const thingOrder = orderOf(ORDER_KEYS, {
  name: things.name,
  // Stored negated: the largest size first is the smallest stored.
  size: (direction) => sql`${things.size} ${sql.raw(direction === 'asc' ? 'desc' : 'asc')}`,
});

describe('orderOf: a list’s sort keys as ORDER BY terms', () => {
  it('orders by each key’s column in its direction, or by its own term', () => {
    expect(
      thingOrder([
        { k: 'name', o: 'desc' },
        { k: 'size', o: 'asc' },
      ]).map((term) => rendered(term)?.sql),
    ).toEqual(['"things"."name" desc', '"things"."size" desc']);
  });

  it('refuses a sort key of another list', () => {
    expect(() => thingOrder([{ k: 'weight', o: 'asc' }])).toThrow(/weight/);
  });

  it('needs a column or a term for every sort key', () => {
    // @ts-expect-error size has neither
    const partial = orderOf(ORDER_KEYS, { name: things.name });
    expect(() => partial([{ k: 'size', o: 'asc' }])).toThrow(/size/);
  });
});
