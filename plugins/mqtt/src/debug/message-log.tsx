import { useLanguage, useT } from '@vap/kernel';
import { Button, Card, Input, Select, Tag } from '@vap/ui';
import { useMemo, useState } from 'react';
import { yesNo } from '../common/labels.js';
import {
  type DebugClient,
  type DebugState,
  type Direction,
  LOG_LIMIT,
  type LogEntry,
} from './debug-client.js';

const DIRECTIONS: readonly Direction[] = ['in', 'out'];

/** The log's columns, by their `debug.*` header strings. */
const COLUMNS = ['time', 'direction', 'topic', 'qos', 'retain', 'payload'] as const;

/** The entries whose topic holds `topic` and, when chosen, of one direction. */
export function filterLog(log: readonly LogEntry[], topic: string, direction: Direction | ''): LogEntry[] {
  const needle = topic.trim().toLowerCase();
  return log.filter(
    (entry) =>
      (direction === '' || entry.direction === direction) &&
      (needle === '' || entry.topic.toLowerCase().includes(needle)),
  );
}

/** The messages received and sent since the log was last cleared, newest first, with filters. */
export function MessageLog({ client, state }: { client: DebugClient; state: DebugState }) {
  const t = useT('mqtt');
  const language = useLanguage();
  const [topic, setTopic] = useState('');
  const [direction, setDirection] = useState<Direction | ''>('');
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(language, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        fractionalSecondDigits: 3,
      }),
    [language],
  );
  const shown = filterLog(state.log, topic, direction);
  const title = t('debug.log');

  return (
    <Card
      title={title}
      extra={
        <Button size="small" disabled={state.log.length === 0} onClick={() => client.clearLog()}>
          {t('debug.clearLog')}
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Input
            type="search"
            aria-label={t('debug.logTopic')}
            placeholder={t('debug.logTopic')}
            value={topic}
            onChange={(event) => setTopic(event.target.value)}
            className="w-56"
          />
          <Select
            aria-label={t('debug.direction')}
            placeholder={t('debug.anyDirection')}
            options={DIRECTIONS.map((value) => ({ value, label: t(`debug.directions.${value}`) }))}
            value={direction}
            onValueChange={(value) => setDirection(value as Direction | '')}
            clearable
            className="w-36"
          />
          <span role="status" className="text-sm text-ink-soft">
            {t('debug.logCount', { count: shown.length, limit: LOG_LIMIT })}
          </span>
        </div>
        <div className="overflow-auto rounded border border-line-soft">
          <table aria-label={title} className="w-full border-collapse text-sm">
            <thead className="bg-canvas text-left text-ink-soft">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-2 py-1.5 font-normal">
                    {t(`debug.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.length === 0 ? (
                <tr>
                  <td colSpan={COLUMNS.length} className="px-2 py-8 text-center text-ink-faint">
                    {state.log.length === 0 ? t('debug.logEmpty') : t('debug.logNoMatch')}
                  </td>
                </tr>
              ) : (
                shown.map((entry) => (
                  <tr key={entry.id} className="border-t border-line-soft align-top">
                    <td className="whitespace-nowrap px-2 py-1.5 tabular-nums">{time.format(entry.at)}</td>
                    <td className="px-2 py-1.5">
                      <Tag tone={entry.direction === 'in' ? 'primary' : 'success'}>
                        {t(`debug.directions.${entry.direction}`)}
                      </Tag>
                    </td>
                    <td className="break-all px-2 py-1.5 font-mono">{entry.topic}</td>
                    <td className="px-2 py-1.5">{entry.qos}</td>
                    <td className="px-2 py-1.5">{yesNo(t, entry.retain)}</td>
                    <td className="px-2 py-1.5">
                      <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">
                        {entry.payload}
                      </pre>
                      <span className="text-xs text-ink-faint">
                        {t('debug.bytes', { count: entry.size })}
                      </span>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}
