import { MQTT_CALLS, type MqttClient } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { confirm, message } from '@vap/ui';

/** Kicks of one batch in flight at once: quick for a page of clients, gentle on the server. */
const BATCH_PARALLEL = 4;

/** Runs `task` over `items`, at most `limit` at a time; answers the failures. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item).catch((error: unknown) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return failures;
}

/**
 * Disconnecting clients (DELETE clients/{id}), after a confirmation: one, or a batch, one call per
 * client. `done` follows any change (the list reloads); the answer says whether anything was done.
 */
export function useKick(done: () => void) {
  const t = useT('mqtt');
  const mqtt = useClient(MQTT_CALLS);
  return async (clients: readonly MqttClient[], clearSelection?: () => void): Promise<boolean> => {
    const only = clients.length === 1 ? clients[0] : undefined;
    const confirmed = await confirm({
      title: only
        ? t('clients.kickTitle', { id: only.client_id })
        : t('clients.kickManyTitle', { count: clients.length }),
      content: t('clients.kickContent'),
      okText: t('clients.kick'),
      tone: 'danger',
    });
    if (!confirmed) return false;
    if (only) {
      try {
        await mqtt.kick({ params: { id: only.client_id } });
      } catch {
        return false; // The console shows the server's message.
      }
      message.success(t('clients.kicked', { id: only.client_id }));
    } else {
      // Quiet calls: one summary rather than a message per failed client.
      const failures = await eachLimited(clients, BATCH_PARALLEL, (client) =>
        mqtt.kick({ params: { id: client.client_id } }, { quiet: true }),
      );
      if (failures.length === 0) message.success(t('clients.kickedMany', { count: clients.length }));
      else {
        const first = failures[0];
        message.error(
          t('clients.kickFailed', {
            failed: failures.length,
            count: clients.length,
            reason: first instanceof Error ? first.message : '',
          }),
        );
      }
    }
    clearSelection?.();
    done();
    return true;
  };
}
