import { cn } from '@vap/ui';
import { isNear } from '../cloud.js';

interface UsageBarProps {
  /** The share of the quota used (1 is all of it; more when over). */
  share: number;
  /** Names the bar for assistive technology. */
  label: string;
  className?: string;
}

/**
 * A share of a quota as a bar: the theme's colour, the warning colour from NEAR_QUOTA_SHARE on, the
 * danger colour once full. A named progressbar for assistive technology, whose value is the share.
 */
export function UsageBar({ share, label, className }: UsageBarProps) {
  const percent = Math.round(share * 100);
  return (
    <progress
      value={Math.min(percent, 100)}
      max={100}
      aria-label={label}
      aria-valuetext={`${percent}%`}
      className={cn(
        'h-2 w-full overflow-hidden rounded-full',
        share >= 1 ? 'accent-danger' : isNear(share) ? 'accent-warning' : 'accent-primary',
        className,
      )}
    />
  );
}
