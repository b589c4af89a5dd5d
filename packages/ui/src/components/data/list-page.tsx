import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table.js';

export interface ListPageProps<T> extends Omit<DataTableProps<T>, 'label'> {
  /** The page's heading, which also names its table for assistive technology. */
  title: string;
  /** A line under the heading: what the list is, a rule that applies to it. */
  description?: ReactNode;
  /** The filter form above the table (whose conditions it gives the table as `filters`). */
  filterForm?: ReactNode;
  /** What the page holds besides its list: its dialogs, a section below. */
  children?: ReactNode;
}

/**
 * The scaffold of a list page: the heading, a description, the filters, the table (every
 * `DataTable` prop: columns, load, toolbar, export, …) and the page's dialogs, spaced alike on every
 * page of the console.
 */
export function ListPage<T>({ title, description, filterForm, children, ...table }: ListPageProps<T>) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{title}</h1>
      {description ? <p className="text-sm text-ink-soft">{description}</p> : null}
      {filterForm}
      <DataTable<T> label={title} {...table} />
      {children}
    </div>
  );
}
