/**
 * `@vap/kernel/testing`: run a plugin inside a real kernel with a given session and HTTP
 * answers, so every plugin is tested in isolation.
 */

import { configure, render } from '@testing-library/react';
import type { ApiErrorBody, Language, MenuItem, MqttVersion, Products, UserInfo } from '@vap/contracts';
import { type ReactElement, type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ExtensionPoint } from './extension-points.js';
import { Kernel } from './kernel.js';
import { type MessagesContribution, messages, type Plugin } from './plugin.js';
import { QueryProvider } from './query.js';
import { KernelProvider } from './react/context.js';
import { LeaveGuardScope } from './react/leave-guard.js';
import { PageHost, preloadPage } from './react/page.js';
import type { RecordedCall } from './recorded-calls.js';
import { API_PATHS } from './session.js';
import { tabKey } from './tabs.js';
import { testUser } from './test-user.js';

// Plugin tests load their pages and locale chunks through Vite's transform: on a busy two-core CI
// machine that can outlast Testing Library's default one-second wait.
configure({ asyncUtilTimeout: 10_000 });

export { callsTo, ordersOf, type RecordedCall, wheresOf } from './recorded-calls.js';
export { testMenuItem, testUser } from './test-user.js';

export interface Answer {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is instead of `body` (a file such as a CSV export), with `headers`. */
  text?: string;
  headers?: Record<string, string>;
}

/** Answers by `METHOD /path` or `/path` (any method); a function sees the call. */
export type Answers = Record<string, Answer | ((call: RecordedCall) => Answer)>;

/** The server refusing a call: `status`, with the error body every refusal of /webapi has. */
export function refusal(status: number, error: ApiErrorBody): { status: number; body: ApiErrorBody } {
  return { status, body: error };
}

/** A page of a list as the server answers it: `items`, of `total` matching (all of them unless given). */
export function pageOf<T>(
  items: readonly T[],
  total = items.length,
): { body: { items: readonly T[]; total: number } } {
  return { body: { items, total } };
}

export interface FakeApi {
  fetch: typeof globalThis.fetch;
  calls: RecordedCall[];
  answers: Answers;
}

const API_BASE = '/webapi';

/** A `fetch` answering from a table; unknown paths get 404 `{code, message}` like the server. */
export function fakeApi(answers: Answers = {}): FakeApi {
  const calls: RecordedCall[] = [];
  const api: FakeApi = {
    calls,
    answers,
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname;
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const call: RecordedCall = {
        method: init?.method ?? 'GET',
        path,
        query: url.searchParams,
        headers: new Headers(init?.headers),
        // A form (a multipart upload) is kept as it was sent, for the test to read its fields and file.
        body: init?.body instanceof FormData ? init.body : text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const entry = api.answers[`${call.method} ${path}`] ?? api.answers[path];
      const answer = typeof entry === 'function' ? entry(call) : entry;
      const status = answer?.status ?? (answer ? 200 : 404);
      if (answer?.text !== undefined) return new Response(answer.text, { status, headers: answer.headers });
      const body = answer
        ? answer.body
        : { code: 'not_found', message: `No test answer for ${call.method} ${path}` };
      return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...answer?.headers },
      });
    },
  };
  return api;
}

