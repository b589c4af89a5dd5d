import '../../test-polyfills.js';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { message } from '../message.js';
import { DialogHost, dialogs } from '../overlay/dialog-host.js';
import type { DataTableHandle } from './data-table.js';
import { confirmListChange } from './list-change.js';
import { ListEditor } from './list-editor.js';
import { type ListDialog, useListDialog } from './use-list-dialog.js';

afterEach(() => {
  cleanup();
  dialogs.clear();
  vi.restoreAllMocks();
});

/** A table whose reloads are counted. */
function tableOf() {
  const reload = vi.fn();
  const current: DataTableHandle = {
    reload,
    refresh: () => undefined,
    clearSelection: () => undefined,
    query: () => ({ page: 1, size: 20, wheres: [], orders: [] }),
    total: () => null,
  };
  return { table: { current }, reload };
}

describe('useListDialog', () => {
  it('shows no dialog until one is opened, and none once it is closed, the list as it was', () => {
    const { table, reload } = tableOf();
    const { result } = renderHook(() => useListDialog<{ id: number } | 'new'>(table));
    expect(result.current.dialog).toBeNull();
    act(() => result.current.open('new'));
    expect(result.current.dialog).toBe('new');
    act(() => result.current.open({ id: 7 }));
    expect(result.current.dialog).toEqual({ id: 7 });
    act(() => result.current.close());
    expect(result.current.dialog).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('done closes the dialog and reads the list again', () => {
    const { table, reload } = tableOf();
    const { result } = renderHook(() => useListDialog<'new'>(table));
    act(() => result.current.open('new'));
    act(() => result.current.done());
    expect(result.current.dialog).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('ListEditor', () => {
  const editorOf = (dialog: { id: number } | 'new' | null): ListDialog<{ id: number } | 'new'> => ({
    dialog,
    open: () => undefined,
    close: () => undefined,
    done: () => undefined,
  });
  const show = (dialog: { id: number } | 'new' | null) =>
    render(
      <ListEditor editor={editorOf(dialog)} render={(row) => <p>{row ? `row ${row.id}` : 'a new one'}</p>} />,
    );

  it('shows nothing while closed, the row it edits, or null for a new one', () => {
    const { container } = show(null);
    expect(container.textContent).toBe('');
    cleanup();
    show({ id: 7 });
    expect(screen.getByText('row 7')).toBeTruthy();
    cleanup();
    show('new');
    expect(screen.getByText('a new one')).toBeTruthy();
  });
});

describe('confirmListChange', () => {
  it('once confirmed, makes the change, says it is done and reads the list again; declined, does nothing', async () => {
    renderWithUi(<DialogHost />);
    const success = vi.spyOn(message, 'success');
    const { table, reload } = tableOf();
    const change = vi.fn(async () => undefined);
    let made: Promise<boolean> = Promise.resolve(false);
    act(() => {
      made = confirmListChange(table, { title: 'Delete it?', okText: 'Delete' }, change, 'Deleted');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(made).resolves.toBe(true);
    expect(change).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Deleted');
    expect(reload).toHaveBeenCalledTimes(1);

    act(() => {
      made = confirmListChange(table, { title: 'Delete again?' }, change, 'Deleted');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(made).resolves.toBe(false);
    expect(change).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a failed change says nothing more and leaves the list as it was', async () => {
    renderWithUi(<DialogHost />);
    const success = vi.spyOn(message, 'success');
    const { table, reload } = tableOf();
    let made: Promise<boolean> = Promise.resolve(true);
    act(() => {
      made = confirmListChange(
        table,
        { title: 'Delete it?' },
        () => Promise.reject(new Error('refused')),
        'Deleted',
      );
    });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(made).resolves.toBe(false);
    expect(success).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
