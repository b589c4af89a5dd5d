import type { ReactNode } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';

export interface SkeletonProps {
  /** Number of text lines (default 3; the last one is shorter). 0 for none. */
  lines?: number;
  /** A round avatar placeholder before the lines. */
  avatar?: boolean;
  /** A solid block (chart, image) of this height in px, instead of lines. */
  block?: number;
  /** When given and false, the children are shown instead of the placeholder. */
  loading?: boolean;
  children?: ReactNode;
  className?: string;
}

const bone = 'animate-pulse rounded bg-line-soft';

/**
 * Grey shapes where content is loading. Busy for assistive technology, with a translated
 * "Loading" for screen readers since the shapes themselves say nothing.
 */
export function Skeleton({
  lines = 3,
  avatar = false,
  block,
  loading = true,
  children,
  className,
}: SkeletonProps) {
  const t = useUiT();
  if (!loading) return <>{children}</>;
  return (
    <div role="status" aria-busy="true" className={cn('flex w-full gap-4', className)}>
      <span className="sr-only">{t('overlay.loading')}</span>
      {avatar ? <div aria-hidden="true" className={cn(bone, 'h-10 w-10 shrink-0 rounded-full')} /> : null}
      <div aria-hidden="true" className="flex flex-1 flex-col gap-3">
        {block !== undefined ? (
          <div data-skeleton="block" className={bone} style={{ height: `${block}px` }} />
        ) : (
          Array.from({ length: lines }, (_, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines
              key={index}
              data-skeleton="line"
              className={cn(bone, 'h-4', index === lines - 1 && lines > 1 ? 'w-3/5' : 'w-full')}
            />
          ))
        )}
      </div>
    </div>
  );
}
