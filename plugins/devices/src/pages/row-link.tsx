import { Button, cn } from '@vap/ui';
import type { ReactNode } from 'react';

/** An action of a CompactTable's row: a link button, named for its row (`name`) to a screen reader. */
export function RowLink({
  name,
  danger = false,
  onClick,
  children,
}: {
  name: string;
  /** Destructive (delete): drawn in the danger colour. */
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      variant="link"
      className={cn('px-1', danger && 'text-danger')}
      aria-label={name}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
