/** A table's columns, and the small rules about them shared by the table's parts. */
import type { Order } from '@vap/contracts';
import type { ReactNode } from 'react';
import type { CsvValue } from './csv.js';

export interface Column<T> {
  /** Unique among the columns; also the row field shown when there is no `render`. */
  key: string;
  /** The translated header, also used by the column chooser and as the CSV header. */
  title: string;
  render?: (row: T, index: number) => ReactNode;
  /** Sortable by this sort key (`true`: by `key`). */
  sortable?: boolean | string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Whether the column chooser offers to hide it (default true). */
  hideable?: boolean;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
  /** The cell in a CSV export; without it the row field `key` is exported when it is plain data. */
  csv?: (row: T) => CsvValue;
}

export const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

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
