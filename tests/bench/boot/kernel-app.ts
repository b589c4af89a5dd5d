/**
 * The kernel booting with 20 plugins (two pages each), signing in against an in-page API and
 * rendering its first routed page: what the console does before its first screen.
 */
import type { MenuItem, UserInfo } from '@vap/contracts';
import { definePlugin, messages, page, preloadPage } from '@vap/kernel';
import { Kernel, KernelProvider, PageHost } from '@vap/kernel/host';
import { createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';

const PLUGINS = 20;

function FirstPage() {
  useEffect(() => {
    window.__firstRender = performance.now();
  }, []);
  return createElement('h1', null, 'first page');
}

const noMessages = async () => ({ default: { app: { title: 'bench' } } });
const plugins = Array.from({ length: PLUGINS }, (_, index) =>
  definePlugin({
    id: `bench-${index}`,
    kernel: '^2',
    pages: [0, 1].map((n) =>
      page(`p${index}_${n}`, async () => ({ default: FirstPage }), { buttons: ['add'] }),
    ),
    messages: [messages(`bench-${index}`, { en: noMessages, 'zh-CN': noMessages, 'zh-TW': noMessages })],
  }),
);

let id = 0;
const item = (name: string, type: MenuItem['type'], children: MenuItem[] = []): MenuItem => ({
  id: ++id,
  parent_id: 0,
  name,
  type,
  path: name,
  title: name,
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort: id,
  children,
});
const menus = plugins.map((_plugin, index) =>
  item(
    `dir${index}`,
    'dir',
    [0, 1].map((n) => item(`p${index}_${n}`, 'page', [item('add', 'btn')])),
  ),
);
const user: UserInfo = {
  id: 1,
  menus,
  role_id: 0,
  role_name: null,
  phone: '13800138000',
  email: 'bench@vap.example',
  nickname: 'bench',
  remark: '',
  is_password_empty: false,
  company: {
    id: 1,
    name: 'bench',
    title: 'bench',
    logo: '',
    verify_status: 2,
    products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 0 },
  },
  verify_company: true,
};
const answers: Record<string, unknown> = {
  '/webapi/v1/pms/user': user,
  '/webapi/api.json': { openapi: '3.0.3', paths: {} },
  '/webapi/v1/mtx/company/version': {
    main_version: '',
    api_version: '',
    metrics_api_version: '',
    unix_milli: 0,
  },
};
const fetchStub: typeof fetch = async (input) => {
  const path = new URL(String(input), location.href).pathname;
  return new Response(JSON.stringify(answers[path] ?? {}), {
    headers: { 'content-type': 'application/json' },
  });
};
const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const token = `${part({ alg: 'HS256' })}.${part({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;

async function boot() {
  const kernel = await Kernel.boot({
    plugins,
    messages: messages('translation', { en: noMessages, 'zh-CN': noMessages, 'zh-TW': noMessages }),
    fetch: fetchStub,
    language: 'en',
  });
  const { routes } = await kernel.session.signIn(token);
  if (!routes) throw new Error('no routes');
  // The first page's code is fetched with the session, so its first render does not suspend.
  const first = routes.tree[0]?.children[0];
  if (first?.page) await preloadPage(first.page.component);
  const router = createMemoryRouter(
    [...routes.byName.values()].map((route) => ({
      path: route.path,
      element: createElement(PageHost, { route, comingSoon: null, loading: null, failed: () => null }),
    })),
    { initialEntries: [first?.path ?? '/'] },
  );
  createRoot(document.getElementById('root') as HTMLElement).render(
    createElement(KernelProvider, { kernel, children: createElement(RouterProvider, { router }) }),
  );
}

void boot();
