import { Button } from '@vap/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';

interface DialogButtonProps {
  label: string;
  /** Its accessible name when the label alone says too little ("Buy" → "Buy Helmet detection"). */
  ariaLabel: string;
  variant?: 'primary' | 'default';
  className?: string;
  /** The dialog, given how it closes; made anew at each opening. */
  dialog: (onClose: () => void) => ReactNode;
}

/**
 * A button that opens a dialog. Each opening is a new dialog (a new purchase, a new trial). The
 * dialog has no trigger of its own (it is fetched on first use), so closing it gives the focus
 * back to this button, as a dialog's trigger gets it back.
 */
export function DialogButton({
  label,
  ariaLabel,
  variant = 'default',
  className,
  dialog,
}: DialogButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (open) opened.current = true;
    else if (opened.current) button.current?.focus();
  }, [open]);
  return (
    <>
      <Button
        ref={button}
        variant={variant}
        className={className}
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open ? dialog(() => setOpen(false)) : null}
    </>
  );
}
