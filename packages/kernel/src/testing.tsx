/**
 * `@vap/kernel/testing`: run a plugin inside a real kernel with a given session and HTTP
 * answers, so every plugin is tested in isolation.
 */

import { render } from '@testing-library/react';
import type { Language, MqttVersion, UserInfo } from '@vap/contracts';
import { type ReactElement, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Kernel } from './kernel.js';
import { type MessagesContribution, messages, type Plugin } from './plugin.js';
import { KernelProvider } from './react/context.js';
import { API_PATHS } from './session.js';

export interface RecordedCall {
  method: string;
  /** Path below the API base, e.g. `/v1/pms/user`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface Answer {
  status?: number;
  body?: unknown;
}

/** Answers by `METHOD /path` or `/path` (any method); a function sees the call. */
export type Answers = Record<string, Answer | ((call: RecordedCall) => Answer)>;

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
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const entry = api.answers[`${call.method} ${path}`] ?? api.answers[path];
      const answer = typeof entry === 'function' ? entry(call) : entry;
      const status = answer?.status ?? (answer ? 200 : 404);
      const body = answer
        ? answer.body
        : { code: 'not_found', message: `No test answer for ${call.method} ${path}` };
      return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
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
  /** The console's own strings; keys render as themselves without them. */
  messages?: MessagesContribution;
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
  }
  return { kernel, api };
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
  const path = options.path ?? '/';
  const view = render(
    <KernelProvider kernel={kernel}>
      <Suspense fallback={<p>loading</p>}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={options.routePath ?? new URL(path, 'http://localhost').pathname} element={element} />
            <Route path="*" element={<CurrentPath />} />
          </Routes>
        </MemoryRouter>
      </Suspense>
    </KernelProvider>,
  );
  return { kernel, api, ...view };
}

/** Where navigation led, for assertions: `at /path?query`. */
function CurrentPath() {
  const location = useLocation();
  return <p data-testid="location">at {`${location.pathname}${location.search}`}</p>;
}
