import type { RefObject } from 'react';
import { message } from '../message.js';
import { type ConfirmOptions, confirmThen } from '../overlay/dialog-queue.js';
import type { DataTableHandle } from './data-table.js';

/**
 * A change to a row of a list that cannot be undone (delete, revoke), asked first: once the user
 * says yes, runs `change`, says `done` and reads the list again. Resolves whether it was made (a
 * failed call has said why through the server's message, and the list stays as it was).
 */
export function confirmListChange(
  table: RefObject<DataTableHandle | null>,
  question: Omit<ConfirmOptions, 'tone'>,
  change: () => Promise<unknown>,
  done: string,
): Promise<boolean> {
  return confirmThen(question, async () => {
    await change();
    message.success(done);
    table.current?.reload();
  });
}
