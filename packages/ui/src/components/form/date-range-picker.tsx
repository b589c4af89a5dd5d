import { formatDate } from '@vap/contracts';
import { endOfDay, startOfDay, subDays } from 'date-fns';
import { type ReactNode, useState } from 'react';
import { useUiT } from '../../i18n.js';
import { Button } from '../button.js';
import { initialMonth, outsideBounds } from './date-picker.js';
import { DatePopover, type DateTriggerProps } from './date-trigger.js';
import { Calendar } from './lazy-calendar.js';

/** A chosen range of whole days, both ends included. */
export interface DateRangeValue {
  from: Date;
  to: Date;
}

/** A quick choice beside the calendar, e.g. "Last 7 days". */
export interface DateRangePreset {
  label: ReactNode;
  /** Computed when clicked, so that "today" is the day of the click. */
  range: () => DateRangeValue;
}

/** The last `days` days, today included. */
export function lastDays(days: number): DateRangeValue {
  const today = startOfDay(new Date());
  return { from: subDays(today, days - 1), to: today };
}

/**
 * The instants a range of whole days covers in local time, as ISO 8601: from the start of its first
 * day to the end of its last, e.g. the `v` of a `{ k: 'created_at', o: 'between' }` list filter.
 */
export function wholeDays(range: DateRangeValue): [string, string] {
  return [startOfDay(range.from).toISOString(), endOfDay(range.to).toISOString()];
}

export interface DateRangePickerProps extends DateTriggerProps {
  value: DateRangeValue | null;
  onChange: (value: DateRangeValue | null) => void;
  /** The first and last selectable days. */
  min?: Date;
  max?: Date;
  /** Shown while no range is chosen; a translated "Start date ~ End date" by default. */
  placeholder?: string;
  disabled?: boolean;
  /** Offers a clear button while a range is chosen (default true). */
  clearable?: boolean;
  /** Quick choices; "Last 7 days" and "Last 30 days" by default, [] for none. */
  presets?: readonly DateRangePreset[];
  className?: string;
}

/**
 * A range of days picked as two clicks (or Enter presses) in a two-month calendar, or with a
 * preset. The order of the clicks does not matter; the popover closes once the range is complete.
 */
export function DateRangePicker({
  value,
  onChange,
  min,
  max,
  placeholder,
  presets,
  ...frame
}: DateRangePickerProps) {
  const t = useUiT();
  const [open, setOpen] = useState(false);
  /** The first day clicked, while the second is awaited. */
  const [anchor, setAnchor] = useState<Date | null>(null);
  const quick = presets ?? [
    { label: t('form.last7Days'), range: () => lastDays(7) },
    { label: t('form.last30Days'), range: () => lastDays(30) },
  ];

  const openChange = (next: boolean) => {
    setAnchor(null);
    setOpen(next);
  };
  const commit = (range: DateRangeValue) => {
    onChange(range);
    openChange(false);
  };
  const pick = (day: Date) => {
    if (!anchor) {
      setAnchor(day);
      return;
    }
    commit(anchor <= day ? { from: anchor, to: day } : { from: day, to: anchor });
  };
  const allowed = (range: DateRangeValue) =>
    !(min && range.from < startOfDay(min)) && !(max && range.to > max);

  return (
    <DatePopover
      open={open}
      onOpenChange={openChange}
      text={value ? `${formatDate(value.from)} ~ ${formatDate(value.to)}` : null}
      placeholder={placeholder ?? t('form.rangePlaceholder')}
      onClear={() => onChange(null)}
      {...frame}
    >
      <Calendar
        mode="range"
        autoFocus
        numberOfMonths={2}
        selected={anchor ? { from: anchor, to: anchor } : (value ?? undefined)}
        defaultMonth={initialMonth(value?.from, min, max)}
        startMonth={min}
        endMonth={max}
        disabled={outsideBounds(min, max)}
        onSelect={(_range, day) => pick(day)}
      />
      {quick.length > 0 ? (
        <fieldset className="mt-2 flex flex-wrap gap-2 border-t border-line-soft pt-2">
          <legend className="sr-only">{t('form.presets')}</legend>
          {quick.map((preset, index) => {
            const range = preset.range();
            return (
              <Button
                // Presets are a fixed list; their labels may be elements, so the index is the key.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                key={index}
                size="small"
                variant="link"
                className="h-6 px-1"
                disabled={!allowed(range)}
                onClick={() => commit(preset.range())}
              >
                {preset.label}
              </Button>
            );
          })}
        </fieldset>
      ) : null}
    </DatePopover>
  );
}
