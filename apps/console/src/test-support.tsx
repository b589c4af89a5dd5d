/** Renders the whole console (router, kernel, plugins) for the console's own tests. */
import { render } from '@testing-library/react';
import { type MenuItem, TOKEN_STORAGE_KEY, type UserInfo } from '@vap/contracts';
import { definePlugin, messages } from '@vap/kernel';
import { API_PATHS, type Kernel, KernelProvider } from '@vap/kernel/host';
import { type Answers, createTestKernel, testMenuItem, testToken, testUser } from '@vap/kernel/testing';
import { useLayoutEffect } from 'react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { sharedMessages } from './messages.js';
import { Overlays } from './overlays.js';
import { plannedPage } from './planned-plugins.js';
import { loadConsolePlugins } from './plugins.js';
import { ConsoleRoutes } from './router.js';

/** A menu item of the demo's menu, in the order of its ids. */
export const item = (
  partial: Partial<MenuItem> & Pick<MenuItem, 'id' | 'name' | 'type' | 'path'>,
): MenuItem => testMenuItem({ sort: partial.id, ...partial });

/**
 * An area not built yet, made up for the tests so that they need no plugin's data (and outlive the
 * real planned areas): its pages are the console's planned pages ("coming soon"), titled by their
 * menu entries in the area's words.
 */
export const plannedArea = definePlugin({
  id: 'test-planned',
  kernel: '^2',
  pages: [plannedPage('planned_alpha'), plannedPage('planned_beta')],
  messages: [
    messages('planned', {
      en: async () => ({
        default: {
          menu: { planned: 'Planned area', planned_alpha: 'Alpha page', planned_beta: 'Beta page' },
        },
      }),
      'zh-CN': async () => ({
        default: {
          menu: { planned: '规划区域', planned_alpha: '甲页面', planned_beta: '乙页面' },
        },
      }),
      'zh-TW': async () => ({
        default: {
          menu: { planned: '規劃區域', planned_alpha: '甲頁面', planned_beta: '乙頁面' },
        },
      }),
    }),
  ],
});

export const menus: MenuItem[] = [
  item({
    id: 1,
    name: 'planned',
    type: 'dir',
    path: 'planned',
    icon: 'wallet',
    title: 'planned:menu.planned',
    children: [
      item({
        id: 2,
        parent_id: 1,
        name: 'planned_alpha',
        type: 'page',
        path: 'alpha',
        title: 'planned:menu.planned_alpha',
      }),
    ],
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

/** The test's hold on the memory router: the address shown now, and navigation. */
export interface TestRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

/** Keeps `router` up to date with the router it renders in. */
function RouterProbe({ router }: { router: TestRouter }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    router.state = { location };
    router.navigate = navigate;
  });
  return null;
}

/**
 * Renders the console at `path`, signed in as `user` (null: signed out): the app's own routes
 * (`ConsoleRoutes`) in a memory router instead of the browser's.
 */
export async function renderConsole(path: string, user: UserInfo | null = owner, answers: Answers = {}) {
  const { kernel, api } = await createTestKernel({
    plugins,
    messages: sharedMessages,
    ...(user ? { user } : {}),
    answers: { 'POST /v1/pms/user/logout': { status: 204 }, ...answers },
  });
  return { kernel, api, router: mount(kernel, path) };
}

/**
 * Opens the console at `path` in a browser that still holds a token, as after a page reload: the
 * session gate loads the session from `answers`, which must answer user info (api.json and the
 * MQTT version are answered unless `answers` says otherwise).
 */
export async function renderConsoleOnStart(path: string, answers: Answers) {
  const { kernel, api } = await createTestKernel({
    plugins,
    messages: sharedMessages,
    answers: {
      [`GET ${API_PATHS.apiDoc}`]: { body: { openapi: '3.0.3', paths: {} } },
      [`GET ${API_PATHS.mqttVersion}`]: {
        body: { main_version: '', api_version: '', metrics_api_version: '', unix_milli: Date.now() },
      },
      ...answers,
    },
  });
  localStorage.setItem(TOKEN_STORAGE_KEY, testToken());
  return { kernel, api, router: mount(kernel, path) };
}

function mount(kernel: Kernel, path: string): TestRouter {
  const router = {} as TestRouter;
  render(
    <KernelProvider kernel={kernel}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes kernel={kernel} />
        <RouterProbe router={router} />
      </MemoryRouter>
      <Overlays />
    </KernelProvider>,
  );
  return router;
}

const plugins = [...(await loadConsolePlugins()), plannedArea];
