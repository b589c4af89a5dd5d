import type { FilterSpec } from '@vap/contracts';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table.js';
import { FilterForm, type FilterFormProps } from './filter-form.js';

export interface ListPageProps<T, S extends FilterSpec = FilterSpec>
  extends Omit<DataTableProps<T>, 'label'> {
  /** The page's heading, which also names its table for assistive technology. */
  title: string;
  /** A line under the heading: what the list is, a rule that applies to it. */
  description?: ReactNode;
  /**
   * The page's filters (`useFilters`) and their form's props: the page's `FilterForm` above the
   * table, which lists by their wheres unless `filters` gives it others (theirs and fixed ones).
   */
  filterBy?: FilterFormProps<S>;
  /** A filter form of the page's own above the table (one among other controls), instead of `filterBy`'s. */
  filterForm?: ReactNode;
  /** What the page holds besides its list: its dialogs, a section below. */
  children?: ReactNode;
}

/**
 * The scaffold of a list page: the heading, a description, the filters, the table (every
 * `DataTable` prop: columns, load, toolbar, export, …) and the page's dialogs, spaced alike on every
 * page of the console.
 */
export function ListPage<T, S extends FilterSpec = FilterSpec>({
  title,
  description,
  filterBy,
  filterForm,
  filters = filterBy?.filters.wheres,
  children,
  ...table
}: ListPageProps<T, S>) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{title}</h1>
      {description ? <p className="text-sm text-ink-soft">{description}</p> : null}
      {filterForm ?? (filterBy ? <FilterForm {...filterBy} /> : null)}
      <DataTable<T> label={title} filters={filters} {...table} />
      {children}
    </div>
  );
}
