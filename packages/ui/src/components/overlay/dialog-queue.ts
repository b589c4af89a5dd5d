/**
 * The requests of `confirm()` and `alert()`: a module store, so that callers anywhere (e.g. the
 * request layer on a 401) can ask, and the one `<DialogHost />` shows them one at a time, oldest
 * first. Apart from the host, so that an app can know that a dialog is wanted before it loads the
 * dialog's code (the sign-in page does not carry the modal machinery).
 */
import { type ReactNode, useSyncExternalStore } from 'react';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  /** Defaults to the translated "OK". */
  okText?: ReactNode;
  /** Defaults to the translated "Cancel". */
  cancelText?: ReactNode;
  /** `danger` for destructive actions: the OK button turns red. */
  tone?: 'primary' | 'danger';
}

export interface AlertOptions {
  title: ReactNode;
  content?: ReactNode;
  /** Defaults to the translated "OK". */
  okText?: ReactNode;
}

export type DialogRequest =
  | {
      readonly id: number;
      readonly kind: 'confirm';
      readonly options: ConfirmOptions;
      readonly settle: (ok: boolean) => void;
    }
  | {
      readonly id: number;
      readonly kind: 'alert';
      readonly options: AlertOptions;
      readonly settle: (ok: boolean) => void;
    };

let queue: readonly DialogRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly DialogRequest[]) {
  queue = next;
  for (const listener of listeners) listener();
}

function enqueue(kind: DialogRequest['kind'], options: ConfirmOptions | AlertOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    publish([...queue, { id, kind, options, settle: resolve } as DialogRequest]);
  });
}

/** Answers a request once; later answers (Radix also reports the close) are ignored. */
export function answer(id: number, ok: boolean) {
  const request = queue.find((item) => item.id === id);
  if (!request) return;
  publish(queue.filter((item) => item.id !== id));
  request.settle(ok);
}

/** Asks a yes/no question; resolves `true` on OK, `false` on Cancel or Escape. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return enqueue('confirm', options);
}

/**
 * A destructive action asked first: `question` in the danger tone, then `action` once confirmed.
 * Resolves `true` once the action is done; `false` when the user declined or the action failed,
 * which a call of the console has already said (spec §8), so that the caller has nothing to add.
 */
export async function confirmThen(
  question: Omit<ConfirmOptions, 'tone'>,
  action: () => Promise<unknown>,
): Promise<boolean> {
  if (!(await confirm({ ...question, tone: 'danger' }))) return false;
  try {
    await action();
  } catch {
    return false;
  }
  return true;
}

/** Tells the user something that needs acknowledging; resolves when it is dismissed. */
export async function alert(options: AlertOptions): Promise<void> {
  await enqueue('alert', options);
}

export const dialogs = {
  /**
   * Drops every open and queued dialog (between tests, on sign-out). Pending confirmations
   * resolve `false` and alerts resolve, so no caller is left waiting forever.
   */
  clear() {
    const pending = queue;
    publish([]);
    for (const request of pending) request.settle(false);
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => queue;

/** The open and queued requests, oldest first (re-renders on every change). */
export function useDialogRequests(): readonly DialogRequest[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
