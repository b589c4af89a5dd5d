import { useSyncExternalStore } from 'react';
import { cn } from '../cn.js';

export type MessageTone = 'success' | 'warning' | 'error' | 'info';

export interface MessageItem {
  readonly id: number;
  readonly tone: MessageTone;
  readonly text: string;
}

const DEFAULT_DURATION_MS = 3000;
let items: readonly MessageItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly MessageItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function show(tone: MessageTone, text: string, durationMs = DEFAULT_DURATION_MS): number {
  const id = nextId++;
  publish([...items, { id, tone, text }]);
  if (durationMs > 0) setTimeout(() => dismiss(id), durationMs);
  return id;
}

function dismiss(id: number) {
  publish(items.filter((item) => item.id !== id));
}

/** Short feedback at the top of the screen (spec §8 messages); texts are translated by the caller. */
export const message = {
  success: (text: string, durationMs?: number) => show('success', text, durationMs),
  info: (text: string, durationMs?: number) => show('info', text, durationMs),
  warning: (text: string, durationMs?: number) => show('warning', text, durationMs),
  error: (text: string, durationMs?: number) => show('error', text, durationMs),
  dismiss,
  /** Removes every message (e.g. between tests or on sign-out). */
  clear: () => publish([]),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => items;

const tones: Record<MessageTone, string> = {
  success: 'border-success/30 text-success',
  info: 'border-primary/30 text-ink',
  warning: 'border-warning/30 text-warning',
  error: 'border-danger/30 text-danger',
};

/** Renders the messages; mount once near the root of the app. */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div className="pointer-events-none fixed top-4 left-1/2 z-[60] flex -translate-x-1/2 flex-col items-center gap-2">
      {list.map((item) => (
        <div
          key={item.id}
          role={item.tone === 'error' || item.tone === 'warning' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto rounded-md border bg-surface px-4 py-2 text-sm shadow-md',
            tones[item.tone],
          )}
        >
          {item.text}
        </div>
      ))}
    </div>
  );
}
