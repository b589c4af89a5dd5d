import * as Primitive from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button } from './button.js';

export interface AlertDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmText: ReactNode;
  /** Shown only when given: an alert has one button, a confirmation two. */
  cancelText?: ReactNode;
  onConfirm: () => void;
  onCancel?: () => void;
  tone?: 'primary' | 'danger';
}

/** A modal that needs an answer: focus is trapped and Escape means cancel (or confirm for alerts). */
export function AlertDialog({
  open,
  title,
  description,
  confirmText,
  cancelText,
  onConfirm,
  onCancel,
  tone = 'primary',
}: AlertDialogProps) {
  return (
    <Primitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) (onCancel ?? onConfirm)();
      }}
    >
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-black/45" />
        <Primitive.Content className="fixed top-1/2 left-1/2 z-50 w-[min(420px,calc(100vw-32px))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 shadow-lg focus:outline-none">
          <Primitive.Title className="text-base font-medium text-ink">{title}</Primitive.Title>
          {description ? (
            <Primitive.Description className="mt-2 text-sm text-ink-soft">
              {description}
            </Primitive.Description>
          ) : null}
          <div className="mt-6 flex justify-end gap-2">
            {cancelText ? (
              <Primitive.Cancel asChild>
                <Button>{cancelText}</Button>
              </Primitive.Cancel>
            ) : null}
            <Primitive.Action asChild>
              <Button variant={tone} onClick={onConfirm}>
                {confirmText}
              </Button>
            </Primitive.Action>
          </div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
