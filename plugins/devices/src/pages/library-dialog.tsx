import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '@vap/kernel';
import { Button, Dialog, Empty, Skeleton } from '@vap/ui';
import type { ReactNode } from 'react';

interface LibraryDialogProps<T> {
  /** Which strings of `devices` speak of the things: their title, intro, failure and empty list. */
  words: 'firmware' | 'templates';
  /** The company's things, as their query reads them. */
  list: UseQueryResult<readonly T[]>;
  /** The primary button's text, which adds one (uploads a package, creates a template). */
  addLabel: string;
  onAdd: () => void;
  /** The table of the things read, none of them empty. */
  table: (items: readonly T[]) => ReactNode;
  onClose: () => void;
  /** The dialog opened over it (adding or editing one), or null. */
  children: ReactNode;
}

/**
 * A dialog of the things of the company that tasks use (firmware packages, configuration
 * templates), for the role's button beside the tasks: what they are for, the button that adds one,
 * and the things — while read a skeleton, unread the failure with a retry, or none yet.
 */
export function LibraryDialog<T>({
  words,
  list,
  addLabel,
  onAdd,
  table,
  onClose,
  children,
}: LibraryDialogProps<T>) {
  const t = useT('devices');
  let body: ReactNode;
  if (list.isPending) body = <Skeleton lines={4} />;
  else if (list.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
        <span>{list.error.message || t(`${words}.loadFailed`)}</span>
        <Button size="small" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (list.data.length === 0) body = <Empty description={t(`${words}.empty`)} />;
  else body = table(list.data);

  return (
    <Dialog
      onClose={onClose}
      title={t(`${words}.title`)}
      size="large"
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-ink-soft">{t(`${words}.intro`)}</p>
          <Button variant="primary" onClick={onAdd}>
            {addLabel}
          </Button>
        </div>
        {body}
      </div>
      {children}
    </Dialog>
  );
}
