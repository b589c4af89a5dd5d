import type { ReactNode } from 'react';
import { cn } from '../../cn.js';

export interface CompactTableProps {
  /** The table's accessible name. */
  label: string;
  headers: readonly string[];
  /** The scroll box's classes (its height: `max-h-96` unless given). */
  className?: string;
  /** The rows, `<tr>`s as they are. */
  children: ReactNode;
}

/**
 * A small table inside a dialog (firmware packages, configuration templates, imported phones): its
 * own scroll, a header that stays, the rows given as they are.
 */
export function CompactTable({ label, headers, className, children }: CompactTableProps) {
  return (
    <div className={cn('max-h-96 overflow-auto rounded border border-line-soft', className)}>
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
