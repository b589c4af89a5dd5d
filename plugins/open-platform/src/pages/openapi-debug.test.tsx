import '@vap/ui/test-polyfills';
import { createHash, createHmac, webcrypto } from 'node:crypto';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCESS_KEY_HEADERS,
  ACCESS_KEY_PATHS,
  type OpenApiDebug,
  type OpenOperation,
  stringToSign,
} from '@vap/contracts';
import { definePlugin, page } from '@vap/kernel';
import {
  type Answers,
  callsTo,
  type RecordedCall,
  type RenderPageOptions,
  refusal,
} from '@vap/kernel/testing';
import consoleEn from '@vap/locales/en.json';
import { renderConsolePage } from '@vap/ui/testing';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';

// jsdom's `crypto` has no `subtle`: the browser's WebCrypto is Node's here.
beforeAll(() => {
  if (!globalThis.crypto.subtle)
    Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });
});
const PAGE = 'openapi_debug';
const SECRET = 'Secret0123456789Secret0123456789';
const USERS: OpenOperation = {
  id: 'GET /v1/pms/company/users',
  method: 'GET',
  path: '/v1/pms/company/users',
  summary: "The company's users",
  tags: ['system'],
};
const ROLES: OpenOperation = {
  id: 'GET /v1/pms/company/roles',
  method: 'GET',
  path: '/v1/pms/company/roles',
  summary: "The company's roles",
  tags: ['system'],
};
const debug: OpenApiDebug = {
  keys: [
    {
      id: 'UsersKey00000001',
      expires_at: '2036-03-01T08:00:00.000Z',
      disabled: false,
      operations: [USERS.id],
    },
  ],
  operations: [ROLES, USERS],
};
const apiDoc = {
  openapi: '3.0.3',
  info: { title: 'VAP', version: '1' },
  paths: {
    '/v1/pms/company/users': {
      get: {
        parameters: [
          { in: 'query', name: 'page', required: false, schema: { type: 'integer', minimum: 1 } },
          { in: 'query', name: 'size', required: false, schema: { type: 'integer', minimum: 1 } },
        ],
      },
    },
    '/v1/pms/company/roles': { get: {} },
  },
};

/** The server's check of a signed request (modules/access-keys/open-api.ts), with node:crypto. */
function verifies(call: RecordedCall, secret: string): boolean {
  const header = (name: string) => call.headers.get(name) ?? '';
  const toSign = stringToSign({
    method: call.method,
    path: `/webapi${call.path}`,
    query: call.query.toString(),
    timestamp: header(ACCESS_KEY_HEADERS.timestamp),
    nonce: header(ACCESS_KEY_HEADERS.nonce),
    bodySha256: createHash('sha256').update('').digest('hex'),
  });
  return createHmac('sha256', secret).update(toSign).digest('hex') === header(ACCESS_KEY_HEADERS.signature);
}

/** Answers the signed request as the server would: 200 when it verifies with the key's operation, else refused. */
const openApi = (operations: readonly string[]) => (call: RecordedCall) => {
  if (call.headers.has('authorization'))
    return refusal(400, { code: 'bad_request', message: 'session sent' });
  if (call.headers.get(ACCESS_KEY_HEADERS.keyId) !== debug.keys[0]?.id || !verifies(call, SECRET)) {
    return refusal(401, { code: 'signature_invalid', message: 'The request signature is invalid' });
  }
  if (!operations.includes(`${call.method} ${call.path}`)) {
    return refusal(403, {
      code: 'operation_not_permitted',
      message: 'Insufficient permission, contact technical support',
    });
  }
  return { body: { items: [{ id: 1, nickname: 'Ada' }], total: 1 }, headers: { 'x-request-id': 'r-1' } };
};

async function renderDebugger(answers: Answers = {}, options: RenderPageOptions = {}) {
  const rendered = await renderConsolePage(
    plugin,
    PAGE,
    {
      [`GET ${ACCESS_KEY_PATHS.debug}`]: { body: debug },
      'GET /api.json': { body: apiDoc },
      [USERS.path]: openApi([USERS.id]),
      [ROLES.path]: openApi([USERS.id]),
      ...answers,
    },
    { buttons: ['send'], ...options },
  );
  // The signed request is a plain fetch, not the kernel's client: it reaches the same test server.
  vi.stubGlobal('fetch', rendered.api.fetch);
  return rendered;
}

