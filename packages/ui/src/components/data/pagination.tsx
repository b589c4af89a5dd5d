import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@vap/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { controlSizeClass, useControlSize } from '../../size.js';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  size: number;
  /** How many rows match in all. */
  total: number;
  /** A new page or page size; a size change goes back to page 1. */
  onChange: (page: number, size: number) => void;
  /** The sizes offered; the spec's list sizes unless a page needs others (e.g. 1000 for a log). */
  pageSizes?: readonly number[];
  disabled?: boolean;
  className?: string;
}

/** How many pages `total` rows fill; an empty list still has page 1. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

/**
 * The page buttons to show: all when few, otherwise the first, the last and a window around the
 * current one, with `'gap'` where pages are left out.
 */
export function pageItems(page: number, count: number): (number | 'gap')[] {
  if (count <= 7) return Array.from({ length: count }, (_, index) => index + 1);
  let start = Math.max(2, Math.min(page - 1, count - 4));
  let end = Math.min(count - 1, Math.max(page + 1, 5));
  // A gap that would hide a single page shows that page instead.
  if (start === 3) start = 2;
  if (end === count - 2) end = count - 1;
  const items: (number | 'gap')[] = [1];
  if (start > 2) items.push('gap');
  for (let value = start; value <= end; value++) items.push(value);
  if (end < count - 1) items.push('gap');
  items.push(count);
  return items;
}

const pageButton =
  'inline-flex min-w-8 items-center justify-center rounded border px-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50';

/** The pager under a list: total, page buttons, page size and a jump-to-page box. */
export function Pagination({
  page,
  size,
  total,
  onChange,
  pageSizes = PAGE_SIZES,
  disabled,
  className,
}: PaginationProps) {
  const t = useUiT();
  const controlSize = useControlSize();
  const jumpId = useId();
  const [jump, setJump] = useState('');
  const count = pageCount(total, size);
  const sizes = pageSizes.includes(size) ? pageSizes : [...pageSizes, size].sort((a, b) => a - b);
  const go = (target: number) => {
    const next = Math.min(count, Math.max(1, target));
    if (next !== page) onChange(next, size);
  };
  const onJumpKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const target = Number.parseInt(jump, 10);
    if (Number.isFinite(target)) go(target);
    setJump('');
  };
  const height = controlSize === 'small' ? 'h-7' : 'h-8';

  return (
    <nav
      aria-label={t('data.pagination')}
      className={cn('flex flex-wrap items-center justify-end gap-2 text-sm text-ink-soft', className)}
    >
      <span>{t('data.total', { total })}</span>
      <button
        type="button"
        className={cn(pageButton, height, 'border-line bg-surface text-ink hover:text-primary')}
        aria-label={t('data.previous')}
        disabled={disabled || page <= 1}
        onClick={() => go(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
      </button>
      <ul className="flex items-center gap-1">
        {pageItems(page, count).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, told apart by where they stand.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-faint">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={cn(
                  pageButton,
                  height,
                  item === page
                    ? 'border-primary bg-surface text-primary'
                    : 'border-transparent text-ink hover:text-primary',
                )}
                aria-label={t('data.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={cn(pageButton, height, 'border-line bg-surface text-ink hover:text-primary')}
        aria-label={t('data.next')}
        disabled={disabled || page >= count}
        onClick={() => go(page + 1)}
      >
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
      <select
        aria-label={t('data.pageSizeLabel')}
        className={cn(
          controlSizeClass[controlSize],
          'rounded border border-line bg-surface text-ink hover:border-primary focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20',
        )}
        value={size}
        disabled={disabled}
        onChange={(event) => onChange(1, Number(event.target.value) || DEFAULT_PAGE_SIZE)}
      >
        {sizes.map((option) => (
          <option key={option} value={option}>
            {t('data.pageSize', { size: option })}
          </option>
        ))}
      </select>
      <span className="flex items-center gap-1">
        <label htmlFor={jumpId}>{t('data.jumpTo')}</label>
        <input
          id={jumpId}
          aria-label={t('data.jumpLabel')}
          inputMode="numeric"
          className={cn(
            controlSizeClass[controlSize],
            'w-14 rounded border border-line bg-surface text-center text-ink hover:border-primary focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20',
          )}
          value={jump}
          disabled={disabled}
          onChange={(event) => setJump(event.target.value.replace(/\D/g, ''))}
          onKeyDown={onJumpKey}
        />
      </span>
    </nav>
  );
}
