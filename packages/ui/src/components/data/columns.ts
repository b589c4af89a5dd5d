/** A table's columns, and the small rules about them shared by the table's parts. */
import { formatDateTime, formatThousands, type Order } from '@vap/contracts';
import type { ReactNode } from 'react';
import type { CsvValue } from './csv.js';

/**
 * What a column holds, which sets how narrow it may get and how its text breaks: an id (serial,
 * number, key) and a date, a state and a number never break; a name breaks only between words; a
 * text wraps from a readable width. The row actions stay at the table's right edge.
 */
export type ColumnKind = 'id' | 'name' | 'text' | 'date' | 'state' | 'number' | 'actions';

export interface Column<T> {
  /** Unique among the columns; also the row field shown when there is no `render`. */
  key: string;
  /** The translated header, also used by the column chooser and as the CSV header. */
  title: string;
  /**
   * What the column holds (default `text`). Without `render`, a `date` shows the row field in the
   * console's compact date and a `number` with thousands separators.
   */
  kind?: ColumnKind;
  render?: (row: T, index: number) => ReactNode;
  /** Sortable by this sort key (`true`: by `key`). */
  sortable?: boolean | string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Whether the column chooser offers to hide it (default true; the row actions, never). */
  hideable?: boolean;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
  /** The cell in a CSV export; without it the row field `key` is exported when it is plain data. */
  csv?: (row: T) => CsvValue;
}

/** Classes for `cn`: a false one is left out. */
type ClassList = (string | false)[];

export const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

/**
 * The header and cells of each kind: the narrowest they get, and whether their text may break.
 * Headers never break (table-head.tsx), so a column is at least as wide as its title.
 */
export const kindClass: Readonly<Record<ColumnKind, string>> = {
  id: 'min-w-28 whitespace-nowrap',
  name: 'min-w-36 break-keep',
  text: 'min-w-32',
  date: 'min-w-36 whitespace-nowrap tabular-nums',
  state: 'min-w-20 whitespace-nowrap',
  number: 'min-w-16 whitespace-nowrap tabular-nums',
  actions: 'whitespace-nowrap',
};

export const kindOf = (column: Column<never>): ColumnKind => column.kind ?? 'text';

/** A number's column reads right-aligned unless it says otherwise. */
export const alignOf = (column: Column<never>) =>
  alignClass[column.align ?? (column.kind === 'number' ? 'right' : 'left')];

/**
 * What a column's header and cells share: its kind's width, its alignment, and for the actions a
 * place kept in view at the right edge, with a border that marks it off from what scrolls under it.
 */
export const columnClass = (column: Column<never>, kind: ColumnKind): ClassList => [
  kindClass[kind],
  kind === 'actions' && 'sticky right-0 z-[1] border-l',
  alignOf(column),
];

/** The cell of a column without `render`: the row field, a date or a number written as §9 says. */
export function defaultCell(row: unknown, column: Column<never>): string {
  const value = field(row, column.key);
  if (column.kind === 'date') return formatDateTime(value as string | number | null | undefined);
  if (column.kind === 'number' && typeof value === 'number') return formatThousands(value);
  return String(plain(value));
}

export function sortKeyOf(column: Column<unknown>): string | undefined {
  if (column.sortable === true) return column.key;
  return typeof column.sortable === 'string' ? column.sortable : undefined;
}

export function field(row: unknown, key: string): unknown {
  return typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[key] : undefined;
}

export function plain(value: unknown): CsvValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : '';
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The next sort after a click on a header: ascending, then descending, then none. */
export function nextOrders(current: Order | undefined, key: string): Order[] {
  if (current?.k !== key) return [{ k: key, o: 'asc' }];
  return current.o === 'asc' ? [{ k: key, o: 'desc' }] : [];
}
