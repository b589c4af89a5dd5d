import { Badge, cn } from '@vap/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface UnreadLinkProps {
  to: string;
  /** The accessible name, saying how many are unread. */
  label: string;
  count: number;
  icon: ReactNode;
  testId: string;
}

/** An icon of the top bar that leads to its page, with the unread number in its corner. */
export function UnreadLink({ to, label, count, icon, testId }: UnreadLinkProps) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      data-testid={testId}
      data-unread={count}
      className={cn(
        'inline-flex h-8 w-8 items-center justify-center rounded text-ink-soft',
        'hover:bg-canvas hover:text-primary focus-visible:outline-2 focus-visible:outline-primary',
      )}
    >
      <Badge count={count} max={99}>
        {icon}
      </Badge>
    </Link>
  );
}
