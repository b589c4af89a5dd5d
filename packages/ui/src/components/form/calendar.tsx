import { useLanguage } from '@vap/kernel/i18n';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ClassNames, DayPicker, type DayPickerProps } from 'react-day-picker';
import { enUS } from 'react-day-picker/locale/en-US';
import { zhCN } from 'react-day-picker/locale/zh-CN';
import { zhTW } from 'react-day-picker/locale/zh-TW';
import { cn } from '../../cn.js';

/**
 * The date-fns locale (extended with DayPicker's translated labels) of the console's current
 * language, so that month names, weekdays and day labels switch with the rest of the console.
 */
export function useDateLocale() {
  const language = useLanguage();
  if (language === 'zh-TW') return zhTW;
  if (language === 'en' || language.startsWith('en-')) return enUS;
  return zhCN;
}

/** Tailwind classes for DayPicker's parts; its own stylesheet is not used. */
const calendarClassNames: Partial<ClassNames> = {
  root: 'relative select-none',
  months: 'flex flex-wrap gap-4',
  month: 'flex flex-col gap-2',
  month_caption: 'flex h-8 items-center justify-center',
  caption_label: 'text-sm font-medium text-ink',
  nav: 'pointer-events-none absolute inset-x-0 top-0 flex h-8 items-center justify-between',
  button_previous:
    'pointer-events-auto inline-flex h-7 w-7 items-center justify-center rounded text-ink-soft hover:bg-black/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary aria-disabled:opacity-40',
  button_next:
    'pointer-events-auto inline-flex h-7 w-7 items-center justify-center rounded text-ink-soft hover:bg-black/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary aria-disabled:opacity-40',
  month_grid: 'border-collapse',
  weekday: 'h-8 w-8 text-xs font-normal text-ink-faint',
  day: 'p-0 text-center text-sm text-ink',
  day_button:
    'h-8 w-8 rounded hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary disabled:cursor-not-allowed disabled:hover:bg-transparent',
  today: 'font-semibold text-primary',
  outside: 'text-ink-faint',
  disabled: 'text-ink-faint opacity-50',
  hidden: 'invisible',
  selected: '[&>button]:bg-primary [&>button]:text-white',
  range_start: '[&>button]:bg-primary [&>button]:text-white',
  range_end: '[&>button]:bg-primary [&>button]:text-white',
  range_middle: '[&>button]:bg-primary-soft! [&>button]:text-primary! [&>button]:rounded-none',
};

function Chevron({
  orientation,
  className,
}: {
  orientation?: 'up' | 'down' | 'left' | 'right';
  className?: string;
}) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon aria-hidden="true" className={cn('h-4 w-4', className)} />;
}

/** A month calendar (react-day-picker) in the console's language and look; arrow keys move between days. */
export function Calendar({ className, classNames, ...props }: DayPickerProps) {
  const locale = useDateLocale();
  return (
    <DayPicker
      locale={locale}
      showOutsideDays
      className={className}
      classNames={{ ...calendarClassNames, ...classNames }}
      components={{ Chevron }}
      {...props}
    />
  );
}
