import { useT } from '@vap/kernel';
import { Alert, Card, Tag, Textarea } from '@vap/ui';
import type { Exchange } from '../exchange.js';

/** The code the server refuses an operation the key was not given with (spec §8). */
const NOT_PERMITTED = 'operation_not_permitted';

const toneOf = (status: number) =>
  status >= 200 && status < 300 ? 'success' : status >= 400 && status < 500 ? 'warning' : 'danger';

/** What came back: status, time, the refusal's message, headers and body. */
export function ResponsePanel({ exchange }: { exchange: Exchange | null }) {
  const t = useT('open-platform');
  return (
    <Card title={t('response.title')}>
      <section aria-label={t('response.title')} aria-live="polite" className="flex flex-col gap-3">
        {exchange === null ? (
          <p className="text-sm text-ink-soft">{t('response.none')}</p>
        ) : (
          <>
            <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div className="flex items-center gap-2">
                <dt className="text-ink-soft">{t('response.status')}</dt>
                <dd>
                  <Tag tone={toneOf(exchange.status)}>
                    {exchange.status} {exchange.statusText}
                  </Tag>
                </dd>
              </div>
              <div className="flex items-center gap-2">
                <dt className="text-ink-soft">{t('response.time')}</dt>
                <dd>{t('response.ms', { ms: exchange.ms })}</dd>
              </div>
            </dl>
            {exchange.error ? (
              <Alert tone="error">
                {exchange.error.code === NOT_PERMITTED ? t('response.forbidden') : exchange.error.message}
              </Alert>
            ) : null}
            <details className="text-sm">
              <summary className="cursor-pointer text-ink">{t('response.headers')}</summary>
              <table className="mt-2 w-full text-xs">
                <tbody>
                  {exchange.headers.map(([name, value]) => (
                    <tr key={name} className="border-b border-line-soft align-top">
                      <th scope="row" className="py-1 pr-3 text-left font-mono font-normal text-ink-soft">
                        {name}
                      </th>
                      <td className="py-1 font-mono break-all text-ink">{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
            <div className="flex flex-col gap-1">
              <h2 className="text-sm text-ink">{t('response.body')}</h2>
              {/* Read-only text: a long body scrolls, selects and copies with the keyboard. */}
              <Textarea
                readOnly
                aria-label={t('response.body')}
                rows={16}
                spellCheck={false}
                className="font-mono text-xs"
                value={exchange.body}
              />
              {exchange.truncated ? (
                <p className="text-xs text-ink-faint">{t('response.truncated')}</p>
              ) : null}
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
