import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listParams, type Order, type Where } from '@vap/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCapture } from '../../download-capture.js';
import { renderWithUi } from '../../test-support.js';
import type { DataTableHandle } from './data-table.js';
import { TableExportButton, type TableExportButtonProps } from './table-export-button.js';
import './test-setup.js';

/** The files the button hands the browser to download. */
const downloads = downloadCapture();

beforeEach(() => downloads.start());

afterEach(() => {
  downloads.stop();
  cleanup();
});

const XLSX = new Blob(['xlsx']);

/** A table showing page 3 of `wheres` and `orders`, `total` rows matching. */
const tableOf = (wheres: Where[], orders: Order[], total: number | null) => ({
  current: {
    reload: () => undefined,
    refresh: () => undefined,
    clearSelection: () => undefined,
    query: () => ({ page: 3, size: 20, wheres, orders }),
    total: () => total,
  } satisfies DataTableHandle,
});

/** The button of `table`, exporting with `exportList` at most 5000 rows. */
function renderExport(
  props: Pick<TableExportButtonProps, 'table' | 'exportList'> & Partial<TableExportButtonProps>,
) {
  renderWithUi(<TableExportButton wheres={[]} max={5000} file="records" {...props} />);
}

describe('TableExportButton', () => {
  it('asks the server for the wheres and orders the table shows, not its page', async () => {
    const exportList = vi.fn(async () => ({ blob: XLSX }));
    const table = tableOf([{ k: 'sn', o: 'like', v: 'A' }], [{ k: 'at', o: 'asc' }], 10);
    renderExport({ table, exportList });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(exportList).toHaveBeenCalledWith(
      listParams([{ k: 'sn', o: 'like', v: 'A' }], [{ k: 'at', o: 'asc' }]),
    );
  });

  it('asks for the page’s wheres and orders before the table is there', async () => {
    const exportList = vi.fn(async () => ({ blob: XLSX }));
    const wheres: Where[] = [{ k: 'sn', o: 'like', v: 'B' }];
    const orders: Order[] = [{ k: 'at', o: 'desc' }];
    renderExport({ table: { current: null }, wheres, orders, exportList });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(exportList).toHaveBeenCalledWith(listParams(wheres, orders));
  });

  it('beyond max rows of the table’s total, or of the page’s own count, does not ask', async () => {
    const exportList = vi.fn(async () => ({ blob: XLSX }));
    renderExport({ table: tableOf([], [], 5001), exportList });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    cleanup();
    renderExport({ table: tableOf([], [], 1), total: () => 5001, exportList });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(exportList).not.toHaveBeenCalled();
  });
});
