import { UploadCloud } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { checkFile, describeAccept, type FileRules, isImageFile } from './check-file.js';
import { formatFileSize } from './file-size.js';
import { UploadListItem } from './upload-list-item.js';
import type { UploadItem, UploadRejectCode, UploadRequestContext } from './upload-types.js';
import { useFileCheckMessage } from './use-file-check-message.js';

/** Spec §5.6: at most 10 items. */
export const UPLOAD_MAX_COUNT = 10;

export interface UploadProps<R = unknown> {
  /** Sends one file; provided by the caller (e.g. with `uploadWithProgress`). */
  upload: (file: File, context: UploadRequestContext) => Promise<R>;
  /** Checks a file must pass before it is uploaded. */
  rules?: FileRules;
  /** Several files at once; without it a new file replaces the current one. */
  multiple?: boolean;
  /** The most files in the list (multiple only); 10 by default (spec §5.6). */
  maxCount?: number;
  /** 'picture' shows a preview of images. */
  listType?: 'text' | 'picture';
  /** How many uploads run at the same time; the rest wait as pending. */
  concurrency?: number;
  /** Every change of the list: added, progressed, finished, failed, removed. */
  onChange?: (items: UploadItem<R>[]) => void;
  /** A file that was not uploaded, with the translated message shown for it. */
  onReject?: (file: File, code: UploadRejectCode, message: string) => void;
  /** The drop zone's text; a translated default otherwise. */
  label?: string;
  disabled?: boolean;
  className?: string;
}

interface Rejection {
  key: string;
  name: string;
  message: string;
}

/**
 * A drop zone (click, Enter, Space or drag and drop) and the list of chosen files. Files that fail
 * the rules are never sent; the others upload with progress, can be retried when they fail and
 * removed at any time (which aborts a running upload).
 */
