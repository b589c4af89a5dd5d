import type { ReactNode } from 'react';
import { useUiT } from '../i18n.js';
import { Button } from './button.js';
import { Card } from './card.js';
import { Empty } from './overlay/empty.js';
import { Skeleton } from './overlay/skeleton.js';

/** What a summary's query answers (TanStack Query's `useQuery` result fits). */
export interface SummaryQuery<T> {
  data: T | undefined;
  isPending: boolean;
  refetch: () => unknown;
}

export interface SummaryCardProps<T> {
  title: ReactNode;
  /** The link to the page it summarises: the plugin's router link. */
  link: ReactNode;
  'data-testid'?: string;
  query: SummaryQuery<T>;
  /** What a failed load says; a retry button follows it. */
  failed: ReactNode;
  /** When the summary holds nothing to show, what to say instead of its figures. */
  empty?: { when: (data: T) => boolean; text: ReactNode };
  /** Lines of the placeholder while it loads. */
  loadingLines?: number;
  children: (data: T) => ReactNode;
}

/**
 * A card of a page's figures (the dashboard's cards): its title and the link to its page, and the
 * figures in one of their states — loading, nothing to show, failed with a retry, or shown.
 */
export function SummaryCard<T>({
  title,
  link,
  'data-testid': testId,
  query: { data, isPending, refetch },
  failed,
  empty,
  loadingLines = 3,
  children,
}: SummaryCardProps<T>) {
  const t = useUiT();
  let body: ReactNode = <Skeleton lines={loadingLines} />;
  if (data !== undefined) body = empty?.when(data) ? <Empty description={empty.text} /> : children(data);
  else if (!isPending) {
    body = (
      <div role="alert" className="flex items-center gap-3 text-sm text-danger">
        <span>{failed}</span>
        <Button size="small" onClick={() => void refetch()}>
          {t('data.retry')}
        </Button>
      </div>
    );
  }
  return (
    <Card title={title} extra={link} data-testid={testId}>
      {body}
    </Card>
  );
}
