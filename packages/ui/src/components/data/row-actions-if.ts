import type { Column } from './columns.js';
import { type RowAction, rowActionsColumn } from './row-actions.js';

/**
 * The table's column of row actions (rowActionsColumn) when `shown` — the role may take one of
 * them — or none: spread into the columns, `...rowActionsColumnIf(mayEdit || mayDelete, …)`.
 */
export function rowActionsColumnIf<T>(
  shown: boolean,
  title: string,
  actionsOf: (row: T) => ReadonlyArray<RowAction | false> | null,
): Column<T>[] {
  return shown ? [rowActionsColumn(title, actionsOf)] : [];
}
