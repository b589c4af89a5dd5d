/**
 * The date pickers' calendar, loaded when a picker first opens: react-day-picker and date-fns'
 * locales are some 20 KB brotli that every list page with a date filter would otherwise load with
 * its first paint (issue 30 §5), though most visits never open a calendar. `CalendarPopover`
 * shows the popover once the calendar is there, so that it opens whole.
 */
import { lazyExport } from '@vap/kernel';
import { type ComponentProps, type ReactNode, Suspense } from 'react';
import { PopoverContent } from './popover.js';

export const Calendar = lazyExport(() => import('./calendar.js'), 'Calendar');

export function CalendarPopover({
  children,
  ...props
}: ComponentProps<typeof PopoverContent> & { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <PopoverContent {...props}>{children}</PopoverContent>
    </Suspense>
  );
}
