import type { ReactNode } from 'react';
import { cn } from '../../cn.js';

export interface BadgeProps {
  /** The number to show; hidden at 0 unless `showZero`. */
  count?: number;
  /** Counts above this read "max+" (default 99 → "99+"). */
  max?: number;
  /** A plain dot instead of a number ("something new"). */
  dot?: boolean;
  showZero?: boolean;
  /** Accessible text of the badge, e.g. "5 unread messages"; otherwise the number is read. */
  label?: string;
  /** The element the badge sits on (an icon, an avatar); without it the badge stands alone. */
  children?: ReactNode;
  className?: string;
}

/** Formats a count for display, capping it: `formatCount(120, 99)` → "99+". */
export function formatCount(count: number, max = 99): string {
  return count > max ? `${max}+` : String(count);
}

/** A count or a dot in the corner of something (unread notices, pending orders). */
export function Badge({
  count = 0,
  max = 99,
  dot = false,
  showZero = false,
  label,
  children,
  className,
}: BadgeProps) {
  const visible = dot || count > 0 || showZero;
  const indicator = visible ? (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : dot ? { 'aria-hidden': true } : {})}
      className={cn(
        'inline-flex items-center justify-center rounded-full bg-danger font-medium text-white ring-2 ring-surface',
        dot ? 'h-2 w-2' : 'h-[18px] min-w-[18px] px-1.5 text-xs leading-none',
        children ? 'absolute top-0 right-0 translate-x-1/2 -translate-y-1/2' : null,
        className,
      )}
    >
      {dot ? null : formatCount(count, max)}
    </span>
  ) : null;
  if (!children) return indicator;
  return (
    <span className="relative inline-flex">
      {children}
      {indicator}
    </span>
  );
}
