import type { ListQuery, Where } from '@vap/contracts';
import {
  Button,
  type Column,
  confirm,
  DataTable,
  type DataTableHandle,
  Dot,
  Input,
  message,
  Select,
  Switch,
} from '@vap/ui';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Section } from './demo.js';
import { createDevices, type Device, delay, queryDevices } from './devices.js';
import { text } from './gallery-text.js';

const t = text.table;
const ALL = 'all';

function formatTime(ms: number): string {
  if (ms === 0) return t.never;
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const columns: Column<Device>[] = [
  { key: 'name', title: t.name, sortable: true, hideable: false },
  { key: 'serial', title: t.serial, sortable: true },
  {
    key: 'status',
    title: t.status,
    sortable: true,
    render: (device) =>
      device.status === 'online' ? (
        <Dot tone="success" label={t.online} showLabel />
      ) : (
        <Dot label={t.offline} showLabel />
      ),
    csv: (device) => (device.status === 'online' ? t.online : t.offline),
  },
  {
    key: 'lastOnline',
    title: t.lastOnline,
    sortable: true,
    render: (device) => <span className="tabular-nums">{formatTime(device.lastOnline)}</span>,
    csv: (device) => (device.lastOnline ? new Date(device.lastOnline).toISOString() : ''),
  },
  { key: 'model', title: t.model, sortable: true },
  { key: 'firmware', title: t.firmware, defaultHidden: true },
];

export function TableSection() {
  const devices = useRef<Device[]>(createDevices());
  const table = useRef<DataTableHandle>(null);
  const failNext = useRef(false);
  const [failing, setFailing] = useState(false);
  const [status, setStatus] = useState(ALL);
  const [search, setSearch] = useState('');

  const filters = useMemo<Where[]>(
    () => [
      ...(status === ALL ? [] : [{ k: 'status', o: '=' as const, v: status }]),
      ...(search.trim() ? [{ k: 'name', o: 'like' as const, v: search.trim() }] : []),
    ],
    [status, search],
  );

  const load = useCallback(async (query: ListQuery, signal: AbortSignal) => {
    // A little latency, so the loading states (skeleton rows, spinner overlay) can be seen.
    await delay(250 + Math.random() * 250, signal);
    if (failNext.current) {
      failNext.current = false;
      setFailing(false);
      throw new Error(t.loadFailed);
    }
    return queryDevices(devices.current, query);
  }, []);

  const remove = async (rows: Device[], clearSelection: () => void) => {
    const ok = await confirm({
      title: t.deleteTitle(rows.length),
      content: t.deleteContent,
      okText: t.deleteSelected,
      tone: 'danger',
    });
    if (!ok) return;
    const gone = new Set(rows.map((row) => row.id));
    devices.current = devices.current.filter((device) => !gone.has(device.id));
    clearSelection();
    table.current?.reload();
    message.success(t.deleted(rows.length));
  };

  return (
    <Section id="table">
      <p className="text-sm text-ink-soft">{t.intro}</p>
      <DataTable<Device>
        ref={table}
        id="gallery-devices"
        label={t.label}
        columns={columns}
        rowKey={(device) => device.id}
        load={load}
        filters={filters}
        initialQuery={{ size: 10, orders: [{ k: 'lastOnline', o: 'desc' }] }}
        selectable
        bulkActions={(rows, clearSelection) => (
          <Button variant="danger" size="small" onClick={() => void remove(rows, clearSelection)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t.deleteSelected}
          </Button>
        )}
        exportCsv={{ filename: 'gallery-devices' }}
        toolbar={
          <>
            <Select
              aria-label={t.statusFilter}
              className="w-40"
              value={status}
              onValueChange={(value) => setStatus(value || ALL)}
              options={[
                { value: ALL, label: t.allStatuses },
                { value: 'online', label: t.online },
                { value: 'offline', label: t.offline },
              ]}
            />
            <Input
              aria-label={t.search}
              placeholder={t.searchPlaceholder}
              className="w-48"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Button onClick={() => table.current?.reload()}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              {t.reload}
            </Button>
            <Switch
              checked={failing}
              onCheckedChange={(checked) => {
                failNext.current = checked;
                setFailing(checked);
              }}
            >
              {t.failNext}
            </Switch>
          </>
        }
      />
    </Section>
  );
}
