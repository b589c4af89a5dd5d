import { useId, useRef } from 'react';
import { Button } from '../button.js';
import { formatFileSize } from './file-size.js';

export interface FileChooserProps {
  /** File types the browser's picker offers: `.bin`, `.xlsx,.csv`. */
  accept?: string;
  /** The button's words, and what shows while no file is chosen. */
  chooseLabel: string;
  noFileLabel: string;
  file: File | null;
  onChoose: (file: File | undefined) => void;
  disabled?: boolean;
  testId: string;
}

/**
 * A button that opens the browser's file picker, and the file chosen with its size (units of
 * 1024, spec §9): the devices' import, firmware and white-list dialogs, the resource dialog. The input itself is hidden,
 * so that the button looks like the others; choosing the same file again is a new choice.
 */
export function FileChooser({
  accept,
  chooseLabel,
  noFileLabel,
  file,
  onChoose,
  disabled,
  testId,
}: FileChooserProps) {
  const input = useRef<HTMLInputElement>(null);
  const hint = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          onChoose(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid={testId}
      />
      <Button disabled={disabled} aria-describedby={hint} onClick={() => input.current?.click()}>
        {chooseLabel}
      </Button>
      <span id={hint} className="text-sm text-ink-soft">
        {file ? `${file.name} (${formatFileSize(file.size)})` : noFileLabel}
      </span>
    </div>
  );
}
