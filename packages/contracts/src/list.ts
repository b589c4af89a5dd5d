/**
 * The list query of spec §3 (page, size, wheres, orders) and the page of rows a list call answers.
 * `wheres` and `orders` travel as base64 of their JSON list and are omitted when empty (spec §7);
 * `encodeListParam` and `decodeListParam` are that encoding, for the console and the server alike.
 */
import { z } from 'zod';
import { DEVICE_SERIAL_LENGTH } from './checks.js';
import { textFaultIn } from './text.js';

export { decodeListParam, encodeListParam, listParams } from './list-param.js';

/** Filter operators of a `{k, o, v}` where. */
export const WHERE_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'like', 'in', 'between'] as const;
export type WhereOperator = (typeof WHERE_OPERATORS)[number];

export const whereSchema = z.object({
  k: z.string().min(1),
  o: z.enum(WHERE_OPERATORS),
  v: z.unknown(),
});
/** One filter of a list query, e.g. `{ k: 'state', o: '=', v: 0 }` (spec §7.4 unread filter). */
export type Where = z.infer<typeof whereSchema>;

export const orderSchema = z.object({ k: z.string().min(1), o: z.enum(['asc', 'desc']) });
/** One sort key of a list query. */
export type Order = z.infer<typeof orderSchema>;

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** A list query as the console holds it, before `wheres`/`orders` are encoded. */
export interface ListQuery {
  page: number;
  size: number;
  wheres: Where[];
  orders: Order[];
}

/** A page of rows: the rows asked for and how many match the filter in all. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().nonnegative() });

/** A list call's schemas: a page of its rows, and the filters and sort keys its query accepts. */
export const listSchemas = <T extends z.ZodType>(
  row: T,
  filters: FilterSpec,
  orders: readonly string[] = [],
) => ({
  response: listPageSchema(row),
  list: { filters, orders },
});

/** The list query of spec §3 as it travels: `wheres`/`orders` are base64 JSON lists. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  wheres: z.string().max(8192).optional(),
  orders: z.string().max(2048).optional(),
});
export type ListQueryParams = z.infer<typeof listQuerySchema>;

/** An export's query: its list's filter and sort, as their encoded text, without paging. */
export const exportQuerySchema = listQuerySchema.pick({ wheres: true, orders: true });

/**
 * Which `{k, o, v}` filters a list accepts: per key, per operator, the schema of `v`. Anything else
 * is refused (400), so a filter can never name a column or an operator the server did not choose.
 */
export type FilterSpec = Readonly<Record<string, Readonly<Partial<Record<Where['o'], z.ZodType>>>>>;

// Both engines' timestamptz store 4713 BC to 294276 AD, but an instant reaches the database as the
// ISO text of a JS Date, which PostgreSQL refuses outside years 0001-9999: year 0 ("0000", 1 BC)
// is out of its range and year 10000 is written "+010000". An offset moves a four-digit year past
// either end once in UTC ("9999-12-31T23:59:59-14:00"), so the bound is checked in UTC.
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** An instant of a time filter: ISO 8601 with an offset, in years 0001 to 9999 in UTC. */
export const instantSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const at = Date.parse(value);
  return at >= FIRST_INSTANT && at <= LAST_INSTANT;
});

/** The text a filter matches (`like`, or `=` on a text key): trimmed, never empty, at most `max` characters. */
export const filterTextSchema = (max: number) => z.string().trim().min(1).max(max);

/** A filter on a device's serial: a serial or a part of one, never longer than a serial. */
export const serialFilterSchema = filterTextSchema(DEVICE_SERIAL_LENGTH);

/** A filter of a list, typed by its spec. */
export type FilterOf<S extends FilterSpec> = {
  [K in keyof S & string]: { k: K; o: keyof S[K] & Where['o']; v: unknown };
}[keyof S & string];

/**
 * Checks decoded `wheres` against a spec: every item a `{k, o, v}` with a known key, an operator
 * allowed for it and a value of the right shape. Answers the filters with their parsed values, or
 * the reason they are refused.
 */
export function checkWheres(
  list: readonly unknown[],
  spec: FilterSpec,
): { ok: true; wheres: Where[] } | { ok: false; reason: string } {
  const wheres: Where[] = [];
  for (const [index, raw] of list.entries()) {
    if (typeof raw !== 'object' || raw === null)
      return { ok: false, reason: `wheres[${index}] is not a filter` };
    const { k, o, v } = raw as Record<string, unknown>;
    if (typeof k !== 'string' || !Object.hasOwn(spec, k)) {
      return { ok: false, reason: `wheres[${index}]: unknown key ${JSON.stringify(k)}` };
    }
    const operators = spec[k] as Partial<Record<string, z.ZodType>>;
    const valueSchema = typeof o === 'string' && Object.hasOwn(operators, o) ? operators[o] : undefined;
    if (!valueSchema)
      return { ok: false, reason: `wheres[${index}]: operator ${JSON.stringify(o)} not allowed` };
    const value = valueSchema.safeParse(v);
    if (!value.success) return { ok: false, reason: `wheres[${index}]: bad value for ${k}` };
    const fault = textFaultIn(value.data);
    if (fault) return { ok: false, reason: `wheres[${index}]: ${fault} in ${k}` };
    wheres.push({ k, o: o as Where['o'], v: value.data });
  }
  return { ok: true, wheres };
}

/** Checks decoded `orders`: each a `{k, o}` whose key is one of `keys`. */
export function checkOrders(
  list: readonly unknown[],
  keys: readonly string[],
): { ok: true; orders: Order[] } | { ok: false; reason: string } {
  const orders: Order[] = [];
  for (const [index, raw] of list.entries()) {
    const order = orderSchema.safeParse(raw);
    if (!order.success) return { ok: false, reason: `orders[${index}] is not a sort key` };
    if (!keys.includes(order.data.k)) {
      return { ok: false, reason: `orders[${index}]: unknown key ${JSON.stringify(order.data.k)}` };
    }
    orders.push(order.data);
  }
  return { ok: true, orders };
}
