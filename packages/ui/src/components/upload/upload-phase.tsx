import { Alert } from '../alert.js';
import { Button } from '../button.js';

/**
 * Where a dialog's upload of one file stands: nothing yet, the md5 being computed (spec §7.2 names
 * the object by it), the bytes being sent, the record being saved, or the failure's message.
 */
export type UploadPhase =
  | { kind: 'idle' }
  | { kind: 'hashing' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'saving' }
  | { kind: 'failed'; message: string };

/** Whether the dialog's fields are locked: the file is being read, sent or recorded. */
export const uploadBusy = (phase: UploadPhase): boolean =>
  phase.kind === 'hashing' || phase.kind === 'uploading' || phase.kind === 'saving';

export interface UploadPhaseViewProps {
  phase: UploadPhase;
  /** The caller's words for each step; `sending` is given the percentage sent. */
  labels: { hashing: string; sending: (percent: number) => string; saving: string; progress: string };
  /** While the bytes are sent (or hashed): a button that stops the upload, with its words. */
  cancel?: { label: string; onCancel: () => void };
}

/**
 * The progress of a dialog's upload (the firmware and the resource dialogs): a bar with the step
 * in words below it, a cancel while it runs, and the failure in an alert.
 */
export function UploadPhaseView({ phase, labels, cancel }: UploadPhaseViewProps) {
  if (phase.kind === 'failed') return <Alert tone="error">{phase.message}</Alert>;
  if (phase.kind === 'idle') return null;
  const progress = phase.kind === 'uploading' ? phase.progress : phase.kind === 'saving' ? 1 : 0;
  let text = labels.hashing;
  if (phase.kind === 'uploading') text = labels.sending(Math.round(progress * 100));
  if (phase.kind === 'saving') text = labels.saving;
  const stoppable = cancel && (phase.kind === 'hashing' || phase.kind === 'uploading');
  return (
    <div className="flex flex-col gap-1">
      <progress
        value={progress}
        max={1}
        aria-label={labels.progress}
        className="h-2 w-full overflow-hidden rounded-full accent-primary"
      />
      <div className="flex items-center justify-between gap-2">
        <span role="status" className="text-xs text-ink-faint">
          {text}
        </span>
        {stoppable ? (
          <Button size="small" onClick={cancel.onCancel}>
            {cancel.label}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
