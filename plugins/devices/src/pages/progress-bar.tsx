import { cn } from '@vap/ui';

/**
 * A progress of 0–100 as a bar and its percentage: the bar for a glance down a column, the number
 * for reading; the bar is a named progressbar for assistive technology.
 */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value: number;
  label: string;
  className?: string;
}) {
  const percent = Math.round(value);
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <progress
        value={percent}
        max={100}
        aria-label={label}
        className="h-2 w-24 overflow-hidden rounded-full accent-primary"
      />
      <span className="w-10 text-right text-xs text-ink-soft tabular-nums">{percent}%</span>
    </span>
  );
}
