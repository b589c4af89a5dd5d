import { render } from '@testing-library/react';
import type { MqttClient, MqttLogEntry, MqttSubscription } from '@vap/contracts';
import type { AppRoute } from '@vap/kernel';
import { type Kernel, KernelProvider, PageHost } from '@vap/kernel/host';
import { QueryProvider } from '@vap/kernel/query';
import type { Answers, RenderPageOptions } from '@vap/kernel/testing';
import { consoleOverlays, renderConsolePage } from '@vap/ui/testing';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import plugin from './index.js';

export type PageOptions = RenderPageOptions;

/**
 * Renders a page of the plugin as the console does, with the console's strings, the dialog host,
 * the toaster and the server's messages beside it, answering `answers` unless the options answer
 * otherwise.
 */
export function renderMqttPage(name: string, answers: Answers, options: PageOptions = {}) {
  return renderConsolePage(plugin, name, answers, options);
}

/**
 * Mounts a page again in the kernel it was first rendered in (after `unmount()`), as the console
 * does when its tab is shown again: whatever the page kept outside React is still there.
 */
export function remountPage(kernel: Kernel, route: AppRoute) {
  return render(
    <KernelProvider kernel={kernel}>
      <QueryProvider>
        <Suspense fallback={<p>loading</p>}>
          <MemoryRouter initialEntries={[route.path]}>
            <Routes>
              <Route
                path={route.path}
                element={
                  <PageHost
                    route={route}
                    comingSoon={<p>no screen</p>}
                    loading={<p>loading</p>}
                    failed={(error) => <p role="alert">page failed: {error.message}</p>}
                  />
                }
              />
            </Routes>
          </MemoryRouter>
        </Suspense>
      </QueryProvider>
      {consoleOverlays}
    </KernelProvider>,
  );
}

export const mqttClient = (partial: Partial<MqttClient> & Pick<MqttClient, 'client_id'>): MqttClient => ({
  username: partial.client_id,
  kind: 'device',
  auth: null,
  device_id: 11,
  user_id: null,
  ip: '10.0.0.8',
  transport: 'tcp',
  protocol_level: 4,
  keepalive: 60,
  clean_start: true,
  connected_at: '2026-03-02T09:30:00.000Z',
  subscriptions: 1,
  messages_in: 120,
  messages_out: 7,
  node: 'node-a',
  ...partial,
});

export const subscription = (
  partial: Partial<MqttSubscription> & Pick<MqttSubscription, 'client_id' | 'topic'>,
): MqttSubscription => ({
  username: partial.client_id,
  kind: 'user',
  qos: 0,
  node: 'node-a',
  ...partial,
});

export const logEntry = (partial: Partial<MqttLogEntry> & Pick<MqttLogEntry, 'id'>): MqttLogEntry => ({
  at: '2026-03-02T09:30:00.000Z',
  client_id: '12345678901320000011',
  username: '12345678901320000011',
  kind: 'device',
  event: null,
  topic: null,
  qos: null,
  retain: null,
  size: null,
  payload: null,
  direction: null,
  ip: null,
  transport: null,
  reason: null,
  ...partial,
});

export { pageOf } from '@vap/kernel/testing';
