import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listParams, type Order, type Where } from '@vap/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCapture } from '../../download-capture.js';
import { renderWithUi } from '../../test-support.js';
import { message, Toaster } from '../message.js';
import type { DataTableHandle } from './data-table.js';
import { ExportButton, type ExportButtonProps, shownListParams } from './export-button.js';
import './test-setup.js';

const XLSX = new Blob(['xlsx'], {
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

/** An error as the kernel's HTTP layer throws it: status, code, message. */
const apiError = (code: string) => Object.assign(new Error(code), { name: 'ApiError', status: 200, code });

/** The files the button hands the browser to download. */
const downloads = downloadCapture();

beforeEach(() => {
  downloads.start();
  // Only the clock: the messages and the clicks keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-09T10:00:00Z'));
});

afterEach(() => {
  downloads.stop();
  cleanup();
  act(() => message.clear());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The button and the messages, saving `devices-….xlsx` of XLSX unless `props` say otherwise. */
function renderButton(props: Partial<ExportButtonProps> = {}) {
  const all = { file: 'devices', download: async () => XLSX, ...props } as ExportButtonProps;
  renderWithUi(
    <>
      <ExportButton {...all} />
      <Toaster />
    </>,
  );
}

describe('ExportButton', () => {
  it('beyond max rows warns that at most max can be exported, and does not ask for the file', async () => {
    const download = vi.fn(async () => XLSX);
    renderButton({ download, total: () => 5001, max: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'At most 5000 rows can be exported at once: narrow the time range or the filters',
    );
    expect(download).not.toHaveBeenCalled();
    expect(downloads.files).toEqual([]);
  });

  it('at max rows, or before the list has answered, asks for the file', async () => {
    const download = vi.fn(async () => XLSX);
    let total: number | null = 5000;
    renderButton({ download, total: () => total, max: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText('The export was downloaded');
    total = null;
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(download).toHaveBeenCalledTimes(2);
  });

  it("saves the file as '{file}-{YYYY-MM-DD}.xlsx', busy meanwhile, and says it was downloaded", async () => {
    let answer: (blob: Blob) => void = () => {};
    const download = vi.fn(() => new Promise<Blob>((resolve) => (answer = resolve)));
    renderButton({ download, file: 'consumption-records' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const busy = screen.getByRole('button', { name: 'Exporting…' });
    expect(busy.hasAttribute('disabled')).toBe(true);

    await act(async () => answer(XLSX));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'The export was downloaded');
    expect(downloads.files).toEqual([{ name: 'consumption-records-2026-03-09.xlsx', blob: XLSX }]);
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(false);
  });

  it('says the export failed only when the answer is no file (invalid_response): a refusal was already shown', async () => {
    const download = vi.fn<() => Promise<Blob>>().mockRejectedValueOnce(apiError('log_export_too_many_rows'));
    renderButton({ download });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    // Idle again, nothing said: the kernel announced the server's message.
    await screen.findByRole('button', { name: 'Export' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();

    download.mockRejectedValueOnce(apiError('invalid_response'));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The export could not be read');
    expect(downloads.files).toEqual([]);
  });

  it('shows its label in place of "Export", and its texts in the console language', async () => {
    renderButton({ label: 'Export jobs' });
    expect(screen.getByRole('button', { name: 'Export jobs' })).toBeTruthy();
    cleanup();
    renderWithUi(<ExportButton file="devices" download={async () => XLSX} />, 'zh-CN');
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });
});

describe('shownListParams', () => {
  const handle = (wheres: Where[], orders: Order[]): DataTableHandle => ({
    reload: () => undefined,
    refresh: () => undefined,
    clearSelection: () => undefined,
    query: () => ({ page: 3, size: 20, wheres, orders }),
    total: () => null,
  });

  it('asks for the wheres and orders the table shows, not its page', () => {
    const shown = handle([{ k: 'sn', o: 'like', v: 'A' }], [{ k: 'at', o: 'asc' }]);
    expect(shownListParams(shown, [], [{ k: 'at', o: 'desc' }])).toEqual(
      listParams([{ k: 'sn', o: 'like', v: 'A' }], [{ k: 'at', o: 'asc' }]),
    );
  });

  it('asks for the page’s own wheres and orders before the table is there', () => {
    expect(shownListParams(null, [{ k: 'sn', o: 'like', v: 'B' }], [{ k: 'at', o: 'desc' }])).toEqual(
      listParams([{ k: 'sn', o: 'like', v: 'B' }], [{ k: 'at', o: 'desc' }]),
    );
    expect(shownListParams(null, [])).toEqual({});
  });
});
