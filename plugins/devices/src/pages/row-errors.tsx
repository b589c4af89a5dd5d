import { useT } from '@vap/kernel';
import type { ReactNode } from 'react';

/** Refused rows listed at most; the count of the rest is given. */
export const ROWS_SHOWN = 500;

interface RowErrorsProps<T extends { row: number }> {
  /** The table's name. */
  label: string;
  errors: readonly T[];
  /** The columns after the row number: a title, and each row's cell. */
  columns: readonly { title: string; cell: (error: T) => ReactNode }[];
}

/**
 * The rows of a workbook the server refused, by row number as a spreadsheet numbers them (the
 * header is row 1): the device import's, a white list's.
 */
export function RowErrors<T extends { row: number }>({ label, errors, columns }: RowErrorsProps<T>) {
  const t = useT('devices');
  return (
    <div className="max-h-72 overflow-auto rounded border border-line-soft">
      <table aria-label={label} className="w-full text-sm">
        <thead className="sticky top-0 bg-canvas">
          <tr>
            <th scope="col" className="w-24 px-3 py-1.5 text-left font-medium text-ink">
              {t('rows.row')}
            </th>
            {columns.map((column) => (
              <th key={column.title} scope="col" className="px-3 py-1.5 text-left font-medium text-ink">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, ROWS_SHOWN).map((error) => (
            <tr key={error.row} className="border-t border-line-soft">
              <td className="px-3 py-1.5 text-ink">{error.row}</td>
              {columns.map((column) => (
                <td key={column.title} className="px-3 py-1.5 wrap-anywhere text-ink">
                  {column.cell(error)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {errors.length > ROWS_SHOWN ? (
        <p className="px-3 py-1.5 text-xs text-ink-faint">
          {t('rows.more', { count: errors.length - ROWS_SHOWN })}
        </p>
      ) : null}
    </div>
  );
}
