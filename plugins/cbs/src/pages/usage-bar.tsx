import { cn } from '@vap/ui';
import { type QuotaLevel, quotaLevel } from '../cloud.js';

interface UsageBarProps {
  /** The share of the quota used (1 is all of it; more when over). */
  share: number;
  /** Names the bar for assistive technology. */
  label: string;
  className?: string;
}

/**
 * The value's colour per level. A `<progress>` given a size or rounded corners loses the browser's
 * own rendering, and Chromium then paints its value green whatever `accent-color` says: the parts
 * are coloured here (`::-webkit-progress-*`, Firefox's `::-moz-progress-bar`). Over the quota the
 * bar is full and striped, so that it is not mistaken for a bar just filled.
 */
const VALUE: Record<QuotaLevel, string> = {
  normal: '[&::-webkit-progress-value]:bg-primary-accent [&::-moz-progress-bar]:bg-primary-accent',
  near: '[&::-webkit-progress-value]:bg-warning [&::-moz-progress-bar]:bg-warning',
  over:
    '[&::-webkit-progress-value]:bg-[repeating-linear-gradient(135deg,var(--color-danger)_0_6px,color-mix(in_srgb,var(--color-danger)_65%,white)_6px_12px)] ' +
    '[&::-moz-progress-bar]:bg-[repeating-linear-gradient(135deg,var(--color-danger)_0_6px,color-mix(in_srgb,var(--color-danger)_65%,white)_6px_12px)]',
};

/**
 * A share of a quota as a bar: the theme's colour, the warning colour from NEAR_QUOTA_SHARE on, the
 * danger colour striped once full or over (`data-level` says which). A named progressbar for
 * assistive technology, whose value is the share, beyond 100 % when over.
 */
export function UsageBar({ share, label, className }: UsageBarProps) {
  const percent = Math.round(share * 100);
  const level = quotaLevel(share);
  return (
    <progress
      value={Math.min(percent, 100)}
      max={100}
      aria-label={label}
      aria-valuetext={`${percent}%`}
      data-level={level}
      className={cn(
        'h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-line-soft',
        '[&::-webkit-progress-bar]:bg-line-soft [&::-webkit-progress-value]:rounded-full',
        VALUE[level],
        className,
      )}
    />
  );
}
