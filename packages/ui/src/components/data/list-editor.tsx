import { type ReactNode, Suspense } from 'react';
import type { ListDialog } from './use-list-dialog.js';

/**
 * The editor a list page shows over its table while `editor` is open — `render` is given the row it
 * edits, or null for a new one — once its code has loaded (the list's first load is its table).
 */
export function ListEditor<R>({
  editor,
  render,
}: {
  editor: ListDialog<R | 'new'>;
  render: (row: R | null) => ReactNode;
}) {
  if (editor.dialog === null) return null;
  return <Suspense fallback={null}>{render(editor.dialog === 'new' ? null : editor.dialog)}</Suspense>;
}
