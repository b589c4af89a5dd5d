import {
  contribute,
  definePlugin,
  EventBusRef,
  HttpRef,
  I18nRef,
  lazyService,
  messages,
  page,
  publicRoute,
  SessionRef,
} from '@vap/kernel';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { TaskUploadsRef } from './refs.js';

/**
 * The device area (spec §1 device maintenance, §2.3 device_maintenance, device_bind_record,
 * device_verify, §3 Device and Group, §3 Task, §5.1, §5.4, §6): the company's bound devices and their
 * groups, their tasks (firmware upgrades with their packages, configurations with their templates,
 * white lists), their remote terminal (§2.1 /telnet), the binding records, and the verification of
 * a unit. What a role may not do is hidden here and refused by the server; devices of downstream
 * companies are shown but never changed (§6).
 */
export default definePlugin({
  id: 'devices',
  kernel: '^2',
  // Spec §2.1: the open device manager a company embeds in its own portal, by a signed link; the
  // remote terminal a device row opens in a window of its own, by a single-use ticket (its chunk
  // alone brings xterm.js).
  publicRoutes: [
    publicRoute(
      '/open-pages/device-manager',
      () => import('./open-pages/device-manager.js'),
      'devices:openDeviceManager.title',
    ),
    publicRoute('/telnet', () => import('./open-pages/terminal.js'), 'devices:terminal.title'),
  ],
  pages: [
    page('device_maintenance', () => import('./pages/maintenance.js'), {
      // `bind` grants the bind dialog (the catalogue's `add`, which the server never checked, is
      // gone: migration 0028). The tasks' buttons (TASK_BUTTONS): `upgrade` for firmware, `config`
      // and `whitelist` for the configuration and white-list tasks; `telnet` for a device's remote
      // terminal.
      buttons: [
        'bind',
        'edit',
        'unbind',
        'move',
        'group',
        'import',
        'export',
        'upgrade',
        'config',
        'telnet',
        'whitelist',
      ],
    }),
    page('device_bind_record', () => import('./pages/bind-records.js'), { buttons: ['export'] }),
    page('device_verify', () => import('./pages/verify.js'), { buttons: ['verify'] }),
  ],
  // The fleet online and offline, and its tasks, on the home page of those who may open the page.
  contributions: [
    contribute(
      DashboardCards,
      'devices-status',
      { component: () => import('./dashboard-card.js'), page: 'device_maintenance' },
      { order: 30 },
    ),
    contribute(
      DashboardCards,
      'devices-tasks',
      {
        component: () => import('./dashboard-card.js').then((module) => ({ default: module.TasksCard })),
        page: 'device_maintenance',
      },
      { order: 40 },
    ),
  ],
  // The API module (and the contracts' schemas it parses with) loads with its first call, not at boot.
  services: [
    lazyService(TaskUploadsRef, async () => {
      const { createTaskUploads } = await import('./task-uploads.js');
      return (services) => {
        const session = services.get(SessionRef);
        const i18n = services.get(I18nRef);
        const bus = services.get(EventBusRef);
        return createTaskUploads({
          http: services.get(HttpRef),
          token: () => session.token,
          language: () => i18n.language,
          // An upload (a firmware package, a white list) refused with 401 ends the session like any
          // other call (spec §8).
          expired: () => bus.emit('session.expired', { message: i18n.instance.t('app.authExpired') }),
        });
      };
    }),
  ],
  messages: [
    messages('devices', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
