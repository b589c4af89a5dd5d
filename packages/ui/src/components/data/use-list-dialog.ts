import { type RefObject, useState } from 'react';
import type { DataTableHandle } from './data-table.js';

export interface ListDialog<D> {
  /** The dialog shown over the list, or null. */
  dialog: D | null;
  open: (dialog: D) => void;
  close: () => void;
  /** Closes it after it changed the list (saved, added, removed): the table reads the list again. */
  done: () => void;
}

/**
 * The dialog a list page shows over its table — `D` says which: the row to edit or `'new'`, a kind
 * of dialog with its row — opened by a button or a row's action, and closed; when what it did
 * changed the list, `done` also reads the list again.
 */
export function useListDialog<D>(table: RefObject<DataTableHandle | null>): ListDialog<D> {
  const [dialog, setDialog] = useState<D | null>(null);
  return {
    dialog,
    open: (next) => setDialog(() => next),
    close: () => setDialog(null),
    done: () => {
      setDialog(null);
      table.current?.reload();
    },
  };
}