/** An unsigned JWT-shaped token; the console only reads its `exp`. */
export function testToken(expiresInSeconds = 3600): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'test', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.test`;
}

export interface TestKernelOptions {
  plugins: readonly Plugin[];
  /** Signs in as this user (with its menus and company flags) before returning. */
  user?: UserInfo;
  mqttVersion?: MqttVersion;
  answers?: Answers;
  language?: Language;
  /**
   * The console's own strings, and shared libraries' namespaces such as `uiMessages` of `@vap/ui`;
   * keys render as themselves without them.
   */
  messages?: MessagesContribution | readonly MessagesContribution[];
  storage?: Storage;
}

const NO_MESSAGES = messages('translation', {
  en: async () => ({ default: {} }),
  'zh-CN': async () => ({ default: {} }),
  'zh-TW': async () => ({ default: {} }),
});

export async function createTestKernel(
  options: TestKernelOptions,
): Promise<{ kernel: Kernel; api: FakeApi }> {
  const api = fakeApi({ ...options.answers });
  const storage = options.storage ?? globalThis.localStorage;
  storage.clear();
  const kernel = await Kernel.boot({
    plugins: options.plugins,
    messages: options.messages ?? NO_MESSAGES,
    storage,
    language: options.language ?? 'en',
    fetch: api.fetch,
  });
  // Tests resolve services directly (`kernel.services.get`), as the signed-in console can.
  await kernel.services.load();
  if (options.user) {
    const sessionAnswers: Answers = {
      [`GET ${API_PATHS.userInfo}`]: { body: options.user },
      [`GET ${API_PATHS.apiDoc}`]: { body: { openapi: '3.0.3', paths: {} } },
      [`GET ${API_PATHS.mqttVersion}`]: {
        body: options.mqttVersion ?? {
          main_version: '',
          api_version: '',
          metrics_api_version: '',
          unix_milli: Date.now(),
        },
      },
    };
    api.answers = { ...sessionAnswers, ...api.answers };
    await kernel.session.signIn(testToken());
    // As the console's shell waits for them before showing a signed-in screen.
    await kernel.i18n.loadNamespaces(kernel.i18n.extensions);
  }
  return { kernel, api };
}

/**
 * What extension point `point` holds for the user signed in by `options`, in a test kernel of
 * `options.plugins`: a plugin's contributions as the signed-in console sees them.
 */
export async function contributionsFor<T>(point: ExtensionPoint<T>, options: TestKernelOptions) {
  const { kernel } = await createTestKernel(options);
  return kernel.registry.contributions(point, kernel.session.state.context);
}

export interface RenderPluginOptions extends TestKernelOptions {
  /** The address to start at. */
  path?: string;
  /** The route pattern the element is mounted at; other addresses render `<p>at {path}</p>`. */
  routePath?: string;
}

/** Renders `element` in a test kernel and router. */
export async function renderWithKernel(element: ReactElement, options: RenderPluginOptions) {
  const { kernel, api } = await createTestKernel(options);
  return { kernel, api, ...renderInKernel(kernel, element, options.path ?? '/', options.routePath) };
}

function renderInKernel(kernel: Kernel, element: ReactElement, path: string, routePath?: string) {
  return render(
    <KernelProvider kernel={kernel}>
      <QueryProvider>
        <Suspense fallback={<p>loading</p>}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={routePath ?? new URL(path, 'http://localhost').pathname} element={element} />
              <Route path="*" element={<CurrentPath />} />
            </Routes>
          </MemoryRouter>
        </Suspense>
      </QueryProvider>
    </KernelProvider>,
  );
}

/** Where navigation led, for assertions: `at /path?query`. */
function CurrentPath() {
  const location = useLocation();
  return <p data-testid="location">at {`${location.pathname}${location.search}`}</p>;
}

export interface RenderPageOptions extends Omit<RenderPluginOptions, 'plugins' | 'user' | 'routePath'> {
  /** The buttons the role allows on this page (spec §6); ignored for the owner. */
  buttons?: readonly string[];
  /** 0 (default) is the owner, who may use every button. */
  roleId?: number;
  /** Company product flags (0 = enabled). */
  products?: Partial<Products>;
  /** Extra plugins to register beside the one under test. */
  plugins?: readonly Plugin[];
  /** More menu items after the page's own, e.g. for a page that shows the user's menu. */
  extraMenus?: readonly MenuItem[];
  /** Rendered beside the page in the same providers, e.g. the design system's dialog host. */
  beside?: ReactNode;
}

/**
 * Renders one page of a plugin as the console would: reached through a server menu item of its
 * name, with the given button permissions, role and product flags, inside the kernel's page host
 * (permissions in context, error boundary, lazy loading).
 */
export async function renderPluginPage(plugin: Plugin, name: string, options: RenderPageOptions = {}) {
  const pageItem: MenuItem = {
    id: 2,
    parent_id: 1,
    name,
    type: 'page',
    path: name,
    title: name,
    icon: '',
    is_hidden: false,
    is_disable: false,
    sort: 1,
    children: (options.buttons ?? []).map((button, index) => ({
      id: 100 + index,
      parent_id: 2,
      name: button,
      type: 'btn' as const,
      path: '',
      title: button,
      icon: '',
      is_hidden: false,
      is_disable: false,
      sort: index,
      children: [],
    })),
  };
  const menus: MenuItem[] = [
    {
      ...pageItem,
      id: 1,
      parent_id: 0,
      name: 'test',
      type: 'dir',
      path: 'test',
      title: 'test',
      children: [pageItem],
    },
    ...(options.extraMenus ?? []),
  ];
  const base = testUser();
  const user = testUser({
    menus,
    role_id: options.roleId ?? 0,
    company: base.company && { ...base.company, products: { ...base.company.products, ...options.products } },
  });
  const { kernel, api } = await createTestKernel({
    ...options,
    plugins: [plugin, ...(options.plugins ?? [])],
    user,
  });
  const route = kernel.session.state.routes?.byName.get(name);
  if (!route) throw new Error(`Page "${name}" is not routed: is its plugin active for these product flags?`);
  // The page's code is loaded before it renders, as the console preloads the page it opens: a test
  // then waits for the page's own data, never for a module transform on a busy machine.
  if (route.page) await preloadPage(route.page.component).catch(() => undefined);
  const host = (
    <PageHost
      route={route}
      comingSoon={<p>no screen</p>}
      loading={<p>loading</p>}
      failed={(error) => <p role="alert">page failed: {error.message}</p>}
    />
  );
  const address = new URL(`${route.path}${options.path ?? ''}`, 'http://localhost');
  const location = { pathname: address.pathname, search: address.search };
  // A kept-alive page has its tab, and what it says of its unsaved work is held as the console does.
  if (route.page?.keepAlive) kernel.tabs.open(route, location);
  return {
    kernel,
    api,
    route,
    ...renderInKernel(
      kernel,
      <>
        {route.page?.keepAlive ? <LeaveGuardScope tabKey={tabKey(location)}>{host}</LeaveGuardScope> : host}
        {options.beside}
      </>,
      `${route.path}${options.path ?? ''}`,
      route.path,
    ),
  };
}
