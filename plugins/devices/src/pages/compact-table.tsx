import { Button, cn } from '@vap/ui';
import type { ReactNode } from 'react';

/**
 * A small table inside a dialog (the firmware packages, the configuration templates): its own
 * scroll, a header that stays, the rows given as they are.
 */
export function CompactTable({
  label,
  headers,
  children,
}: {
  label: string;
  headers: string[];
  children: ReactNode;
}) {
  return (
    <div className="max-h-96 overflow-auto rounded border border-line-soft">
      <table aria-label={label} className="w-full text-sm">
        <thead className="sticky top-0 bg-canvas">
          <tr>
            {headers.map((header) => (
              <th
                key={header}
                scope="col"
                className="px-3 py-1.5 text-left font-medium whitespace-nowrap text-ink"
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

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
