import '@vap/ui/test-polyfills';
import { render } from '@testing-library/react';
import {
  decodeListParam,
  type MqttClient,
  type MqttLogEntry,
  type MqttSubscription,
  type Order,
  type Where,
} from '@vap/contracts';
import { type AppRoute, messages, useKernel } from '@vap/kernel';
import { type Kernel, KernelProvider, PageHost } from '@vap/kernel/host';
import { QueryProvider } from '@vap/kernel/query';
import { type Answers, type RecordedCall, renderPluginPage } from '@vap/kernel/testing';
import { DialogHost, message, Toaster, uiMessages } from '@vap/ui';
import { Suspense, useEffect } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import plugin from './index.js';

/** The console's strings and the design system's, as the console passes them. */
export const sharedMessages = [
  messages('translation', {
    en: () => import('../../../locales/en.json'),
    'zh-CN': () => import('../../../locales/zh-CN.json'),
    'zh-TW': () => import('../../../locales/zh-TW.json'),
  }),
  {
    ...messages('shell', {
      en: () => import('../../../locales/shell/en.json'),
      'zh-CN': () => import('../../../locales/shell/zh-CN.json'),
      'zh-TW': () => import('../../../locales/shell/zh-TW.json'),
    }),
    extendsDefault: true,
  },
  uiMessages,
];

/** What the console's shell does with a failed call (apps/console session-alerts): shows its message. */
function ServerMessages() {
  const { bus } = useKernel();
  useEffect(() => {
    const subscription = bus.subscribe('http.error', ({ message: text }) => message.error(text));
    return () => subscription.unsubscribe();
  }, [bus]);
  return null;
}

const beside = (
  <>
    <DialogHost />
    <Toaster />
    <ServerMessages />
  </>
);

export type PageOptions = NonNullable<Parameters<typeof renderPluginPage>[2]>;

/**
 * Renders a page of the plugin as the console does, with the console's strings, the dialog host,
 * the toaster and the server's messages beside it, answering `answers` unless the options answer
 * otherwise.
 */
export function renderMqttPage(name: string, answers: Answers, options: PageOptions = {}) {
  return renderPluginPage(plugin, name, {
    messages: sharedMessages,
    beside,
    ...options,
    answers: { ...answers, ...options.answers },
  });
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
      {beside}
    </KernelProvider>,
  );
}

const listParam = <T,>(call: RecordedCall | undefined, name: 'wheres' | 'orders'): T[] => {
  const encoded = call?.query.get(name);
  return encoded ? (decodeListParam(encoded) as T[]) : [];
};
export const wheresOf = (call: RecordedCall | undefined) => listParam<Where>(call, 'wheres');
export const ordersOf = (call: RecordedCall | undefined) => listParam<Order>(call, 'orders');

/** The calls of one method and path, oldest first. */
export const callsTo = (calls: readonly RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

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

/** A page of a list, as the server answers it. */
export const pageOf = <T,>(items: readonly T[], total = items.length) => ({ body: { items, total } });
