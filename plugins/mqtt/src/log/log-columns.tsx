import { formatDateTime, type MqttLogEntry, type MqttLogKind } from '@vap/contracts';
import { useT } from '@vap/kernel';
import type { Column } from '@vap/ui';
import { yesNo } from '../common/labels.js';

type Key = keyof MqttLogEntry;

/** The fields each log shows, after the time, client id and username every entry has. */
const KIND_COLUMNS: Record<MqttLogKind, readonly Key[]> = {
  message: ['kind', 'direction', 'topic', 'qos', 'retain', 'size', 'payload'],
  subscribe: ['kind', 'event', 'topic', 'qos'],
  device_state: ['event', 'ip', 'transport', 'reason'],
  user_state: ['event', 'ip', 'transport', 'reason'],
};

/** The columns of one log (MqttLogEntry of the contracts); a field the entry lacks shows a dash. */
export function useLogColumns(kind: MqttLogKind): Column<MqttLogEntry>[] {
  const t = useT('mqtt');
  const dash = (value: string | number | null) => (value === null || value === '' ? '—' : value);
  const all: Record<Key, Column<MqttLogEntry>> = {
    id: { key: 'id', title: t('log.fields.id'), kind: 'number', defaultHidden: true },
    at: {
      key: 'at',
      title: t('log.fields.at'),
      kind: 'date',
      hideable: false,
      // A log's times to the second, in the console's one compact format.
      render: (row) => formatDateTime(row.at, { seconds: true }),
    },
    client_id: {
      key: 'client_id',
      title: t('log.fields.client_id'),
      kind: 'id',
      render: (row) => <span className="font-mono">{row.client_id}</span>,
    },
    username: { key: 'username', title: t('log.fields.username'), kind: 'id' },
    kind: { key: 'kind', title: t('log.fields.kind'), kind: 'state', render: (row) => t(`kind.${row.kind}`) },
    event: {
      key: 'event',
      title: t('log.fields.event'),
      kind: 'state',
      render: (row) => (row.event ? t(`log.events.${row.event}`) : '—'),
    },
    direction: {
      key: 'direction',
      title: t('log.fields.direction'),
      kind: 'state',
      render: (row) => (row.direction ? t(`log.directions.${row.direction}`) : '—'),
    },
    topic: {
      key: 'topic',
      title: t('log.fields.topic'),
      render: (row) => <span className="break-all font-mono">{dash(row.topic)}</span>,
    },
    qos: { key: 'qos', title: t('log.fields.qos'), kind: 'state', render: (row) => dash(row.qos) },
    retain: {
      key: 'retain',
      title: t('log.fields.retain'),
      kind: 'state',
      render: (row) => (row.retain === null ? '—' : yesNo(t, row.retain)),
    },
    size: {
      key: 'size',
      title: t('log.fields.size'),
      kind: 'number',
      render: (row) => (row.size === null ? '—' : t('log.bytes', { count: row.size })),
    },
    payload: {
      key: 'payload',
      title: t('log.fields.payload'),
      render: (row) => (
        <span className="line-clamp-2 break-all font-mono text-xs" title={row.payload ?? undefined}>
          {dash(row.payload)}
        </span>
      ),
    },
    ip: { key: 'ip', title: t('log.fields.ip'), kind: 'id', render: (row) => dash(row.ip) },
    transport: {
      key: 'transport',
      title: t('log.fields.transport'),
      kind: 'state',
      render: (row) => (row.transport ? t(`transport.${row.transport}`) : '—'),
    },
    reason: { key: 'reason', title: t('log.fields.reason'), render: (row) => dash(row.reason) },
  };
  return (['at', 'client_id', 'username', ...KIND_COLUMNS[kind], 'id'] as const).map((key) => all[key]);
}
