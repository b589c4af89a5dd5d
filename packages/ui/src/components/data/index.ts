// The data components: list table, pager and checkable tree.
export { DEFAULT_EXPORT_LIMIT } from './collect-rows.js';
export { COLUMN_STORAGE_PREFIX } from './column-visibility.js';
export { CompactTable, type CompactTableProps } from './compact-table.js';
export { buildCsv, type CsvValue, csvFilename } from './csv.js';
export {
  type Column,
  DataTable,
  type DataTableExport,
  type DataTableHandle,
  type DataTableProps,
  VIRTUAL_ROW_THRESHOLD,
} from './data-table.js';
export { downloadBlob } from './download.js';
export { ExportButton, type ExportButtonProps, shownListParams } from './export-button.js';
export { FilterForm, type FilterFormProps } from './filter-form.js';
export { confirmListChange } from './list-change.js';
export { ListEditor } from './list-editor.js';
export { ListPage, type ListPageProps } from './list-page.js';
export { Pagination, type PaginationProps } from './pagination.js';
export { type RowAction, RowActions, rowActionsColumn } from './row-actions.js';
export { rowActionsColumnIf } from './row-actions-if.js';
export { TableExportButton, type TableExportButtonProps } from './table-export-button.js';
export { Tree, type TreeCheckInfo, type TreeProps } from './tree.js';
export { type CheckResult, conductCheck, leafKeys, type TreeNode, toggleCheck } from './tree-check.js';
export {
  type BoundFilterField,
  type FilterField,
  type FilterOption,
  type Filters,
  type TextLimits,
  textLimits,
  useFilters,
} from './use-filters.js';
export { type ListDialog, useListDialog } from './use-list-dialog.js';
export { useVisibleInterval } from './visible-interval.js';
