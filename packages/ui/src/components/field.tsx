import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '../cn.js';

export interface FieldProps {
  label: ReactNode;
  /** The translated validation message; marks the control invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** One form control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<{
    id?: string;
    'aria-invalid'?: boolean;
    'aria-required'?: boolean;
    'aria-describedby'?: string;
    'aria-labelledby'?: string;
  }>;
}

/** A labelled form control with its message, wired for screen readers. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const labelId = `${id}-label`;
  const message = error ?? hint;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      {/* The asterisk stays outside the label so that the control's accessible name is the label alone. */}
      <div className="flex items-baseline text-sm text-ink">
        {required ? (
          <span aria-hidden="true" className="mr-1 text-danger">
            *
          </span>
        ) : null}
        <label id={labelId} htmlFor={id}>
          {label}
        </label>
      </div>
      {cloneElement(children, {
        id,
        // Also names controls a <label for> cannot, such as a radio group.
        'aria-labelledby': labelId,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
        ...(message ? { 'aria-describedby': messageId } : {}),
      })}
      {message ? (
        <p
          id={messageId}
          role={error ? 'alert' : undefined}
          className={cn('text-xs', error ? 'text-danger' : 'text-ink-faint')}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
