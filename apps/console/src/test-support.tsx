/** Renders the whole console (router, kernel, plugins) for the console's own tests. */
import { render } from '@testing-library/react';
import type { MenuItem, UserInfo } from '@vap/contracts';
import { KernelProvider } from '@vap/kernel';
import { createTestKernel, testUser } from '@vap/kernel/testing';
import { DialogHost, Toaster } from '@vap/ui';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { sharedMessages } from './messages.js';
import { loadConsolePlugins } from './plugins.js';
import { consoleRoutes } from './router.js';
import { SessionAlerts } from './shell/session-alerts.js';

export const item = (
  partial: Partial<MenuItem> & Pick<MenuItem, 'id' | 'name' | 'type' | 'path'>,
): MenuItem => ({
  parent_id: 0,
  title: `menu.${partial.name}`,
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort: partial.id,
  children: [],
  ...partial,
});

export const menus: MenuItem[] = [
  item({
    id: 1,
    name: 'system',
    type: 'dir',
    path: 'system',
    icon: 'settings',
    children: [item({ id: 2, parent_id: 1, name: 'system_user', type: 'page', path: 'user' })],
  }),
  item({ id: 3, name: 'dashboard', type: 'page', path: 'dashboard' }),
  item({
    id: 4,
    name: 'mqtt',
    type: 'dir',
    path: 'mqtt',
    children: [item({ id: 5, parent_id: 4, name: 'mqtt_dashboard', type: 'page', path: 'dashboard' })],
  }),
  item({
    id: 6,
    name: 'open',
    type: 'dir',
    path: 'open',
    children: [
      item({ id: 7, parent_id: 6, name: 'open_docs', type: 'link', path: 'https://docs.example.com' }),
    ],
  }),
];

/** The demo owner: the company has no title, so its name shows (spec §2.4). */
export const owner: UserInfo = testUser({
  menus,
  nickname: '演示管理员',
  company: {
    id: 1,
    name: '演示科技有限公司',
    title: '',
    logo: '',
    verify_status: 2,
    products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 0 },
  },
});

/** Renders the console at `path`, signed in as `user` (null: signed out). */
export async function renderConsole(path: string, user: UserInfo | null = owner) {
  const { kernel, api } = await createTestKernel({
    plugins,
    messages: sharedMessages,
    ...(user ? { user } : {}),
    answers: { 'POST /v1/pms/user/logout': { status: 204 } },
  });
  const router = createMemoryRouter(consoleRoutes(kernel), { initialEntries: [path] });
  render(
    <KernelProvider kernel={kernel}>
      <RouterProvider router={router} />
      <SessionAlerts />
      <DialogHost />
      <Toaster />
    </KernelProvider>,
  );
  return { kernel, api, router };
}

const plugins = await loadConsolePlugins();
