import { formatDate } from '@vap/contracts';
import { useState } from 'react';
import { useUiT } from '../../i18n.js';
import { DatePopover, type DateTriggerProps } from './date-trigger.js';
import { Calendar } from './lazy-calendar.js';

/** The DayPicker matchers that keep days before `min` and after `max` unselectable. */
export function outsideBounds(min?: Date, max?: Date) {
  return [...(min ? [{ before: min }] : []), ...(max ? [{ after: max }] : [])];
}

/** The month a calendar opens on: the chosen day's, else today's kept within min and max. */
export function initialMonth(value: Date | null | undefined, min?: Date, max?: Date): Date {
  const today = new Date();
  if (value) return value;
  if (max && max < today) return max;
  if (min && min > today) return min;
  return today;
}

export interface DatePickerProps extends DateTriggerProps {
  value: Date | null;
  onChange: (value: Date | null) => void;
  /** The first and last selectable days. */
  min?: Date;
  max?: Date;
  /** Shown while no day is chosen; a translated "Select date" by default. */
  placeholder?: string;
  disabled?: boolean;
  /** Offers a clear button while a day is chosen (default true). */
  clearable?: boolean;
  className?: string;
}

/**
 * A single day chosen from a calendar in a popover. The calendar takes the focus when it opens
 * (arrow keys move, Enter picks, Escape closes) and closes once a day is picked.
 */
export function DatePicker({ value, onChange, min, max, placeholder, ...frame }: DatePickerProps) {
  const t = useUiT();
  const [open, setOpen] = useState(false);
  return (
    <DatePopover
      open={open}
      onOpenChange={setOpen}
      // The console's one date writer (yyyy-MM-dd in every language): date-fns' format, with its
      // locale's formatters, would be some 15 KB of every filtered list's first load.
      text={value ? formatDate(value) : null}
      placeholder={placeholder ?? t('form.datePlaceholder')}
      onClear={() => onChange(null)}
      {...frame}
    >
      <Calendar
        mode="single"
        required
        autoFocus
        selected={value ?? undefined}
        defaultMonth={initialMonth(value, min, max)}
        startMonth={min}
        endMonth={max}
        disabled={outsideBounds(min, max)}
        onSelect={(day) => {
          onChange(day);
          setOpen(false);
        }}
      />
    </DatePopover>
  );
}
