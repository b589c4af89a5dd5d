import type { ReactNode } from 'react';
import { cn } from '../../cn.js';

export interface DescriptionItem {
  label: ReactNode;
  value: ReactNode;
  /** How many columns the pair spans (clamped to the grid). */
  span?: number;
  /** A stable key when labels are not plain strings. */
  key?: string;
}

export type DescriptionColumns = 1 | 2 | 3 | 4;

export interface DescriptionsProps {
  items: readonly DescriptionItem[];
  /** Columns on wide screens; narrower screens drop to 2, then 1. */
  columns?: DescriptionColumns;
  title?: ReactNode;
  /** Cells with borders, label on a tinted background. */
  bordered?: boolean;
  className?: string;
}

// Tailwind needs whole class names, so the responsive grids and spans are listed out.
const grids: Record<DescriptionColumns, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-1 sm:grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
  4: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
};
const lgSpans: Record<number, string> = { 2: 'lg:col-span-2', 3: 'lg:col-span-3', 4: 'lg:col-span-4' };

function spanClass(span: number | undefined, columns: DescriptionColumns): string | undefined {
  const wanted = Math.min(Math.max(Math.floor(span ?? 1), 1), columns);
  if (wanted < 2) return undefined;
  if (columns === 2) return 'sm:col-span-2';
  return cn('sm:col-span-2', lgSpans[wanted]);
}

/** True for values that have nothing to show; they are rendered as a dash. */
function isEmpty(value: ReactNode): boolean {
  return (
    value === null ||
    value === undefined ||
    value === false ||
    (typeof value === 'string' && value.trim() === '')
  );
}

/** Read-only label/value pairs (device detail, order detail) in a responsive grid, as a <dl>. */
export function Descriptions({ items, columns = 3, title, bordered = false, className }: DescriptionsProps) {
  return (
    <section className={cn('flex flex-col gap-3', className)}>
      {title ? <h3 className="text-base font-medium text-ink">{title}</h3> : null}
      <dl
        className={cn(
          'grid text-sm',
          grids[columns],
          bordered ? 'overflow-hidden rounded border-t border-l border-line-soft' : 'gap-x-6 gap-y-3',
        )}
      >
        {items.map((item, index) => (
          <div
            key={item.key ?? (typeof item.label === 'string' ? item.label : index)}
            className={cn(
              'flex min-w-0',
              bordered ? 'border-r border-b border-line-soft' : 'gap-2',
              spanClass(item.span, columns),
            )}
          >
            <dt
              className={cn(
                'shrink-0 text-ink-soft',
                bordered ? 'w-32 border-r border-line-soft bg-canvas px-4 py-2.5' : undefined,
              )}
            >
              {item.label}
            </dt>
            <dd className={cn('min-w-0 break-words text-ink', bordered && 'flex-1 px-4 py-2.5')}>
              {isEmpty(item.value) ? '-' : item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
