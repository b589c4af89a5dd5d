/**
 * A list's checked `wheres` and `orders` as SQL, by one rule for every list: `whereOf(SPEC, columns)`
 * and `orderOf(KEYS, columns)` take a column (or expression) for each filter or sort key — a mapped
 * type over the spec, so a key without one fails `tsc` — or, for the few filters on something other
 * than one column, a function of their own; and `pageOf` cuts the page asked for from the rows they
 * select, with how many there are in all.
 */
import type { FilterSpec, ListPage, ListQuery, Order, Where } from '@vap/contracts';
import {
  type AnyColumn,
  and,
  asc,
  Column,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  is,
  lt,
  lte,
  ne,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';

/** A `like` filter's text as an ILIKE pattern: contained anywhere, its `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * How a value enters a statement: as itself (a parameter of a one-off statement), or as a
 * placeholder of a prepared one, whose values are collected by `valuesOf` in the same order.
 */
export type Param = <T>(value: T) => T;
const asValue: Param = (value) => value;

/** A checked filter of key `K`: each operator the spec allows with its parsed value. */
export type WhereOf<S extends FilterSpec, K extends keyof S & string> = {
  [O in keyof S[K] & Where['o']]: {
    k: K;
    o: O;
    v: S[K][O] extends z.ZodType ? z.output<S[K][O]> : never;
  };
}[keyof S[K] & Where['o']];

/** What a key reads: a column or expression, or a filter's own SQL (undefined: no condition). */
type Operand = AnyColumn | SQL;
export type WhereRule<W> = (where: W, param: Param) => SQL | undefined;
export type WhereColumns<S extends FilterSpec> = {
  readonly [K in keyof S & string]: Operand | WhereRule<WhereOf<S, K>>;
};

/** Checked `wheres` as one condition (undefined when none), their values through `param`. */
export type WhereSql = (wheres: readonly Where[], param?: Param) => SQL | undefined;

/** An instant of a time filter compared with a time column is a Date; anything else stays as it came. */
const operandValue = (operand: Operand, value: unknown) =>
  is(operand, Column) && operand.dataType === 'date' && typeof value === 'string' ? new Date(value) : value;

const COMPARISONS = { '=': eq, '!=': ne, '>': gt, '>=': gte, '<': lt, '<=': lte } as const;

function onOperand(operand: Operand, where: Where, param: Param): SQL | undefined {
  // As a column of any type: the value was checked by the spec, not by the column's type.
  const left = operand as AnyColumn;
  const value = (raw: unknown) => param(operandValue(operand, raw));
  switch (where.o) {
    case 'like':
      return ilike(left, param(likePattern(where.v as string)));
    case 'in':
      return inArray(left, (where.v as unknown[]).map(value));
    case 'between': {
      const [from, to] = where.v as [unknown, unknown];
      return and(gte(left, value(from)), lte(left, value(to)));
    }
    default:
      return COMPARISONS[where.o](left, value(where.v));
  }
}

/** The SQL of a list's filters: each key of `spec` by its column, or by its own rule. */
export function whereOf<S extends FilterSpec>(_spec: S, columns: WhereColumns<S>): WhereSql {
  const byKey = columns as Readonly<Record<string, Operand | WhereRule<Where>>>;
  return (wheres, param = asValue) =>
    and(
      ...wheres.map((where) => {
        const entry = Object.hasOwn(byKey, where.k) ? byKey[where.k] : undefined;
        // Only wheres checked against another list's spec get here.
        if (entry === undefined) throw new Error(`filter ${where.k} is not of this list`);
        return typeof entry === 'function' ? entry(where, param) : onOperand(entry, where, param);
      }),
    );
}

/** The values `wheres` stand in their statement, in order: a prepared statement's values for them. */
export function valuesOf(whereSql: WhereSql, wheres: readonly Where[]): unknown[] {
  const values: unknown[] = [];
  whereSql(wheres, (value) => {
    values.push(value);
    return value;
  });
  return values;
}

/** A Param standing each value in as the next placeholder of a prepared statement, from `first`. */
export function placeholders(at: <T>(index: number) => T, first: number): Param {
  let next = first;
  return <T>() => at<T>(next++);
}

/** What a sort key reads: a column or expression, or its own ORDER BY term in a direction. */
export type OrderColumns<K extends readonly string[]> = {
  readonly [Key in K[number]]: Operand | ((direction: Order['o']) => SQL);
};

/** The ORDER BY terms of a list's checked `orders`, each key by its column or its own term. */
export function orderOf<const K extends readonly string[]>(
  _keys: K,
  columns: OrderColumns<K>,
): (orders: readonly Order[]) => SQL[] {
  const byKey = columns as Readonly<Record<string, Operand | ((direction: Order['o']) => SQL)>>;
  return (orders) =>
    orders.map((order) => {
      const entry = Object.hasOwn(byKey, order.k) ? byKey[order.k] : undefined;
      // Only orders checked against another list's keys get here.
      if (entry === undefined) throw new Error(`sort key ${order.k} is not of this list`);
      if (typeof entry === 'function') return entry(order.o);
      return order.o === 'asc' ? asc(entry) : desc(entry);
    });
}

/** A select of a list's rows, filtered and ordered, from which `.limit().offset()` cuts a page. */
export interface PagedRows<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * The page `paging` asks for of `rows` (a select, filtered and ordered) and how many rows there are
 * in all, by `counted`: a select of `{ total: count() }` from the same tables with the same where.
 * The two run together.
 */
export async function pageOf<Row>(
  paging: Pick<ListQuery, 'page' | 'size'>,
  rows: PagedRows<Row>,
  counted: PromiseLike<readonly { total: number }[]>,
): Promise<ListPage<Row>> {
  const [items, [all]] = await Promise.all([
    rows.limit(paging.size).offset((paging.page - 1) * paging.size),
    counted,
  ]);
  return { items, total: all?.total ?? 0 };
}
