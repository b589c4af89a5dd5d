import { type ChangeEvent, type Ref, type TextareaHTMLAttributes, useId, useState } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** Length of the current text, counted like the browser's `maxLength` (UTF-16 code units). */
function lengthOf(value: TextareaProps['value']): number {
  if (value === undefined || value === null) return 0;
  return Array.isArray(value) ? value.join(',').length : String(value).length;
}

/**
 * A multi-line input with the look of `Input`. With `maxLength` it shows how much of the limit is
 * used ("12 / 200"); screen readers get the same count as a sentence through aria-describedby.
 */
export function Textarea({
  className,
  maxLength,
  value,
  defaultValue,
  onChange,
  rows = 3,
  'aria-describedby': describedBy,
  ...props
}: TextareaProps) {
  const t = useUiT();
  const countId = useId();
  // Uncontrolled textareas are counted from their own changes.
  const [typed, setTyped] = useState(() => lengthOf(defaultValue));
  const count = value !== undefined ? lengthOf(value) : typed;
  const counted = maxLength !== undefined;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setTyped(event.target.value.length);
    onChange?.(event);
  };

  const textarea = (
    <textarea
      rows={rows}
      maxLength={maxLength}
      value={value}
      defaultValue={defaultValue}
      onChange={handleChange}
      aria-describedby={[describedBy, counted ? countId : undefined].filter(Boolean).join(' ') || undefined}
      className={cn(
        'block w-full rounded border border-line bg-surface px-3 py-1.5 text-sm text-ink placeholder:text-ink-faint',
        'hover:border-primary focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20',
        'disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-faint',
        'aria-invalid:border-danger aria-invalid:focus:ring-danger/20',
        counted && 'pb-6',
        className,
      )}
      {...props}
    />
  );
  if (!counted) return textarea;
  return (
    <div className="relative w-full">
      {textarea}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute right-2 bottom-1 text-xs text-ink-faint tabular-nums"
      >
        {t('form.characterCount', { count, max: maxLength })}
      </span>
      <span id={countId} className="sr-only">
        {t('form.characterCountLabel', { count, max: maxLength })}
      </span>
    </div>
  );
}
