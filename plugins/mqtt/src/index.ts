import {
  contribute,
  definePlugin,
  EventBusRef,
  menuDir,
  messages,
  page,
  service,
  TabsRef,
} from '@vap/kernel';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { DEBUG_TOOL_PAGE, DebugToolHolder, DebugToolRef } from './debug/holder.js';

/**
 * The message broker's console (spec §1, §2.3 the `mqtt` dir, §7.3; issue 15, after the EMQX 5
 * dashboard): the counts and their history, the connected device and user clients (kicked with the
 * role's `kick` button; the devices exported with its `export`), the user clients' subscriptions, an
 * MQTT client in the browser, and the four logs with their export. The dir shows only while the
 * broker answers a version (spec §2.3).
 */
export default definePlugin({
  id: 'mqtt',
  kernel: '^2',
  menuDirs: [menuDir('mqtt', (context) => Boolean(context.mqttVersion?.main_version))],
  pages: [
    page('mqtt_dashboard', () => import('./pages/dashboard.js')),
    page('mqtt_device_client', () => import('./pages/device-clients.js'), { buttons: ['kick', 'export'] }),
    page('mqtt_user_client', () => import('./pages/user-clients.js'), { buttons: ['kick'] }),
    page('mqtt_user_subs', () => import('./pages/user-subs.js')),
    // Spec §2.3 "state kept": the console keeps the page while its tab is open; the connection
    // itself lives in DebugToolRef, outside React, so it survives the page being unmounted too.
    page(DEBUG_TOOL_PAGE, () => import('./pages/debug-tool.js'), {
      keepAlive: true,
      buttons: ['connect', 'subscribe', 'send'],
    }),
    page('mqtt_log', () => import('./pages/log.js'), { buttons: ['export'] }),
  ],
  // The clients connected and the messages a minute, on the home page of those who may open the
  // broker's dashboard.
  contributions: [
    contribute(
      DashboardCards,
      'mqtt-broker',
      { component: () => import('./dashboard-card.js'), page: 'mqtt_dashboard' },
      { order: 50 },
    ),
  ],
  services: [
    // Small and free of mqtt.js: the client itself is made by the debug tool's page.
    service(DebugToolRef, (services) => {
      const holder = new DebugToolHolder();
      holder.follow(services.get(EventBusRef), services.get(TabsRef));
      return holder;
    }),
  ],
  messages: [
    messages('mqtt', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
