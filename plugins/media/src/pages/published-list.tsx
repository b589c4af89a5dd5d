import type { FilterSpec, ListPage as ListPageOf, ListQuery } from '@vap/contracts';
import { usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  type DataTableHandle,
  type Filters,
  type ListDialog,
  ListEditor,
  ListPage,
  type RowAction,
  rowActionsColumn,
} from '@vap/ui';
import { type ReactNode, type RefObject, Suspense } from 'react';
import { type Published, type PublishedArea, useReadWhileDelivering } from './published.js';

const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];

export interface PublishedListProps<R extends Published, S extends FilterSpec> {
  /** Which strings of `media` speak of the things. */
  words: PublishedArea['words'];
  /** The table's id. */
  id: string;
  table: RefObject<DataTableHandle | null>;
  filters: Filters<S>;
  /** The page's own columns, before how the deliveries stand and when a row changed. */
  columns: Column<R>[];
  /** A row's actions, those the role may not use `false`. */
  actions: (row: R) => ReadonlyArray<RowAction | false>;
  /** Reads a page of the things. */
  list: (query: ListQuery, signal: AbortSignal) => Promise<ListPageOf<R>>;
  /** The editor of a row or, opened by the role's `add` button, of a new one. */
  editor: ListDialog<R | 'new'>;
  /** The editor's dialog: of the row, or of a new one (null). */
  edit: (row: R | null) => ReactNode;
  /** The dialog of a delivery action (usePublished) shown over the list, or null. */
  dialog: ReactNode;
}

/**
 * The list page of published things (issue 32: hologram parking and ad packages): filtered, newest
 * first, each row ending with how its deliveries to devices stand and when it changed, read again
 * while any delivery is on its way; the role's `add` button opens the editor of a new one, a row's
 * action the editor of the row.
 */
export function PublishedList<R extends Published & { updated_at: string }, S extends FilterSpec>({
  words,
  id,
  table,
  filters,
  columns,
  actions,
  list,
  editor,
  edit,
  dialog,
}: PublishedListProps<R, S>) {
  const t = useT('media');
  const mayAdd = usePermission('add');
  const readWhileDelivering = useReadWhileDelivering(table);
  return (
    <>
      <ListPage
        title={t(`${words}.title`)}
        description={t(`${words}.description`)}
        filterBy={{ label: t(`${words}.filters`), filters }}
        id={id}
        ref={table}
        columns={[
          ...columns,
          {
            key: 'devices',
            title: t(`${words}.devices`),
            render: (row) =>
              row.devices.total > 0
                ? t(`${words}.deviceSummary`, { ...row.devices })
                : t(`${words}.noDevices`),
          },
          { key: 'updated_at', title: t(`${words}.updated`), kind: 'date' },
          rowActionsColumn<R>(t(`${words}.actions`), actions),
        ]}
        rowKey={(row) => row.id}
        initialQuery={{ orders: NEWEST_FIRST }}
        load={async (query, signal) => readWhileDelivering(await list(query, signal))}
        emptyText={t(`${words}.empty`)}
        toolbar={
          mayAdd ? (
            <span className="ml-auto flex items-center gap-2">
              <Button variant="primary" onClick={() => editor.open('new')}>
                {t(`${words}.add`)}
              </Button>
            </span>
          ) : null
        }
      />
      {dialog ? <Suspense fallback={null}>{dialog}</Suspense> : null}
      <ListEditor editor={editor} render={edit} />
    </>
  );
}