export function Upload<R = unknown>({
  upload,
  rules = {},
  multiple = false,
  maxCount = UPLOAD_MAX_COUNT,
  listType = 'text',
  concurrency = 3,
  onChange,
  onReject,
  label,
  disabled = false,
  className,
}: UploadProps<R>) {
  const t = useUiT();
  const fileCheckMessage = useFileCheckMessage();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem<R>[]>([]);
  const [rejections, setRejections] = useState<Rejection[]>([]);
  const [dragging, setDragging] = useState(false);

  // The list lives in a ref too: upload callbacks settle long after the render that started them.
  const itemsRef = useRef<UploadItem<R>[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const nextId = useRef(0);
  const mounted = useRef(true);
  const latest = useRef({ upload, onChange, onReject, concurrency });
  latest.current = { upload, onChange, onReject, concurrency };

  useEffect(() => {
    mounted.current = true;
    const running = controllers.current;
    return () => {
      mounted.current = false;
      for (const controller of running.values()) controller.abort();
      running.clear();
      for (const item of itemsRef.current) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    };
  }, []);

  const commit = (next: UploadItem<R>[]) => {
    itemsRef.current = next;
    if (!mounted.current) return;
    setItems(next);
    latest.current.onChange?.(next);
  };

  const patch = (id: string, change: Partial<UploadItem<R>>) => {
    if (!itemsRef.current.some((item) => item.id === id)) return;
    commit(itemsRef.current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  };

  const start = (item: UploadItem<R>) => {
    const controller = new AbortController();
    controllers.current.set(item.id, controller);
    const { signal } = controller;
    patch(item.id, { status: 'uploading', progress: 0, error: undefined });
    const onProgress = (fraction: number) => {
      if (!signal.aborted) patch(item.id, { progress: Math.min(1, Math.max(0, fraction)) });
    };
    latest.current
      .upload(item.file, { onProgress, signal })
      .then(
        (result) => {
          if (!signal.aborted) patch(item.id, { status: 'done', progress: 1, result });
        },
        (error: unknown) => {
          if (!signal.aborted) {
            patch(item.id, { status: 'failed', error: error instanceof Error ? error.message : '' });
          }
        },
      )
      .finally(() => {
        if (controllers.current.get(item.id) === controller) controllers.current.delete(item.id);
        if (!signal.aborted) pump();
      });
  };

  /** Starts waiting items while fewer than `concurrency` are running. */
  const pump = () => {
    let running = itemsRef.current.filter((item) => item.status === 'uploading').length;
    for (const item of itemsRef.current) {
      if (running >= latest.current.concurrency) break;
      if (item.status === 'pending') {
        start(item);
        running += 1;
      }
    }
  };

  const drop = (id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    const item = itemsRef.current.find((candidate) => candidate.id === id);
    if (item?.previewUrl) URL.revokeObjectURL(item.previewUrl);
  };

  const remove = (id: string) => {
    drop(id);
    commit(itemsRef.current.filter((item) => item.id !== id));
    pump();
  };

  const retry = (id: string) => {
    patch(id, { status: 'pending', progress: 0, error: undefined });
    pump();
  };

  const reject = (file: File, code: UploadRejectCode, message: string, found: Rejection[]) => {
    found.push({ key: `${nextId.current++}`, name: file.name, message });
    latest.current.onReject?.(file, code, message);
  };

  const addFiles = async (chosen: File[]) => {
    if (disabled || chosen.length === 0) return;
    setRejections([]);
    const files = multiple ? chosen : chosen.slice(0, 1);
    const found: Rejection[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const failure = await checkFile(file, rules);
      if (failure) reject(file, failure.code, fileCheckMessage(failure), found);
      else accepted.push(file);
    }
    if (!mounted.current) return;
    const kept = multiple ? itemsRef.current : [];
    const room = multiple ? Math.max(0, maxCount - kept.length) : 1;
    for (const file of accepted.slice(room)) {
      reject(file, 'count', t('upload.error.count', { max: multiple ? maxCount : 1 }), found);
    }
    const added = accepted.slice(0, room).map(
      (file): UploadItem<R> => ({
        id: `upload-${nextId.current++}`,
        file,
        status: 'pending',
        progress: 0,
        ...(listType === 'picture' && isImageFile(file) && typeof URL.createObjectURL === 'function'
          ? { previewUrl: URL.createObjectURL(file) }
          : {}),
      }),
    );
    if (!multiple && added.length > 0) for (const item of itemsRef.current) drop(item.id);
    setRejections(found);
    if (added.length > 0) {
      commit([...kept, ...added]);
      pump();
    }
  };

  const open = () => {
    if (!disabled) inputRef.current?.click();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };

  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving over a child also fires dragleave on the zone; only leaving the zone itself counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer.files));
  };

  const hints = [
    rules.accept?.length ? t('upload.hintTypes', { types: describeAccept(rules.accept) }) : null,
    rules.maxBytes !== undefined ? t('upload.hintSize', { limit: formatFileSize(rules.maxBytes) }) : null,
    rules.maxWidth !== undefined || rules.maxHeight !== undefined
      ? t('upload.hintResolution', { limit: `${rules.maxWidth ?? '∞'}x${rules.maxHeight ?? '∞'}` })
      : null,
    multiple ? t('upload.hintCount', { max: maxCount }) : null,
  ].filter((hint) => hint !== null);
  const name = label ?? t('upload.dropLabel');

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {/* biome-ignore lint/a11y/useSemanticElements: a <button> cannot be a drop target with block content and a hint */}
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-label={name}
        aria-disabled={disabled || undefined}
        aria-describedby={hints.length > 0 ? hintId : undefined}
        data-dragging={dragging || undefined}
        onClick={open}
        onKeyDown={onKeyDown}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded border border-dashed border-line bg-surface px-6 py-6 text-center text-sm transition-colors',
          'hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          dragging && 'border-primary bg-primary-soft',
          disabled && 'cursor-not-allowed opacity-50 hover:border-line',
        )}
      >
        <UploadCloud
          aria-hidden="true"
          className={cn('h-8 w-8', dragging ? 'text-primary' : 'text-ink-faint')}
        />
        <span className="text-ink">{dragging ? t('upload.dropActive') : name}</span>
        {hints.length > 0 ? (
          <span id={hintId} className="text-xs text-ink-faint">
            {hints.join(' · ')}
          </span>
        ) : null}
      </div>
      <input
        ref={inputRef}
        type="file"
        hidden
        tabIndex={-1}
        multiple={multiple}
        accept={rules.accept?.join(',')}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared so that choosing the same file again is still a change.
          event.currentTarget.value = '';
          void addFiles(files);
        }}
      />
      {rejections.length > 0 ? (
        <div role="alert" className="flex flex-col gap-0.5 text-xs text-danger">
          {rejections.map((rejection) => (
            <p key={rejection.key}>
              {t('upload.rejected', { name: rejection.name, message: rejection.message })}
            </p>
          ))}
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul aria-label={t('upload.listLabel')} className="flex flex-col gap-2">
          {items.map((item) => (
            <UploadListItem
              key={item.id}
              item={item}
              picture={listType === 'picture'}
              onRetry={() => retry(item.id)}
              onRemove={() => remove(item.id)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
