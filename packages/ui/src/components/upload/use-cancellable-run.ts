import { useEffect, useRef } from 'react';

/**
 * One cancellable run at a time, for a dialog's upload hooks (`useUploadRun`, `useUploadPhase`): a
 * new run stops the one under way, closing the dialog stops it, and a stopped run reports nothing.
 */
export function useCancellableRun() {
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  /** Runs `send` with a new signal; its failure, unless stopped, goes to `failed`; resolves to undefined then. */
  const start = async <T>(
    send: (signal: AbortSignal) => Promise<T>,
    failed: (error: unknown) => void,
  ): Promise<T | undefined> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    try {
      return await send(controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) failed(error);
      return undefined;
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const stop = () => running.current?.abort();
  return { start, stop };
}

/** A failure's own words, if it has any. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : '');
