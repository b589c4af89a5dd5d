import { MQTT_CALLS } from '@vap/contracts';
import { useClient, useService } from '@vap/kernel';
import { useSyncExternalStore } from 'react';
import { DebugClient, type DebugState } from './debug-client.js';
import { DebugToolRef } from './holder.js';

/** `ws://` or `wss://` as the console itself is served, on its own host (the broker's /mqtt). */
export function webSocketAddress(path: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${path}`;
}

/**
 * The debug tool's client and its state. The client is the plugin's (DebugToolRef), made on the
 * first visit: leaving the page, hiding its tab or remounting it keeps the connection and the log.
 */
export function useDebugClient(): [DebugClient, DebugState] {
  const holder = useService(DebugToolRef);
  const mqtt = useClient(MQTT_CALLS);
  const client = holder.get(
    () =>
      new DebugClient({
        credentials: () => mqtt.debugToken(undefined, { quiet: true }),
        address: webSocketAddress,
      }),
  );
  const state = useSyncExternalStore(client.watch, client.snapshot);
  return [client, state];
}
