import { useState } from 'react';
import type { UploadRequestContext } from './upload-types.js';
import { errorMessage, useCancellableRun } from './use-cancellable-run.js';

/** Where a dialog's upload of a workbook stands: nothing yet, sending, its failure, or the answer. */
export type UploadRunPhase<Result> =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; result: Result };

export interface UploadRunOptions {
  /** The failure's words when the error has none of its own. */
  failed: string;
  /** The words for an error the dialog explains itself (such as a refusal's code); otherwise its message. */
  describe?: (error: unknown) => string | undefined;
}

export interface UploadRun<Result> {
  phase: UploadRunPhase<Result>;
  /**
   * Sends with a new signal and progress (a run under way gives way to it); resolves to the
   * answer, or to undefined when the upload failed or was stopped.
   */
  run: (send: (context: UploadRequestContext) => Promise<Result>) => Promise<Result | undefined>;
  /** Stops a run under way and forgets the last outcome. */
  reset: () => void;
}

/**
 * A dialog's cancellable upload of one file (the devices' import and white-list, the phones'
 * import): its phase with the progress, the answer or the failure in words; closing the dialog
 * stops an upload under way, and an upload stopped shows nothing.
 */
export function useUploadRun<Result>({ failed, describe }: UploadRunOptions): UploadRun<Result> {
  const [phase, setPhase] = useState<UploadRunPhase<Result>>({ kind: 'idle' });
  const { start, stop } = useCancellableRun();

  const run: UploadRun<Result>['run'] = (send) => {
    setPhase({ kind: 'uploading', progress: 0 });
    return start(
      async (signal) => {
        const result = await send({
          signal,
          onProgress: (progress) => setPhase({ kind: 'uploading', progress }),
        });
        setPhase({ kind: 'done', result });
        return result;
      },
      (error) => setPhase({ kind: 'failed', message: (describe?.(error) ?? errorMessage(error)) || failed }),
    );
  };

  const reset = () => {
    stop();
    setPhase({ kind: 'idle' });
  };

  return { phase, run, reset };
}
