import { cn } from '../../cn.js';

export type DotTone = 'default' | 'primary' | 'success' | 'warning' | 'danger';

const tones: Record<DotTone, string> = {
  default: 'bg-ink-faint',
  primary: 'bg-primary',
  success: 'bg-success',
  warning: 'bg-warning',
  danger: 'bg-danger',
};

export interface DotProps {
  tone?: DotTone;
  /**
   * What the colour means ("Online"), translated by the caller: colour alone is not accessible.
   * Read by screen readers, and shown next to the dot when `showLabel`.
   */
  label: string;
  showLabel?: boolean;
  className?: string;
}

/** A small status dot (device online/offline, job state). */
export function Dot({ tone = 'default', label, showLabel = false, className }: DotProps) {
  if (showLabel) {
    return (
      <span className={cn('inline-flex items-center gap-2 text-sm text-ink', className)}>
        <span aria-hidden="true" className={cn('h-2 w-2 shrink-0 rounded-full', tones[tone])} />
        {label}
      </span>
    );
  }
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn('inline-block h-2 w-2 shrink-0 rounded-full', tones[tone], className)}
    />
  );
}
