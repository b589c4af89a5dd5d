import { CalendarDays, X } from 'lucide-react';
import { type ReactNode, type Ref, useRef } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { controlSizeClass, useControlSize } from '../../size.js';
import { CalendarPopover } from './lazy-calendar.js';
import { Popover, PopoverTrigger } from './popover.js';

/** The props a date picker hands to its trigger (some of them set by `Field`). */
export interface DateTriggerProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

interface Props extends DateTriggerProps {
  /** The formatted value, or null to show the placeholder. */
  text: string | null;
  placeholder: string;
  disabled?: boolean;
  className?: string;
  /** Accessible name of the clear button; no clear button without it. */
  clearLabel?: string;
  onClear?: () => void;
}

/**
 * The input-like button that opens a date picker's popover, with a clear button beside it (a
 * sibling, since a button may not contain another button). Clearing returns focus to the trigger.
 * Named by a Field's label, or by `aria-label` (a list's filter, which shows no label) followed by
 * what it shows: a button's visible text is its label, which its name must contain (WCAG 2.5.3),
 * and it says which days are chosen.
 */
export function DateTrigger({
  text,
  placeholder,
  disabled,
  className,
  clearLabel,
  onClear,
  ref,
  'aria-label': label,
  ...aria
}: Props) {
  const size = useControlSize();
  const own = useRef<HTMLButtonElement | null>(null);
  const setRef = (element: HTMLButtonElement | null) => {
    own.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  const showClear = Boolean(clearLabel && onClear && text !== null && !disabled);
  return (
    <div className={cn('relative w-full', className)}>
      <PopoverTrigger asChild>
        <button
          ref={setRef}
          type="button"
          disabled={disabled}
          className={cn(
            controlSizeClass[size],
            'flex w-full items-center gap-2 rounded border border-line bg-surface text-left tabular-nums',
            'hover:border-primary focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20',
            'disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-faint',
            'aria-invalid:border-danger aria-invalid:focus:ring-danger/20',
            text === null ? 'text-ink-faint' : 'text-ink',
            showClear && 'pr-8',
          )}
          {...aria}
          aria-label={label ? `${label} ${text ?? placeholder}` : label}
        >
          <span className="flex-1 truncate">{text ?? placeholder}</span>
          {showClear ? null : <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0 text-ink-faint" />}
        </button>
      </PopoverTrigger>
      {showClear ? (
        <button
          type="button"
          aria-label={clearLabel}
          onClick={() => {
            onClear?.();
            own.current?.focus();
          }}
          className="absolute inset-y-0 right-2 my-auto flex h-5 w-5 items-center justify-center rounded text-ink-faint hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
        >
          <X aria-hidden="true" className="h-3.5 w-3.5" />
        </button>
      ) : null}
    </div>
  );
}

interface DatePopoverProps extends Omit<Props, 'clearLabel'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Offers the clear button while something is chosen (default true). */
  clearable?: boolean;
  /** The calendar, and what goes below it. */
  children: ReactNode;
}

/** A date picker's frame: its trigger, and the popover of its calendar. */
export function DatePopover({
  open,
  onOpenChange,
  clearable = true,
  children,
  ...trigger
}: DatePopoverProps) {
  const t = useUiT();
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <DateTrigger clearLabel={clearable ? t('form.clearDate') : undefined} {...trigger} />
      <CalendarPopover
        aria-label={t('form.calendar')}
        className="w-auto p-2"
        // The calendar focuses the chosen day (or today) itself; Radix would focus the nav button.
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        {children}
      </CalendarPopover>
    </Popover>
  );
}
