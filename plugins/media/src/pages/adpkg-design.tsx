import { useQuery } from '@tanstack/react-query';
import {
  ADPKG_CALLS,
  ADPKG_MAX_ITEMS,
  ADPKG_RESOURCE_NAME_MAX_LENGTH,
  ADPKG_SECONDS_MAX,
  ADPKG_SECONDS_MIN,
  ADPKG_TOP_SHARE_MAX,
  ADPKG_TOP_SHARE_MIN,
  type Adpkg,
  type AdpkgItemForm,
  type AdpkgItemType,
  callKey,
} from '@vap/contracts';
import { ApiError, useClient, useLeaveGuard, usePagePath, usePermission, useT } from '@vap/kernel';
import { Button, Card, formatFileSize, Input, message, Result, Skeleton, useFileCheckMessage } from '@vap/ui';
import {
  type DragEvent,
  type KeyboardEvent,
  type PointerEvent,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  checkItemFile,
  clampSeconds,
  clampShare,
  hasChanges,
  ITEM_ACCEPT,
  isResourceName,
  itemTypeOf,
  type Layout,
  moved,
  type PlayStep,
  playThrough,
  resourceNameOf,
  SCREEN_ASPECT,
  shareAt,
} from './adpkg-design-rules.js';
import { adpkgObjectName, useObjectUpload } from './part-upload.js';
import { adpkgPublished, usePublished } from './published.js';
import { MoveButtons, useDragReorder } from './reorder.js';
import { ShareInput } from './share-input.js';

const LIST_PAGE = 'adpkg_management';

/** An item of the editor: as kept, or a file chosen here (being sent, or sent). */
interface DesignItem {
  key: number;
  type: AdpkgItemType;
  /** The stored object, once sent (or as kept). */
  file?: string;
  resource_name: string;
  seconds: number;
  duration_ms: number | null;
  size: number;
  /** A file chosen here, shown in the preview from the browser's memory. */
  previewUrl?: string;
  /** How its upload stands while it is not stored yet. */
  upload?: { progress: number; error?: string };
}

let keys = 0;
const keptItem = (item: Adpkg['items'][number]): DesignItem => ({
  key: ++keys,
  type: item.type,
  file: item.file,
  resource_name: item.resource_name,
  seconds: item.seconds ?? 10,
  duration_ms: item.duration_ms,
  size: item.size,
});

const formOf = (item: DesignItem): AdpkgItemForm =>
  item.type === 'image'
    ? {
        type: 'image',
        file: item.file ?? '',
        resource_name: item.resource_name.trim(),
        seconds: item.seconds,
      }
    : { type: 'video', file: item.file ?? '', resource_name: item.resource_name.trim() };

const layoutOf = (pkg: Adpkg): Layout => ({
  top_share: pkg.top_share,
  items: pkg.items.map((item) => formOf(keptItem(item))),
});

/**
 * Ad package design (spec §2.3 adpkg_design, "state kept", its tab titled by the query's `name`;
 * issue 32): the package of the query's `id` in an editor — a portrait preview at the device's
 * aspect, the top half's share dragged on it or typed (30–80%), the items in their order (dragged,
 * or moved with buttons), files dropped onto the preview or chosen and sent in parts with progress
 * and cancel, each image's display time, each item's resource name, and a play-through of the
 * items with their times. The page is kept alive: work not saved survives switching tabs, and
 * closing the tab asks first. `save` saves the layout; `publish` publishes the saved package.
 */
export default function AdpkgDesignPage() {
  const [params] = useSearchParams();
  const id = packageId(params.get('id'));
  return id === null ? <NotFound /> : <Loader id={id} />;
}

/** The package id of the address, or null when it cannot be one (then the server is not asked). */
function packageId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

function NotFound() {
  const t = useT('media');
  const list = usePagePath(LIST_PAGE);
  return (
    <Result
      status="404"
      title={t('design.notFound')}
      subtitle={t('design.notFoundHint')}
      extra={
        list ? (
          <Link to={list} className="text-sm text-primary hover:underline">
            {t('design.back')}
          </Link>
        ) : null
      }
    />
  );
}

