import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DataTableHandle } from './data-table.js';
import { useListDialog } from './use-list-dialog.js';

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
