import { ALGMALL_CALLS, type Authorisation, ORDER_EXPORT_MAX_ROWS, type Where } from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import { type Column, type DataTableHandle, ListPage, TableExportButton } from '@vap/ui';
import { type ReactNode, type Ref, useImperativeHandle, useRef } from 'react';
import type { useAuthorisationFilters } from './authorisation-filters.js';

const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];

interface AuthorisationListProps {
  title: string;
  description: string;
  /** The table's id: its queries' key starts `['data-table', id]`. */
  id: string;
  /** Wheres the page always adds (its mode), before the form's. */
  fixed?: readonly Where[];
  filters: ReturnType<typeof useAuthorisationFilters>;
  columns: Column<Authorisation>[];
  emptyText: string;
  /** The export's file name. */
  exportFile: string;
  /** The page's own button beside the export (authorise, upload a fingerprint). */
  action?: ReactNode;
  /** Each answered page, for the page's own use (the online page's polling while one is in progress). */
  onPage?: (items: readonly Authorisation[]) => void;
  table?: Ref<DataTableHandle | null>;
}

/**
 * The list the three authorisation pages share (spec §2.3 algmall_onauth, algmall_offauth,
 * algmall_consume): the company's authorisations of the page's mode, filtered, newest first, paged,
 * and exported with the page's `export` button (.xlsx made by the server, at most 5000 rows).
 */
export function AuthorisationList({
  title,
  description,
  id,
  fixed = [],
  filters,
  columns,
  emptyText,
  exportFile,
  action,
  onPage,
  table: outer,
}: AuthorisationListProps) {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const mayExport = usePermission('export');
  const table = useRef<DataTableHandle>(null);
  useImperativeHandle(outer, () => table.current as DataTableHandle, []);
  const wheres = [...fixed, ...filters.wheres];
  return (
    <ListPage
      title={title}
      description={description}
      filterBy={{ label: t('authorisations.filters'), filters }}
      id={id}
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      filters={wheres}
      initialQuery={{ orders: NEWEST_FIRST }}
      load={async (query, signal) => {
        const page = await mall.authorisations({ query }, { signal });
        onPage?.(page.items);
        return page;
      }}
      emptyText={emptyText}
      toolbar={
        <span className="ml-auto flex items-center gap-2">
          {mayExport ? (
            <TableExportButton
              table={table}
              wheres={wheres}
              orders={NEWEST_FIRST}
              max={ORDER_EXPORT_MAX_ROWS}
              file={exportFile}
              exportList={(query) => mall.exportAuthorisations({ query })}
            />
          ) : null}
          {action}
        </span>
      }
    />
  );
}
