import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListPage, ListQuery, Where } from '@vap/contracts';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCapture } from '../../download-capture.js';
import { renderWithUi } from '../../test-support.js';
import { type Column, DataTable, type DataTableHandle, type DataTableProps } from './data-table.js';
import { pageItems } from './pagination.js';
import { giveElementsHeight } from './test-setup.js';

interface Device {
  id: number;
  name: string;
  model: string;
}

const columns: Column<Device>[] = [
  { key: 'name', title: 'Name', sortable: true },
  { key: 'model', title: 'Model', sortable: 'device_model' },
  { key: 'id', title: 'ID', defaultHidden: true },
];

const device = (id: number): Device => ({ id, name: `cam-${id}`, model: 'X1' });

/** A server of `total` devices that answers every query from them. */
function server(total: number) {
  const all = Array.from({ length: total }, (_, index) => device(index + 1));
  return vi.fn(async (query: ListQuery, _signal: AbortSignal): Promise<ListPage<Device>> => {
    const start = (query.page - 1) * query.size;
    return { items: all.slice(start, start + query.size), total };
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

type TableProps = Partial<DataTableProps<Device>> & Pick<DataTableProps<Device>, 'load'>;

/** The devices table of these tests, to render or to render again with other props. */
const devicesTable = (props: TableProps) => (
  <DataTable<Device> id="devices" columns={columns} rowKey={(row) => row.id} label="Devices" {...props} />
);

function renderTable(props: TableProps, language?: 'en' | 'zh-CN') {
  return renderWithUi(devicesTable(props), language);
}

const lastQuery = (load: ReturnType<typeof server>) => load.mock.calls.at(-1)?.[0];
const bodyRows = () => screen.getAllByRole('row').slice(1);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DataTable scrolling', () => {
  it('a table wider than its card is a named region that takes the focus, so the keyboard scrolls it', async () => {
    const wide = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    renderTable({ load: server(3) });
    const region = await screen.findByRole('region', { name: 'Devices' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Devices' })).toBeTruthy();
    cleanup();
    wide.mockReturnValue(800);
    renderTable({ load: server(3) });
    await screen.findByRole('table', { name: 'Devices' });
    expect(screen.queryByRole('region', { name: 'Devices' })).toBeNull();
  });
});

describe('DataTable query', () => {
  it('loads page 1 at the default size with no filter or sort', async () => {
    const load = server(45);
    renderTable({ load });
    expect(await screen.findByText('cam-1')).toBeTruthy();
    expect(lastQuery(load)).toEqual({ page: 1, size: 20, wheres: [], orders: [] });
    expect(screen.getByText('Total 45')).toBeTruthy();
  });

  it('page buttons, next and page size map to page and size of the query', async () => {
    const load = server(45);
    renderTable({ load });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('cam-41');
    expect(lastQuery(load)).toMatchObject({ page: 3, size: 20 });
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50 / page');
    await waitFor(() => expect(lastQuery(load)).toMatchObject({ page: 1, size: 50 }));
  });

  it('the pager works from the keyboard, including jump to page', async () => {
    const load = server(100);
    renderTable({ load });
    await screen.findByText('cam-1');
    screen.getByRole('button', { name: 'Next page' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('cam-21');
    await userEvent.type(screen.getByRole('textbox', { name: 'Go to page' }), '4{Enter}');
    await screen.findByText('cam-61');
    expect(lastQuery(load)).toMatchObject({ page: 4 });
    // Past the last page goes to the last page.
    await userEvent.type(screen.getByRole('textbox', { name: 'Go to page' }), '99{Enter}');
    await screen.findByText('cam-81');
    expect(lastQuery(load)).toMatchObject({ page: 5 });
  });

  it('a sortable header cycles ascending, descending, none with aria-sort, from page 1', async () => {
    const load = server(45);
    renderTable({ load, initialQuery: { page: 2 } });
    await screen.findByText('cam-21');
    const header = screen.getByRole('columnheader', { name: /Model/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    const button = within(header).getByRole('button', { name: 'Model' });

    await userEvent.click(button);
    await waitFor(() =>
      expect(lastQuery(load)).toMatchObject({ page: 1, orders: [{ k: 'device_model', o: 'asc' }] }),
    );
    expect(header.getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(button);
    await waitFor(() => expect(lastQuery(load)?.orders).toEqual([{ k: 'device_model', o: 'desc' }]));
    expect(header.getAttribute('aria-sort')).toBe('descending');

    await userEvent.click(button);
    await waitFor(() => expect(lastQuery(load)?.orders).toEqual([]));
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('a new filter goes back to page 1 and is sent as wheres; the same filter again does not reload', async () => {
    const load = server(45);
    const view = renderTable({ load });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('cam-21');

    const filters: Where[] = [{ k: 'name', o: 'like', v: 'cam' }];
    view.rerender(devicesTable({ load, filters }));
    await waitFor(() => expect(lastQuery(load)).toEqual({ page: 1, size: 20, wheres: filters, orders: [] }));
    const calls = load.mock.calls.length;
    view.rerender(devicesTable({ load, filters: [...filters] }));
    await screen.findByText('cam-1');
    expect(load.mock.calls.length).toBe(calls);
  });

  it('a reload through the ref loads the same query again', async () => {
    const load = server(5);
    const ref = createRef<DataTableHandle>();
    renderTable({ load, ref });
    await screen.findByText('cam-1');
    act(() => ref.current?.reload());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(load.mock.calls[1]?.[0]).toEqual(load.mock.calls[0]?.[0]);
  });
});

describe('DataTable refresh', () => {
  it('a refresh through the ref loads the page again without the loading veil, keeping the rows shown', async () => {
    const second = deferred<ListPage<Device>>();
    const load = vi
      .fn<DataTableProps<Device>['load']>()
      .mockResolvedValueOnce({ items: [device(1)], total: 1 })
      .mockReturnValueOnce(second.promise)
      .mockReturnValueOnce(deferred<ListPage<Device>>().promise);
    const ref = createRef<DataTableHandle>();
    renderTable({ load, ref });
    await screen.findByText('cam-1');
    act(() => ref.current?.refresh());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(screen.getByText('cam-1')).toBeTruthy();
    await act(async () => second.resolve({ items: [device(2)], total: 1 }));
    expect(await screen.findByText('cam-2')).toBeTruthy();
    // A reload, by contrast, shows it.
    act(() => ref.current?.reload());
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true'));
  });
});

describe('DataTable states', () => {
  it('an answer to a replaced query is ignored and its request aborted', async () => {
    const answers = [
      deferred<ListPage<Device>>(),
      deferred<ListPage<Device>>(),
      deferred<ListPage<Device>>(),
    ];
    const load = vi.fn(
      (_query: ListQuery, _signal: AbortSignal) =>
        (answers[load.mock.calls.length - 1] as ReturnType<typeof deferred<ListPage<Device>>>).promise,
    );
    renderTable({ load });
    await act(async () => answers[0]?.resolve({ items: [device(1)], total: 60 }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(load.mock.calls[1]?.[1].aborted).toBe(true);

    await act(async () => answers[2]?.resolve({ items: [device(41)], total: 60 }));
    await act(async () => answers[1]?.resolve({ items: [device(21)], total: 60 }));
    expect(screen.getByText('cam-41')).toBeTruthy();
    expect(screen.queryByText('cam-21')).toBeNull();
  });

  it('loads through TanStack Query under the key ["data-table", id]: invalidating it reloads the page', async () => {
    const load = server(30);
    const { queryClient } = renderTable({ load });
    await screen.findByText('cam-1');
    const calls = load.mock.calls.length;
    await act(() => queryClient.invalidateQueries({ queryKey: ['data-table', 'devices'] }));
    await waitFor(() => expect(load.mock.calls.length).toBe(calls + 1));
    expect(lastQuery(load)).toMatchObject({ page: 1 });
  });

  it('shows skeleton rows and aria-busy while the first page loads', async () => {
    const answer = deferred<ListPage<Device>>();
    renderTable({ load: () => answer.promise });
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(document.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
    await act(async () => answer.resolve({ items: [device(1)], total: 1 }));
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
    expect(document.querySelectorAll('[data-skeleton]').length).toBe(0);
  });

  it('a failed load shows the error message and Retry loads again', async () => {
    const load = vi
      .fn<DataTableProps<Device>['load']>()
      .mockRejectedValueOnce(new Error('Server is down'))
      .mockResolvedValue({ items: [device(7)], total: 1 });
    renderTable({ load });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Server is down');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('cam-7')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an empty list says so, with the caller’s text when given', async () => {
    renderTable({ load: server(0) });
    expect(await screen.findByText('No data')).toBeTruthy();
    cleanup();
    renderTable({ load: server(0), emptyText: 'No devices yet' });
    expect(await screen.findByText('No devices yet')).toBeTruthy();
  });

  it('shows its strings in zh-CN', async () => {
    renderTable({ load: server(45), selectable: true }, 'zh-CN');
    await screen.findByText('cam-1');
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(screen.getByRole('option', { name: '20 条/页' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下一页' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /列设置/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: '选择行 1' }));
    expect(screen.getByText('已选择 1 项')).toBeTruthy();
    cleanup();
    renderTable({ load: server(0) }, 'zh-CN');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});

describe('DataTable selection', () => {
  it('keeps the selection across pages and hands the rows to the bulk actions', async () => {
    const bulk = vi.fn((rows: Device[], clear: () => void) => (
      <button type="button" onClick={clear}>
        Delete {rows.map((row) => row.id).join(',')}
      </button>
    ));
    renderTable({ load: server(30), selectable: true, bulkActions: bulk, initialQuery: { size: 10 } });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    const pageBox = screen.getByRole('checkbox', {
      name: 'Select all rows on this page',
    }) as HTMLInputElement;
    expect(pageBox.indeterminate).toBe(true);
    expect(pageBox.checked).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('cam-11');
    expect(pageBox.indeterminate).toBe(false);
    await userEvent.click(pageBox);
    expect(pageBox.checked).toBe(true);
    expect(screen.getByText('11 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete 2,11,12,13,14,15,16,17,18,19,20' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('cam-1');
    expect((screen.getByRole('checkbox', { name: 'Select row 2' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: /^Delete/ }));
    expect(screen.queryByText(/selected/)).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select row 2' }) as HTMLInputElement).checked).toBe(false);
  });

  it('rows that rowSelectable refuses show a disabled box and stay out of select-all', async () => {
    const bulk = vi.fn((rows: Device[]) => <span>Chosen {rows.map((row) => row.id).join(',')}</span>);
    renderTable({
      load: server(4),
      selectable: true,
      rowSelectable: (row) => row.id % 2 === 1,
      bulkActions: bulk,
    });
    await screen.findByText('cam-1');
    expect((screen.getByRole('checkbox', { name: 'Select row 2' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select row 3' }) as HTMLInputElement).disabled).toBe(false);
    const pageBox = screen.getByRole('checkbox', {
      name: 'Select all rows on this page',
    }) as HTMLInputElement;
    await userEvent.click(pageBox);
    expect(pageBox.checked).toBe(true);
    expect(screen.getByText('Chosen 1,3')).toBeTruthy();
  });

  it('the ref answers the list query shown now, for a server export', async () => {
    const load = server(30);
    const ref = createRef<DataTableHandle>();
    renderTable({ load, ref, filters: [{ k: 'model', o: '=', v: 'X1' }], initialQuery: { size: 10 } });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery(load)?.orders).toEqual([{ k: 'name', o: 'asc' }]));
    expect(ref.current?.query()).toEqual({
      page: 1,
      size: 10,
      wheres: [{ k: 'model', o: '=', v: 'X1' }],
      orders: [{ k: 'name', o: 'asc' }],
    });
  });

  it('the ref answers how many rows match the filter shown, unknown until a new filter is answered', async () => {
    const pending = deferred<ListPage<Device>>();
    const load = vi.fn(async (query: ListQuery, signal: AbortSignal) =>
      query.wheres.length > 0 ? pending.promise : server(30)(query, signal),
    );
    const ref = createRef<DataTableHandle>();
    const table = (filters: DataTableProps<Device>['filters']) => devicesTable({ load, filters, ref });
    const view = renderWithUi(table([]));
    await screen.findByText('cam-1');
    expect(ref.current?.total()).toBe(30);
    await userEvent.click(screen.getByRole('button', { name: /page 2/i }));
    await screen.findByText('cam-21');
    expect(ref.current?.total()).toBe(30);
    view.rerender(table([{ k: 'model', o: '=', v: 'X2' }]));
    await waitFor(() => expect(lastQuery(load)?.wheres).toEqual([{ k: 'model', o: '=', v: 'X2' }]));
    expect(ref.current?.total()).toBeNull();
    pending.resolve({ items: [device(7)], total: 1 });
    await waitFor(() => expect(ref.current?.total()).toBe(1));
  });

  it('a new filter clears the selection', async () => {
    const load = server(30);
    const view = renderTable({ load, selectable: true });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    view.rerender(devicesTable({ load, selectable: true, filters: [{ k: 'model', o: '=', v: 'X1' }] }));
    await waitFor(() => expect(screen.queryByText('1 selected')).toBeNull());
  });
});

describe('DataTable columns', () => {
  it('the column chooser hides and shows columns and remembers the choice across remounts', async () => {
    const load = server(3);
    renderTable({ load });
    await screen.findByText('cam-1');
    expect(screen.queryByRole('columnheader', { name: 'ID' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Model' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'ID' }));
    expect(screen.queryByRole('columnheader', { name: /Model/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'ID' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('vap_table_columns:devices') ?? '{}')).toEqual({
      model: false,
      id: true,
    });

    cleanup();
    renderTable({ load });
    await screen.findByText('cam-1');
    expect(screen.queryByRole('columnheader', { name: /Model/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'ID' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reset columns' }));
    expect(screen.getByRole('columnheader', { name: /Model/ })).toBeTruthy();
    expect(localStorage.getItem('vap_table_columns:devices')).toBeNull();
  });

  it('remembers the choice per table: another page’s table keeps its own', async () => {
    renderTable({ load: server(3), id: 'devices-page' });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('checkbox', { name: 'Model' }));
    expect(screen.queryByRole('columnheader', { name: /Model/ })).toBeNull();
    cleanup();

    renderTable({ load: server(3), id: 'tasks-page' });
    await screen.findByText('cam-1');
    expect(screen.getByRole('columnheader', { name: /Model/ })).toBeTruthy();
    cleanup();

    renderTable({ load: server(3), id: 'devices-page' });
    await screen.findByText('cam-1');
    expect(screen.queryByRole('columnheader', { name: /Model/ })).toBeNull();
    expect(JSON.parse(localStorage.getItem('vap_table_columns:devices-page') ?? '{}')).toEqual({
      model: false,
    });
    expect(localStorage.getItem('vap_table_columns:tasks-page')).toBeNull();
  });

  it('the last shown column cannot be hidden', async () => {
    renderTable({
      load: server(1),
      columns: [columns[0] as Column<Device>, { ...(columns[1] as Column<Device>) }],
    });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Model' }));
    expect((within(dialog).getByRole('checkbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('DataTable column kinds (issue 29: lists readable at 1280 px)', () => {
  interface Camera {
    id: number;
    sn: string;
    name: string;
    status: string;
    seen: string;
    messages: number;
  }
  const camera: Camera = {
    id: 1,
    sn: '48791317821320000052',
    name: 'Gate north',
    status: 'online',
    seen: new Date(2025, 0, 5, 9, 7).toISOString(),
    messages: 1234567,
  };
  const kinds: Column<Camera>[] = [
    { key: 'sn', title: 'Serial number', kind: 'id' },
    { key: 'name', title: 'Name', kind: 'name' },
    { key: 'note', title: 'Note' },
    { key: 'status', title: 'Status', kind: 'state', render: (row) => <span>{row.status}</span> },
    { key: 'seen', title: 'Last online', kind: 'date' },
    { key: 'messages', title: 'Messages', kind: 'number' },
    { key: 'actions', title: 'Actions', kind: 'actions', render: () => <button type="button">Edit</button> },
  ];
  /** The table of the one camera, once its row is shown. */
  const renderKinds = async () => {
    renderWithUi(
      <DataTable<Camera>
        id="cameras"
        label="Cameras"
        columns={kinds}
        rowKey={(row) => row.id}
        selectable
        load={async () => ({ items: [camera], total: 1 })}
      />,
    );
    await screen.findByText(camera.name);
  };
  const cellOf = (kind: string) => document.querySelector(`tbody td[data-kind="${kind}"]`) as HTMLElement;
  const headerOf = (kind: string) => document.querySelector(`thead th[data-kind="${kind}"]`) as HTMLElement;

  it('an id, a date, a state and a number never break, and keep a minimum width from their kind', async () => {
    await renderKinds();
    for (const [kind, width] of [
      ['id', 'min-w-28'],
      ['date', 'min-w-36'],
      ['state', 'min-w-20'],
      ['number', 'min-w-16'],
    ] as const) {
      expect(cellOf(kind).className, kind).toContain('whitespace-nowrap');
      expect(cellOf(kind).className, kind).toContain(width);
      expect(headerOf(kind).className, kind).toContain(width);
    }
  });

  it('a name breaks only between words, a text wraps from a readable width, and no header ever breaks', async () => {
    await renderKinds();
    expect(cellOf('name').className).toContain('break-keep');
    expect(cellOf('name').className).toContain('min-w-36');
    // A column without a kind is a text.
    expect(cellOf('text').className).toContain('min-w-32');
    expect(cellOf('text').className).not.toContain('whitespace-nowrap');
    for (const header of screen.getAllByRole('columnheader').filter((each) => each.textContent)) {
      expect(header.className, header.textContent ?? '').toContain('whitespace-nowrap');
    }
  });

  it('a date column without render shows the compact date; a number one groups its thousands, right-aligned', async () => {
    await renderKinds();
    expect(cellOf('date').textContent).toBe('2025-01-05 09:07');
    expect(cellOf('number').textContent).toBe('1,234,567');
    expect(cellOf('number').className).toContain('text-right');
    expect(headerOf('number').className).toContain('text-right');
  });

  it('the selection column sticks to the left edge and the actions to the right edge when the table scrolls sideways', async () => {
    await renderKinds();
    for (const [kind, edge] of [
      ['select', 'left-0'],
      ['actions', 'right-0'],
    ] as const) {
      for (const cell of [cellOf(kind), headerOf(kind)]) {
        expect(cell.className, kind).toMatch(/\bsticky\b/);
        expect(cell.className, kind).toContain(edge);
      }
    }
    // The sticky cells take the row's background, which is opaque, to cover what scrolls under them.
    expect(cellOf('actions').className).toContain('bg-inherit');
    expect(cellOf('actions').closest('tr')?.className).toContain('bg-surface');
    // The table scrolls inside its own box.
    expect(screen.getByRole('table').parentElement?.className).toContain('overflow-auto');
  });
});

describe('DataTable virtualisation', () => {
  it('renders only rows in view when a page holds 1,000 rows or more', async () => {
    giveElementsHeight(600);
    renderTable({ load: server(3000), initialQuery: { size: 1000 }, pageSizes: [20, 1000] });
    await screen.findByText('cam-1');
    const rendered = screen.getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    expect(screen.queryByText('cam-1000')).toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('1001');
  });

  it('renders every row of a smaller page', async () => {
    giveElementsHeight(600);
    renderTable({ load: server(300), initialQuery: { size: 100 } });
    await screen.findByText('cam-1');
    expect(bodyRows()).toHaveLength(100);
  });
});

describe('DataTable CSV export', () => {
  const downloads = downloadCapture();
  beforeEach(downloads.start);
  afterEach(downloads.stop);

  async function exportedText(): Promise<{ bytes: Uint8Array; text: string }> {
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    // jsdom's Blob has no arrayBuffer(); its FileReader reads the bytes.
    const buffer = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(downloads.files[0]?.blob as Blob);
    });
    const bytes = new Uint8Array(buffer);
    return { bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  }

  it('exports every row of the current filter and sort, visible columns only, as escaped UTF-8 with BOM', async () => {
    const rows: Device[] = [
      { id: 1, name: 'Gate, north', model: '=cmd()' },
      { id: 2, name: '大门 "A"', model: 'X1' },
      { id: 3, name: 'line\nbreak', model: 'X2' },
    ];
    const load = vi.fn(async (query: ListQuery) => {
      const start = (query.page - 1) * query.size;
      return { items: rows.slice(start, start + query.size), total: rows.length };
    });
    const filters: Where[] = [{ k: 'model', o: 'like', v: 'X' }];
    renderTable({
      load,
      filters,
      initialQuery: { orders: [{ k: 'name', o: 'desc' }] },
      columns: [...columns, { key: 'status', title: 'Status', csv: (row) => (row.id === 1 ? 'on' : 'off') }],
      exportCsv: { filename: 'devices', pageSize: 2 },
    });
    await screen.findByText('Gate, north');
    load.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const { bytes, text } = await exportedText();

    expect(load.mock.calls.map(([query]) => query)).toEqual([
      { page: 1, size: 2, wheres: filters, orders: [{ k: 'name', o: 'desc' }] },
      { page: 2, size: 2, wheres: filters, orders: [{ k: 'name', o: 'desc' }] },
    ]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe(
      '\uFEFFName,Model,Status\r\n"Gate, north",\'=cmd(),on\r\n"大门 ""A""",X1,off\r\n"line\nbreak",X2,off\r\n',
    );
    expect(downloads.files[0]?.name).toBe('devices.csv');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('exports at most 5000 rows by default and warns that the limit was reached', async () => {
    const load = server(6000);
    renderTable({ load, exportCsv: { filename: 'logs.csv', pageSize: 2500 } });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const { text } = await exportedText();
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(5001);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Only the first 5000 of 6000 rows were exported: an export has at most 5000 rows.',
    );
  });

  it('shows progress while exporting', async () => {
    const second = deferred<ListPage<Device>>();
    const load = vi.fn(async (query: ListQuery) =>
      query.page === 2 && query.size === 3 ? second.promise : { items: [1, 2, 3].map(device), total: 5 },
    );
    renderTable({ load, exportCsv: { filename: 'x', pageSize: 3 } });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exporting 3 of 5 rows…')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('3');
    await act(async () => second.resolve({ items: [4, 5].map(device), total: 5 }));
    await exportedText();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a failed export says why', async () => {
    const load = vi
      .fn<DataTableProps<Device>['load']>()
      .mockResolvedValueOnce({ items: [device(1)], total: 1 })
      .mockRejectedValue(new Error('timeout'));
    renderTable({ load, exportCsv: { filename: 'x' } });
    await screen.findByText('cam-1');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Export failed: timeout');
    expect(downloads.files).toHaveLength(0);
  });
});

describe('pageItems', () => {
  it('lists all pages when few, else the ends and a window around the current page', () => {
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});

describe('DataTable after deletions', () => {
  it('a page past the end (its rows deleted) moves to the last page that has rows', async () => {
    const load = server(25);
    const ref = createRef<DataTableHandle>();
    renderTable({ load, ref, initialQuery: { page: 3, size: 10 } });
    await screen.findByText('cam-21');
    load.mockImplementation(async (query: ListQuery) => ({
      items: query.page === 1 ? [1, 2, 3].map(device) : [],
      total: 3,
    }));
    act(() => ref.current?.reload());
    await screen.findByText('cam-1');
    expect(lastQuery(load)).toMatchObject({ page: 1 });
  });
});