// Pasted, as a secret copied from the AccessKey page is.
const typeSecret = async (secret = SECRET) => {
  const field = await screen.findByLabelText(en.request.secret);
  await userEvent.click(field);
  await userEvent.paste(secret);
};
const responsePanel = () => screen.getByRole('region', { name: en.response.title });
const openCalls = (calls: readonly RecordedCall[], path: string) =>
  calls.filter((call) => call.path === path && call.headers.has(ACCESS_KEY_HEADERS.keyId));

describe('the API debugger (openapi_debug)', () => {
  it('signs the request in the browser and sends it with the signature alone, then shows status, time, headers and body', async () => {
    const { api } = await renderDebugger();
    // The key's own interface comes first, the generated form with it.
    await typeSecret();
    await userEvent.type(screen.getByRole('textbox', { name: /page/ }), '2');
    await userEvent.click(screen.getByRole('button', { name: en.request.send }));

    const panel = responsePanel();
    expect(await within(panel).findByText(/^200/)).toBeTruthy();
    const [sent] = openCalls(api.calls, USERS.path);
    expect(sent?.query.toString()).toBe('page=2');
    expect(sent && verifies(sent, SECRET)).toBe(true);
    // Nothing of the session: a third party's request.
    expect(sent?.headers.has('authorization')).toBe(false);
    expect(JSON.stringify([...(sent?.headers.entries() ?? [])])).not.toContain(SECRET);
    expect(within(panel).getByText(/\d+ ms/)).toBeTruthy();
    expect(within(panel).getByText('x-request-id')).toBeTruthy();
    expect(
      (within(panel).getByRole('textbox', { name: en.response.body }) as HTMLTextAreaElement).value,
    ).toBe(JSON.stringify({ items: [{ id: 1, nickname: 'Ada' }], total: 1 }, null, 2));
  });

  it("shows 'insufficient permission, contact technical support' when the key lacks the interface", async () => {
    const { api } = await renderDebugger();
    await typeSecret();
    await userEvent.click(screen.getByRole('combobox', { name: en.request.operation }));
    await userEvent.click(
      await screen.findByRole('option', {
        name: en.request.notGranted.replace('{{operation}}', `GET ${ROLES.path} — ${ROLES.summary}`),
      }),
    );
    expect(screen.getByText(en.request.notGrantedHint)).toBeTruthy();
    expect(screen.getByText(en.request.noParameters)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: en.request.send }));
    expect(await within(responsePanel()).findByText(en.response.forbidden)).toBeTruthy();
    expect(within(responsePanel()).getByText(/^403/)).toBeTruthy();
    expect(openCalls(api.calls, ROLES.path)).toHaveLength(1);
  });

  it('sends nothing until the secret is one: 32 letters and digits', async () => {
    const { api } = await renderDebugger();
    await typeSecret('too-short');
    await userEvent.click(screen.getByRole('button', { name: en.request.send }));
    expect(await screen.findByText(en.field.secretInvalid)).toBeTruthy();
    expect(openCalls(api.calls, USERS.path)).toHaveLength(0);
  });

  it('refuses a parameter the schema does not take, next to its field', async () => {
    const { api } = await renderDebugger();
    await typeSecret();
    await userEvent.type(screen.getByRole('textbox', { name: /size/ }), 'ten');
    await userEvent.click(screen.getByRole('button', { name: en.request.send }));
    expect(await screen.findByText(en.field.integer)).toBeTruthy();
    expect(openCalls(api.calls, USERS.path)).toHaveLength(0);
  });

  it('copies the request as curl, freshly signed, with the signature and never the secret', async () => {
    const { api } = await renderDebugger();
    await typeSecret();
    await userEvent.type(screen.getByRole('textbox', { name: /size/ }), '5');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.request.copyCurl }));
    expect(await screen.findByText(en.request.curlCopied)).toBeTruthy();
    const command = await navigator.clipboard.readText();
    expect(command).toMatch(
      /^curl -sS -i 'http:\/\/localhost(:\d+)?\/webapi\/v1\/pms\/company\/users\?size=5' \\\n/,
    );
    expect(command).toContain(`-H 'x-vap-key-id: ${debug.keys[0]?.id}'`);
    expect(command).toMatch(/-H 'x-vap-signature: [0-9a-f]{64}'/);
    expect(command).not.toContain(SECRET);
    // Copying sends nothing.
    expect(openCalls(api.calls, USERS.path)).toHaveLength(0);
  });

  it('sends with the keyboard: Enter in the form submits it', async () => {
    const { api } = await renderDebugger();
    await typeSecret();
    await userEvent.keyboard('{Enter}');
    expect(await within(responsePanel()).findByText(/^200/)).toBeTruthy();
    expect(openCalls(api.calls, USERS.path)).toHaveLength(1);
  });

  it('without keys, sends the owner to the AccessKey page to create one, and tells a member to ask the owner', async () => {
    const accessKeyPage = definePlugin({
      id: 'access-key-page',
      kernel: '^2',
      pages: [
        page('accesskey', async () => ({ default: () => null }), {
          always: { path: '/accesskey', ownerOnly: true },
        }),
      ],
    });
    const none = { [`GET ${ACCESS_KEY_PATHS.debug}`]: { body: { keys: [], operations: debug.operations } } };
    await renderDebugger(none, { plugins: [accessKeyPage] });
    expect((await screen.findByRole('link', { name: en.empty.create })).getAttribute('href')).toBe(
      '/accesskey',
    );
    cleanup();
    await renderDebugger(none, { plugins: [accessKeyPage], roleId: 7 });
    expect(await screen.findByText(en.empty.askOwner)).toBeTruthy();
    expect(screen.queryByRole('link', { name: en.empty.create })).toBeNull();
  });

  it('asks nothing of the server for a role without the page’s send button', async () => {
    const { api } = await renderDebugger({}, { buttons: [], roleId: 7 });
    expect(await screen.findByText(en.page.noSend)).toBeTruthy();
    expect(callsTo(api.calls, 'GET', ACCESS_KEY_PATHS.debug)).toHaveLength(0);
  });

  it('says signing needs a secure page where the browser offers no WebCrypto (plain http)', async () => {
    const subtle = globalThis.crypto.subtle;
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    try {
      await renderDebugger();
      expect(await screen.findByText(en.page.insecure)).toBeTruthy();
      expect(screen.queryByLabelText(en.request.secret)).toBeNull();
    } finally {
      Object.defineProperty(globalThis.crypto, 'subtle', { value: subtle, configurable: true });
    }
  });

  it('says why the keys could not be loaded, and loads them again on retry', async () => {
    let failing = true;
    await renderDebugger({
      [`GET ${ACCESS_KEY_PATHS.debug}`]: () =>
        failing ? refusal(500, { code: 'internal', message: 'boom' }) : { body: debug },
    });
    expect(await screen.findByText(en.page.loadFailed.replace('{{message}}', 'boom'))).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: consoleEn.app.retry }));
    expect(await screen.findByLabelText(en.request.secret)).toBeTruthy();
  });
});

describe('the plugin', () => {
  it('claims the openapi_debug page with its send button', () => {
    expect(plugin.id).toBe('open-platform');
    expect(plugin.pages?.map((contribution) => [contribution.name, contribution.buttons])).toEqual([
      [PAGE, ['send']],
    ]);
  });

  it('has the same strings in the three languages', async () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === 'object' && inner !== null ? keys(inner, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    const zhCN = (await import('../locales/zh-CN.json')).default;
    const zhTW = (await import('../locales/zh-TW.json')).default;
    expect(keys(zhCN).sort()).toEqual(keys(en).sort());
    expect(keys(zhTW).sort()).toEqual(keys(en).sort());
  });
});
