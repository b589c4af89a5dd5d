import { type ReactNode, useSyncExternalStore } from 'react';
import { useUiT } from '../../i18n.js';
import { AlertDialog } from '../alert-dialog.js';

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

type Request =
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

// A module store like message.tsx: callers anywhere (e.g. the request layer on a 401) can ask,
// and the one <DialogHost /> shows the requests one at a time, oldest first.
let queue: readonly Request[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Request[]) {
  queue = next;
  for (const listener of listeners) listener();
}

function enqueue(kind: Request['kind'], options: ConfirmOptions | AlertOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    publish([...queue, { id, kind, options, settle: resolve } as Request]);
  });
}

/** Answers a request once; later answers (Radix also reports the close) are ignored. */
function answer(id: number, ok: boolean) {
  const request = queue.find((item) => item.id === id);
  if (!request) return;
  publish(queue.filter((item) => item.id !== id));
  request.settle(ok);
}

/** Asks a yes/no question; resolves `true` on OK, `false` on Cancel or Escape. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return enqueue('confirm', options);
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

/** Renders the dialogs of `confirm()` and `alert()`; mount once near the root of the app. */
export function DialogHost() {
  const t = useUiT();
  const current = useSyncExternalStore(subscribe, snapshot, snapshot)[0];
  if (!current) return null;
  const { id, options } = current;
  if (current.kind === 'alert') {
    return (
      <AlertDialog
        key={id}
        open
        title={options.title}
        description={options.content}
        confirmText={options.okText ?? t('overlay.ok')}
        onConfirm={() => answer(id, true)}
      />
    );
  }
  return (
    <AlertDialog
      key={id}
      open
      title={options.title}
      description={options.content}
      confirmText={options.okText ?? t('overlay.ok')}
      cancelText={current.options.cancelText ?? t('overlay.cancel')}
      tone={current.options.tone}
      onConfirm={() => answer(id, true)}
      onCancel={() => answer(id, false)}
    />
  );
}
