import { MQTT_LOG_KINDS, type MqttLogKind } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@vap/ui';
import { useState } from 'react';
import { LogTab } from '../log/log-tab.js';

/**
 * The broker's logs (spec §2.3 mqtt_log, §7.3 mqtt_log/…; issue 15): messages, subscriptions, and
 * the device and user clients' connections, each a tab with its own range, filters and export.
 */
export default function MqttLogPage() {
  const t = useT('mqtt');
  const [kind, setKind] = useState<MqttLogKind>('message');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{t('log.title')}</h1>
      <Tabs value={kind} onValueChange={(value) => setKind(value as MqttLogKind)}>
        <TabsList aria-label={t('log.title')}>
          {MQTT_LOG_KINDS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {t(`log.kinds.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {MQTT_LOG_KINDS.map((name) => (
          <TabsContent key={name} value={name}>
            {/* Only the shown log is mounted: the others ask nothing. */}
            {name === kind ? <LogTab kind={name} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
