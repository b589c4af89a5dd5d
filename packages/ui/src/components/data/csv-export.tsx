/** A table's CSV export: its button, progress and outcome. */
import type { ListPage, ListQuery, Order, Where } from '@vap/contracts';
import { Download } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useUiT } from '../../i18n.js';
import { Alert } from '../alert.js';
import { Button } from '../button.js';
import { collectRows, DEFAULT_EXPORT_LIMIT, DEFAULT_EXPORT_PAGE_SIZE } from './collect-rows.js';
import { type Column, errorMessage, field, plain } from './columns.js';

export interface DataTableExport {
  /** The download's name; `.csv` is added when missing. */
  filename: string;
  /** At most this many rows are exported (default 5000, spec §5.7). */
  limit?: number;
  /** Rows fetched per request while exporting (default 500). */
  pageSize?: number;
}

interface CsvExportOptions<T> {
  load: RefObject<(query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>>;
  wheres: Where[];
  orders: Order[];
  columns: readonly Column<T>[];
  options: DataTableExport | undefined;
}

/** The export button, its progress and its outcome: pages through `load`, then downloads. */
export function useCsvExport<T>({ load, wheres, orders, columns, options }: CsvExportOptions<T>) {
  const t = useUiT();
  const [progress, setProgress] = useState<{ done: number; goal: number } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'warning' | 'error'; text: string } | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (!options || running.current) return;
    const limit = options.limit ?? DEFAULT_EXPORT_LIMIT;
    const controller = new AbortController();
    running.current = controller;
    setNotice(null);
    setProgress({ done: 0, goal: 0 });
    try {
      const { rows, total } = await collectRows(load.current, {
        wheres,
        orders,
        limit,
        pageSize: Math.min(limit, options.pageSize ?? DEFAULT_EXPORT_PAGE_SIZE),
        signal: controller.signal,
        onProgress: (done, goal) => setProgress({ done, goal }),
      });
      const header = columns.map((column) => column.title);
      const body = rows.map((row) =>
        columns.map((column) => (column.csv ? column.csv(row) : plain(field(row, column.key)))),
      );
      // The CSV writer loads with the first export, not with every list page.
      const { buildCsv, downloadCsv } = await import('./csv.js');
      downloadCsv(options.filename, buildCsv(header, body));
      if (total > limit) setNotice({ tone: 'warning', text: t('data.exportLimited', { limit, total }) });
    } catch (error) {
      if (!controller.signal.aborted) {
        setNotice({ tone: 'error', text: t('data.exportFailed', { message: errorMessage(error) }) });
      }
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  const button = (disabled: boolean) => (
    <Button disabled={disabled} loading={progress !== null} onClick={() => void start()}>
      {progress ? null : <Download aria-hidden="true" className="h-4 w-4" />}
      {t('data.exportCsv')}
    </Button>
  );

  const feedback = progress ? (
    <div className="flex items-center gap-3 text-sm text-ink-soft">
      <span role="status">{t('data.exporting', { done: progress.done, total: progress.goal })}</span>
      <progress
        className="h-2 w-40 accent-primary"
        aria-label={t('data.exportCsv')}
        value={progress.done}
        max={Math.max(progress.goal, 1)}
      />
      <Button variant="link" size="small" className="px-0" onClick={() => running.current?.abort()}>
        {t('data.exportCancel')}
      </Button>
    </div>
  ) : notice ? (
    <Alert tone={notice.tone} className="flex items-start justify-between gap-3">
      <span>{notice.text}</span>
      <button
        type="button"
        className="shrink-0 text-xs underline focus-visible:outline-2 focus-visible:outline-primary"
        onClick={() => setNotice(null)}
      >
        {t('data.dismiss')}
      </button>
    </Alert>
  ) : null;

  return { button, feedback };
}
