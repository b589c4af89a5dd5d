import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useUiT } from '../../i18n.js';
import { Button } from '../button.js';
import { Dialog, type DialogSize } from '../overlay/dialog.js';
import { Form, SubmitButton } from './form.js';

export interface FormDialogProps<Values extends FieldValues, Output> {
  form: UseFormReturn<Values, unknown, Output>;
  /** The dialog's title, also the form's accessible name. */
  title: string;
  description?: ReactNode;
  size?: DialogSize;
  /** Runs with the validated values; Save shows it pending until its promise settles. */
  onSubmit: (values: Output) => unknown;
  /** Cancel, Escape, the overlay and the close button all call it. */
  onClose: () => void;
  /** The submit button's text; `Save` by default. */
  submitLabel?: ReactNode;
  /** The closing button's text; `Cancel` by default (`Later` for a form that can wait). */
  cancelLabel?: ReactNode;
  /** Shown while true (the default): a form may close itself before what follows its submission. */
  open?: boolean;
  children: ReactNode;
}

/**
 * The dialog of every add and edit form: a modal titled by the form, its fields, then Cancel and a
 * Save that shows the submission pending. A failed submission keeps the dialog and what was typed.
 */
export function FormDialog<Values extends FieldValues, Output>({
  form,
  title,
  description,
  size = 'medium',
  onSubmit,
  onClose,
  submitLabel,
  cancelLabel,
  open = true,
  children,
}: FormDialogProps<Values, Output>) {
  const t = useUiT();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
      size={size}
    >
      <Form form={form} onSubmit={onSubmit} aria-label={title}>
        {children}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{cancelLabel ?? t('overlay.cancel')}</Button>
          <SubmitButton>{submitLabel ?? t('overlay.save')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
