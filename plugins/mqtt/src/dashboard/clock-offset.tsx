import { useQuery } from '@tanstack/react-query';
import { MQTT_CALLS } from '@vap/contracts';
import { useClient, useLanguage, useT } from '@vap/kernel';
import { Card, Descriptions, Skeleton } from '@vap/ui';

export const VERSION_KEY = ['mqtt', 'dashboard', 'version'] as const;

/** Under a second the offset reads in ms, above it in seconds. */
export function offsetUnit(offsetMs: number): { value: number; unit: 'ms' | 's' } {
  return Math.abs(offsetMs) < 1000
    ? { value: Math.round(offsetMs), unit: 'ms' }
    : { value: Math.round(offsetMs / 100) / 10, unit: 's' };
}

/**
 * The broker's version and the clock offset (spec §3 MQTT version info): the server's
 * `unix_milli` less this computer's time when the answer arrived. Asked here rather than read from
 * the session, whose copy may be hours old.
 */
export function ClockOffset() {
  const t = useT('mqtt');
  const mqtt = useClient(MQTT_CALLS);
  const language = useLanguage();
  const version = useQuery({
    queryKey: VERSION_KEY,
    queryFn: async ({ signal }) => {
      const answer = await mqtt.version(undefined, { signal });
      return { ...answer, offset: answer.unix_milli - Date.now() };
    },
  });
  const data = version.data;
  let offset = version.isError ? t('common.unavailable') : null;
  if (data) {
    const { value, unit } = offsetUnit(data.offset);
    const text = new Intl.NumberFormat(language, { signDisplay: 'exceptZero' }).format(value);
    offset = t(unit === 'ms' ? 'dashboard.offsetMs' : 'dashboard.offsetS', { offset: text });
  }
  const loading = <Skeleton lines={1} className="w-24" />;
  return (
    <Card title={t('dashboard.broker')}>
      <Descriptions
        columns={3}
        items={[
          { label: t('dashboard.version'), value: data ? data.main_version : loading },
          { label: t('dashboard.apiVersion'), value: data ? data.api_version : loading },
          {
            label: t('dashboard.clockOffset'),
            value: (
              <div data-testid="clock-offset" title={t('dashboard.clockOffsetHint')}>
                {offset ?? loading}
              </div>
            ),
          },
        ]}
      />
    </Card>
  );
}
