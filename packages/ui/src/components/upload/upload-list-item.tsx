import * as Progress from '@radix-ui/react-progress';
import { FileIcon, X } from 'lucide-react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { Button } from '../button.js';
import { formatFileSize } from './file-size.js';
import type { UploadItem } from './upload-types.js';

export interface UploadListItemProps {
  item: UploadItem<unknown>;
  picture: boolean;
  onRetry: () => void;
  onRemove: () => void;
}

const barColour = { pending: 'bg-primary', uploading: 'bg-primary', done: 'bg-success', failed: 'bg-danger' };

/** One file of the upload list: name, size, progress, status and its actions. */
export function UploadListItem({ item, picture, onRetry, onRemove }: UploadListItemProps) {
  const t = useUiT();
  const { name, size } = item.file;
  const percent = Math.round(item.progress * 100);
  const failed = item.status === 'failed';
  return (
    <li
      data-status={item.status}
      className="flex items-center gap-3 rounded border border-line-soft bg-surface px-3 py-2 text-sm"
    >
      {picture && item.previewUrl ? (
        <img src={item.previewUrl} alt={name} className="h-12 w-12 shrink-0 rounded object-cover" />
      ) : (
        <FileIcon aria-hidden="true" className="h-4 w-4 shrink-0 text-ink-faint" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <span className="truncate text-ink">{name}</span>
          <span className="shrink-0 text-xs text-ink-faint">{formatFileSize(size)}</span>
        </div>
        <Progress.Root
          value={percent}
          max={100}
          aria-label={t('upload.progressLabel', { name })}
          className="relative mt-1 h-1 overflow-hidden rounded-full bg-line-soft"
        >
          <Progress.Indicator
            className={cn('h-full w-full transition-transform', barColour[item.status])}
            style={{ transform: `translateX(-${100 - percent}%)` }}
          />
        </Progress.Root>
        <p className={cn('mt-1 text-xs', failed ? 'text-danger' : 'text-ink-faint')}>
          {failed ? item.error || t('upload.status.failed') : t(`upload.status.${item.status}`)}
        </p>
      </div>
      {failed ? (
        <Button
          variant="link"
          size="small"
          className="px-1"
          aria-label={t('upload.retryLabel', { name })}
          onClick={onRetry}
        >
          {t('upload.retry')}
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="icon"
        className="h-7 w-7"
        aria-label={t('upload.removeLabel', { name })}
        onClick={onRemove}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </Button>
    </li>
  );
}
