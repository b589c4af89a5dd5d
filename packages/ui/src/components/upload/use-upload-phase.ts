import { useState } from 'react';
import { type UploadPhase, uploadBusy } from './upload-phase.js';
import { errorMessage, useCancellableRun } from './use-cancellable-run.js';

/** What an upload of `useUploadPhase` is given: its signal, and the step it has reached. */
export interface UploadStepContext {
  signal: AbortSignal;
  /** The step reached: `hashing`, then `uploading` with the progress. */
  step: (phase: UploadPhase) => void;
}

export interface UploadPhaseRun {
  /** For `UploadPhaseView`. */
  phase: UploadPhase;
  /** Whether the dialog's fields are locked (`uploadBusy`). */
  busy: boolean;
  /**
   * Sends the file with a new signal; resolves to what the upload answers, or to undefined when it
   * failed (its message shown, else `failed`) or was stopped (nothing shown).
   */
  upload: <T>(send: (context: UploadStepContext) => Promise<T>) => Promise<T | undefined>;
  /**
   * Records what was sent (`saving` meanwhile); resolves to the record, or to undefined when the
   * server refused it — `refused` is given the error (to show its field messages), and the
   * dialog's fields are unlocked again.
   */
  save: <T>(save: () => Promise<T>, refused: (error: unknown) => void) => Promise<T | undefined>;
  /** Stops an upload under way, and forgets the last failure. */
  reset: () => void;
}

/**
 * The steps of a dialog's upload of one file then its record, for `UploadPhaseView` (the firmware
 * and the resource dialogs): the file read for its md5, sent with its progress, then saved; closing
 * the dialog stops an upload under way.
 */
export function useUploadPhase({ failed }: { failed: string }): UploadPhaseRun {
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const { start, stop } = useCancellableRun();

  const upload: UploadPhaseRun['upload'] = (send) =>
    start(
      (signal) => send({ signal, step: setPhase }),
      (error) => setPhase({ kind: 'failed', message: errorMessage(error) || failed }),
    );

  const save: UploadPhaseRun['save'] = async (record, refused) => {
    setPhase({ kind: 'saving' });
    try {
      return await record();
    } catch (error) {
      refused(error);
      setPhase({ kind: 'idle' });
      return undefined;
    }
  };

  const reset = () => {
    stop();
    setPhase({ kind: 'idle' });
  };

  return { phase, busy: uploadBusy(phase), upload, save, reset };
}
