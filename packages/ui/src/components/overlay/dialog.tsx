import * as Primitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../../cn.js';
import { CloseButton } from './close-button.js';

export type DialogSize = 'small' | 'medium' | 'large';

const widths: Record<DialogSize, string> = {
  small: 'w-[min(400px,calc(100vw-32px))]',
  medium: 'w-[min(560px,calc(100vw-32px))]',
  large: 'w-[min(880px,calc(100vw-32px))]',
};

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the bottom; they stay visible while a long body scrolls. */
  footer?: ReactNode;
  size?: DialogSize;
  /** Optional element that opens the dialog (rendered as is, e.g. a Button). */
  trigger?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * Opened and closed by its owner through `open`, or, with `onClose` instead, open for as long as
 * the owner renders it: most dialogs are mounted to be shown and unmounted to be closed.
 */
type Openness =
  | { open: boolean; onOpenChange: (open: boolean) => void; onClose?: never }
  | { onClose: () => void; open?: never; onOpenChange?: never };

export type DialogProps = DialogContentProps & Openness;

/**
 * A modal window for forms and details. Focus moves in and is trapped until it closes; Escape,
 * the overlay and the translated close button all ask the owner to close through `onOpenChange`
 * (or `onClose`).
 */
export function Dialog({
  open,
  onOpenChange,
  onClose,
  title,
  description,
  footer,
  size = 'medium',
  trigger,
  children,
  className,
}: DialogProps) {
  return (
    <Primitive.Root
      open={onClose ? true : open}
      onOpenChange={onClose ? (next) => !next && onClose() : onOpenChange}
    >
      {trigger ? <Primitive.Trigger asChild>{trigger}</Primitive.Trigger> : null}
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-black/45" />
        <Primitive.Content
          // Without a description Radix would warn and point aria-describedby at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-64px)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-lg bg-surface shadow-lg focus:outline-none',
            widths[size],
            className,
          )}
        >
          <div className="flex flex-col gap-1 border-b border-line-soft px-6 py-4 pr-14">
            <Primitive.Title className="text-base font-medium text-ink">{title}</Primitive.Title>
            {description ? (
              <Primitive.Description className="text-sm text-ink-soft">{description}</Primitive.Description>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4 text-sm text-ink">{children}</div>
          {footer ? (
            <div className="flex justify-end gap-2 border-t border-line-soft px-6 py-3">{footer}</div>
          ) : null}
          {/* Last in the DOM so initial focus lands on the content, not on "close". */}
          <Primitive.Close asChild>
            <CloseButton className="absolute top-3.5 right-4" />
          </Primitive.Close>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}

/** Closes the surrounding Dialog or Drawer, e.g. `<DialogClose asChild><Button>Cancel</Button></DialogClose>`. */
export const DialogClose = Primitive.Close;
