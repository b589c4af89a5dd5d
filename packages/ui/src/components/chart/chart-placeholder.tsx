import { cn } from '../../cn.js';

/** Stands in for the chart (same height, so nothing jumps) while it or its data loads. */
export function ChartPlaceholder({
  height,
  label,
  className,
}: {
  height: number;
  label: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-label={label}
      aria-busy="true"
      style={{ height }}
      className={cn('w-full animate-pulse rounded bg-line-soft', className)}
    />
  );
}