function Loader({ id }: { id: number }) {
  const t = useT('media');
  const adpkg = useClient(ADPKG_CALLS);
  const params = { id };
  const pkg = useQuery({
    queryKey: callKey(ADPKG_CALLS.one, { params }),
    queryFn: ({ signal }) => adpkg.one({ params }, { signal, quiet: true }),
    // The editor holds its own copy: a refetch must not replace work not saved.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  if (pkg.isPending) return <Skeleton lines={8} />;
  if (pkg.isError) {
    if (pkg.error instanceof ApiError && pkg.error.status === 404) return <NotFound />;
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        <span>{t('design.loadFailed', { message: pkg.error.message })}</span>
        <Button onClick={() => void pkg.refetch()} disabled={pkg.isFetching}>
          {t('design.retry')}
        </Button>
      </div>
    );
  }
  return <Editor pkg={pkg.data} />;
}

function Editor({ pkg: loaded }: { pkg: Adpkg }) {
  const t = useT('media');
  const tc = useT();
  const adpkg = useClient(ADPKG_CALLS);
  const fileCheckMessage = useFileCheckMessage();
  const maySave = usePermission('save');
  const mayPublish = usePermission('publish');
  const upload = useObjectUpload(adpkgObjectName, adpkg.fileToken);
  const published = usePublished(adpkgPublished(adpkg, mayPublish), () => undefined);
  const [pkg, setPkg] = useState(loaded);
  const [saved, setSaved] = useState<Layout>(() => layoutOf(loaded));
  const [share, setShare] = useState(loaded.top_share);
  const [items, setItems] = useState<DesignItem[]>(() => loaded.items.map(keptItem));
  const [selected, setSelected] = useState<number | null>(null);
  const [rejections, setRejections] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [playing, setPlaying] = useState<{ steps: PlayStep[]; at: number } | null>(null);
  const [dropping, setDropping] = useState(false);
  const controllers = useRef(new Map<number, AbortController>());
  /** The files chosen here, by item: a failed upload is sent again (resuming its finished parts). */
  const files = useRef(new Map<number, File>());
  const urls = useRef(new Set<string>());
  const inputRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<HTMLElement>(null);

  const uploading = items.some((item) => item.upload && !item.upload.error);
  const layout: Layout = { top_share: share, items: items.map(formOf) };
  const unsaved = uploading || hasChanges(layout, saved);
  useLeaveGuard(maySave && unsaved);

  // Uploads stop, and the previews' memory is freed, when the page goes (its tab closed).
  useEffect(() => {
    const running = controllers.current;
    const made = urls.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, []);

  const change = (key: number, patch: Partial<DesignItem>) =>
    setItems((now) => now.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const setShareValue = (value: number) => setShare(clampShare(value, share));

  const send = (key: number, file: File) => {
    const controller = new AbortController();
    controllers.current.get(key)?.abort();
    controllers.current.set(key, controller);
    change(key, { upload: { progress: 0 } });
    upload(file, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) change(key, { upload: { progress } });
      },
    }).then(
      (path) => {
        if (controller.signal.aborted) return;
        controllers.current.delete(key);
        setItems((now) =>
          now.map((item) => (item.key === key ? { ...item, file: path, upload: undefined } : item)),
        );
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        controllers.current.delete(key);
        const text = error instanceof Error ? error.message : String(error);
        change(key, { upload: { progress: 0, error: text } });
      },
    );
  };

  /** Checks the chosen or dropped files (§5.6, §8 messages), adds the good ones and sends them. */
  const addFiles = async (chosen: readonly File[]) => {
    if (!maySave) return;
    const refused: string[] = [];
    const added: { item: DesignItem; file: File }[] = [];
    const room = ADPKG_MAX_ITEMS - items.length;
    const names = items.map((item) => item.resource_name);
    for (const file of chosen) {
      if (added.length >= room) {
        refused.push(t('design.tooMany', { name: file.name, max: ADPKG_MAX_ITEMS }));
        continue;
      }
      const failure = await checkItemFile(file);
      const type = itemTypeOf(file);
      if (failure || type === null) {
        refused.push(`${file.name}: ${failure ? fileCheckMessage(failure) : ''}`);
        continue;
      }
      const previewUrl = URL.createObjectURL(file);
      urls.current.add(previewUrl);
      const resource_name = resourceNameOf(file.name, names);
      names.push(resource_name);
      added.push({
        file,
        item: {
          key: ++keys,
          type,
          resource_name,
          seconds: 10,
          duration_ms: null,
          size: file.size,
          previewUrl,
          upload: { progress: 0 },
        },
      });
    }
    setRejections(refused);
    if (added.length === 0) return;
    setItems((now) => [...now, ...added.map(({ item }) => item)]);
    for (const { item, file } of added) {
      files.current.set(item.key, file);
      if (item.type === 'video')
        void readDuration(item.previewUrl ?? '').then((ms) => {
          if (ms) change(item.key, { duration_ms: ms });
        });
      send(item.key, file);
    }
    setSelected(added[0]?.item.key ?? null);
  };

  const removeItem = (key: number) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    files.current.delete(key);
    setItems((now) => now.filter((item) => item.key !== key));
  };

  const cancelUpload = (key: number) => removeItem(key);

  const move = (from: number, to: number) => setItems((now) => moved(now, from, to));
  const { dragged, entryProps } = useDragReorder(move, maySave);

  const save = async () => {
    const problems: string[] = [];
    if (items.length === 0) problems.push(tc('validation.adpkgItems'));
    items.forEach((item, index) => {
      if (!isResourceName(item.resource_name))
        problems.push(
          t('design.itemProblem', { index: index + 1, problem: tc('validation.adpkgResourceName') }),
        );
      if (!item.file)
        problems.push(t('design.itemProblem', { index: index + 1, problem: t('design.notUploaded') }));
      if (item.type === 'image' && clampSeconds(item.seconds) !== item.seconds)
        problems.push(t('design.itemProblem', { index: index + 1, problem: tc('validation.adpkgSeconds') }));
    });
    const unique = new Set(items.map((item) => item.resource_name.trim()));
    if (unique.size !== items.length) problems.push(tc('validation.adpkgResourceNameTaken'));
    setErrors(problems);
    if (problems.length > 0) return;
    setSaving(true);
    try {
      const next = await adpkg.update({
        params: { id: pkg.id },
        body: { name: pkg.name, top_share: share, items: items.map(formOf) },
      });
      setPkg(next);
      setSaved({ top_share: next.top_share, items: next.items.map((item) => formOf(keptItem(item))) });
      message.success(t('adpkg.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.message) setErrors([error.message]);
    } finally {
      setSaving(false);
    }
  };

  // The play-through: each item in turn for its time, once through.
  useEffect(() => {
    if (!playing) return;
    const step = playing.steps[playing.at];
    if (!step) {
      setPlaying(null);
      return;
    }
    const timer = setTimeout(
      () => setPlaying((now) => (now ? { ...now, at: now.at + 1 } : now)),
      step.durationMs,
    );
    return () => clearTimeout(timer);
  }, [playing]);

  const play = () => setPlaying(playing ? null : { steps: playThrough(items), at: 0 });

  const shown = playing
    ? items[playing.steps[playing.at]?.index ?? -1]
    : (items.find((item) => item.key === selected) ?? items[0]);

  // The split dragged on the preview: the pointer's height within it.
  const dragSplit = (event: PointerEvent<HTMLDivElement>) => {
    const box = previewRef.current?.getBoundingClientRect();
    if (!box) return;
    setShareValue(shareAt(event.clientY - box.top, box.height));
  };
  const splitKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, PageUp: -10, PageDown: 10 };
    if (event.key in steps) {
      event.preventDefault();
      setShareValue(share + (steps[event.key] ?? 0));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setShareValue(event.key === 'Home' ? ADPKG_TOP_SHARE_MIN : ADPKG_TOP_SHARE_MAX);
    }
  };

  const dropFiles = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropping(false);
    void addFiles([...event.dataTransfer.files]);
  };

  const steps = playing?.steps;
  const total = steps?.reduce((sum, step) => sum + step.durationMs, 0) ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-medium text-ink">{t('design.title', { name: pkg.name })}</h1>
          <p className="text-sm text-ink-soft">{t('design.description')}</p>
        </div>
        <span className="flex flex-wrap items-center gap-2">
          {unsaved && maySave ? (
            <span role="status" className="text-sm text-warning">
              {t('design.unsaved')}
            </span>
          ) : null}
          <Button onClick={() => published.showDevices(pkg)}>{t('adpkg.showDevices')}</Button>
          {mayPublish ? (
            <Button
              onClick={() => published.publish(pkg)}
              disabled={unsaved}
              title={unsaved ? t('design.saveFirst') : undefined}
            >
              {t('adpkg.publish')}
            </Button>
          ) : null}
          {maySave ? (
            <Button variant="primary" onClick={() => void save()} disabled={saving || uploading || !unsaved}>
              {t('design.save')}
            </Button>
          ) : null}
        </span>
      </div>
      {errors.length > 0 ? (
        <ul role="alert" className="flex flex-col gap-1 text-sm text-danger">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-start gap-6">
        <Card title={t('design.preview')} className="shrink-0">
          <div className="flex flex-col items-center gap-3">
            <section
              ref={previewRef}
              aria-label={t('design.screen')}
              data-testid="adpkg-preview"
              className={`relative w-64 overflow-hidden rounded-md border-4 border-ink bg-black ${dropping ? 'outline-2 outline-primary' : ''}`}
              style={{ aspectRatio: String(SCREEN_ASPECT) }}
              onDragOver={(event) => {
                if (!maySave || !event.dataTransfer.types.includes('Files')) return;
                event.preventDefault();
                setDropping(true);
              }}
              onDragLeave={() => setDropping(false)}
              onDrop={dropFiles}
            >
              <div
                data-testid="adpkg-top"
                className="absolute inset-x-0 top-0 flex items-center justify-center overflow-hidden bg-neutral-800 text-xs text-white"
                style={{ height: `${share}%` }}
              >
                {shown ? <ItemView item={shown} playing={Boolean(playing)} /> : t('design.dropHere')}
              </div>
              <div
                className="absolute inset-x-0 bottom-0 flex items-center justify-center bg-neutral-600 text-xs text-white/80"
                style={{ height: `${100 - share}%` }}
              >
                {t('design.bottomHalf')}
              </div>
              {/* biome-ignore lint/a11y/useSemanticElements: a draggable split, not a rule: the separator role is the ARIA pattern for it. */}
              <div
                role="separator"
                tabIndex={maySave ? 0 : -1}
                aria-orientation="horizontal"
                aria-label={t('design.split')}
                aria-valuemin={ADPKG_TOP_SHARE_MIN}
                aria-valuemax={ADPKG_TOP_SHARE_MAX}
                aria-valuenow={share}
                aria-disabled={!maySave || undefined}
                className="absolute inset-x-0 z-10 h-3 -translate-y-1/2 cursor-row-resize bg-primary/80 focus-visible:outline-2 focus-visible:outline-white"
                style={{ top: `${share}%` }}
                onPointerDown={(event) => {
                  if (!maySave) return;
                  event.currentTarget.setPointerCapture?.(event.pointerId);
                }}
                onPointerMove={(event) => {
                  if (maySave && event.currentTarget.hasPointerCapture?.(event.pointerId)) dragSplit(event);
                }}
                onPointerUp={(event) => event.currentTarget.releasePointerCapture?.(event.pointerId)}
                onKeyDown={maySave ? splitKeys : undefined}
              />
            </section>
            <ShareInput value={share} onChange={setShareValue} disabled={!maySave} />
            <Button onClick={play} disabled={items.length === 0}>
              {playing ? t('design.stop') : t('design.play')}
            </Button>
            {playing && steps ? (
              <p role="status" className="text-sm text-ink-soft">
                {t('design.playing', {
                  index: playing.at + 1,
                  count: steps.length,
                  seconds: Math.round((steps[playing.at]?.durationMs ?? 0) / 1000),
                  total: Math.round(total / 1000),
                })}
              </p>
            ) : null}
          </div>
        </Card>
        <Card
          title={t('design.items', { count: items.length, max: ADPKG_MAX_ITEMS })}
          className="min-w-80 flex-1"
        >
          <div className="flex flex-col gap-3">
            {maySave ? (
              <div className="flex flex-wrap items-center gap-2">
                <Button onClick={() => inputRef.current?.click()} disabled={items.length >= ADPKG_MAX_ITEMS}>
                  {t('design.addFiles')}
                </Button>
                <span className="text-xs text-ink-soft">{t('adpkg.form.fileHint')}</span>
                <input
                  ref={inputRef}
                  type="file"
                  multiple
                  hidden
                  aria-label={t('design.addFiles')}
                  accept={ITEM_ACCEPT}
                  onChange={(event) => {
                    const picked = [...(event.target.files ?? [])];
                    event.target.value = '';
                    void addFiles(picked);
                  }}
                />
              </div>
            ) : null}
            {rejections.length > 0 ? (
              <ul role="alert" className="flex flex-col gap-1 text-sm text-danger">
                {rejections.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            ) : null}
            {items.length === 0 ? <p className="text-sm text-ink-soft">{t('design.noItems')}</p> : null}
            <ol aria-label={t('design.order')} className="flex flex-col gap-2">
              {items.map((item, index) => (
                <li
                  key={item.key}
                  aria-label={t('adpkg.form.item', { index: index + 1 })}
                  {...entryProps(index)}
                  className={`flex flex-col gap-2 rounded border p-3 ${
                    shown?.key === item.key ? 'border-primary' : 'border-line'
                  } ${dragged === index ? 'opacity-50' : ''}`}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span aria-hidden="true" className="cursor-grab select-none text-ink-soft">
                      ⠿
                    </span>
                    <button
                      type="button"
                      className="text-sm font-medium text-primary hover:underline"
                      onClick={() => {
                        setPlaying(null);
                        setSelected(item.key);
                      }}
                    >
                      {t('design.itemTitle', {
                        index: index + 1,
                        type: t(item.type === 'video' ? 'adpkg.form.video' : 'adpkg.form.image'),
                        size: formatFileSize(item.size),
                      })}
                    </button>
                    {maySave ? (
                      <span className="ml-auto flex items-center gap-1">
                        <MoveButtons index={index} count={items.length} move={move} />
                        <Button size="small" onClick={() => removeItem(item.key)}>
                          {t('adpkg.form.removeItem', { index: index + 1 })}
                        </Button>
                      </span>
                    ) : null}
                  </div>
                  {item.upload ? (
                    <div className="flex items-center gap-2 text-xs">
                      {item.upload.error ? (
                        <>
                          <span role="alert" className="text-danger">
                            {t('design.uploadFailed', { message: item.upload.error })}
                          </span>
                          <Button
                            size="small"
                            onClick={() => {
                              const file = files.current.get(item.key);
                              if (file) send(item.key, file);
                            }}
                          >
                            {t('design.retryUpload', { index: index + 1 })}
                          </Button>
                        </>
                      ) : (
                        <>
                          <progress
                            aria-label={t('design.uploading', { index: index + 1 })}
                            max={100}
                            value={Math.round(item.upload.progress * 100)}
                            className="h-2 w-40"
                          />
                          <span className="tabular-nums">{Math.round(item.upload.progress * 100)}%</span>
                          <Button size="small" onClick={() => cancelUpload(item.key)}>
                            {t('design.cancelUpload', { index: index + 1 })}
                          </Button>
                        </>
                      )}
                    </div>
                  ) : null}
                  <div className="flex flex-wrap items-center gap-3">
                    <Input
                      aria-label={t('design.resourceName', { index: index + 1 })}
                      placeholder={t('adpkg.form.resourceNameHint')}
                      value={item.resource_name}
                      maxLength={ADPKG_RESOURCE_NAME_MAX_LENGTH}
                      disabled={!maySave}
                      aria-invalid={!isResourceName(item.resource_name) || undefined}
                      onChange={(event) => change(item.key, { resource_name: event.target.value })}
                      className="w-56"
                    />
                    {item.type === 'image' ? (
                      <span className="flex items-center gap-2 text-sm text-ink-soft">
                        {t('adpkg.form.seconds')}
                        <Input
                          type="number"
                          aria-label={t('design.seconds', { index: index + 1 })}
                          min={ADPKG_SECONDS_MIN}
                          max={ADPKG_SECONDS_MAX}
                          value={String(item.seconds)}
                          disabled={!maySave}
                          onChange={(event) => {
                            const seconds = Number(event.target.value);
                            if (Number.isFinite(seconds)) change(item.key, { seconds });
                          }}
                          onBlur={() => change(item.key, { seconds: clampSeconds(item.seconds) })}
                          className="w-24"
                        />
                      </span>
                    ) : (
                      <span className="text-sm text-ink-soft">
                        {item.duration_ms === null
                          ? t('design.videoLength')
                          : t('design.videoSeconds', { seconds: Math.round(item.duration_ms / 1000) })}
                      </span>
                    )}
                  </div>
                  {isResourceName(item.resource_name) ? null : (
                    <p className="text-xs text-danger">{tc('validation.adpkgResourceName')}</p>
                  )}
                </li>
              ))}
            </ol>
          </div>
        </Card>
      </div>
      {published.dialog ? <Suspense fallback={null}>{published.dialog}</Suspense> : null}
    </div>
  );
}

/** The item in the preview's top half: a chosen file from memory, a kept one by its name. */
function ItemView({ item, playing }: { item: DesignItem; playing: boolean }) {
  const t = useT('media');
  if (item.previewUrl && item.type === 'image')
    return <img src={item.previewUrl} alt={item.resource_name} className="h-full w-full object-contain" />;
  if (item.previewUrl)
    return (
      <video
        src={item.previewUrl}
        aria-label={item.resource_name}
        className="h-full w-full object-contain"
        muted
        autoPlay={playing}
        playsInline
      />
    );
  return (
    <span data-testid="adpkg-shown" className="px-2 text-center">
      {t('design.kept', {
        type: t(item.type === 'video' ? 'adpkg.form.video' : 'adpkg.form.image'),
        name: item.resource_name,
      })}
    </span>
  );
}

/** A video file's duration, read by the browser from its header; null when it cannot say. */
function readDuration(url: string): Promise<number | null> {
  if (!url || typeof document === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const done = (ms: number | null) => {
      video.removeAttribute('src');
      resolve(ms);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () =>
      done(Number.isFinite(video.duration) && video.duration > 0 ? Math.round(video.duration * 1000) : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
