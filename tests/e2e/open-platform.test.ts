/**
 * The API debugger end to end (spec §2.3 `openapi_debug`; issue 31): the owner has a key with one
 * interface (created over the API, its secret answered once); in the console's API debugger the
 * owner picks it, pastes the secret, sends a signed GET of the key's interface from the browser and
 * sees 200 with the company's users; the interface the key lacks answers 403 with 'insufficient
 * permission, contact technical support'. Both requests reached the server signed and without the
 * console's session, as a third party's would.
 */
import { ACCESS_KEY_HEADERS, ACCESS_KEY_PATHS, type AccessKeyCreated } from '@vap/contracts';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { demoOwnerPerFile, serverAndBrowserPerFile } from '../support/browser.js';
import { webapiCall } from '../support/server.js';

const e2e = serverAndBrowserPerFile();
const owner = demoOwnerPerFile(e2e, { viewport: { width: 1440, height: 900 } });

const USERS = 'GET /v1/pms/company/users';
const ROLES = 'GET /v1/pms/company/roles';

describe('the API debugger', () => {
  it('sends a signed GET of the key’s interface from the browser and shows 200; another interface is refused', async () => {
    const created = await webapiCall(e2e.server.url, 'POST', ACCESS_KEY_PATHS.keys, owner.token, {
      bandwidth_mbps: 1,
      operations: [USERS],
    });
    expect(created.status).toBe(200);
    const key = created.body as AccessKeyCreated;

    const { page } = owner;
    const sent: Request[] = [];
    // The signed requests the page sends (the console's own calls carry a bearer token instead).
    page.on('request', (request) => {
      if (request.headers()[ACCESS_KEY_HEADERS.keyId] !== undefined) sent.push(request);
    });
    await page.goto(`${e2e.server.url}/open/openapi-debug`);
    await page.getByRole('heading', { name: 'API debugger' }).waitFor();
    // The only key is chosen, with its own interface first.
    await page.getByRole('combobox', { name: 'Access key' }).filter({ hasText: key.id }).waitFor();
    await page.getByRole('combobox', { name: 'Interface' }).filter({ hasText: USERS }).waitFor();
    await page.getByLabel('Secret', { exact: true }).fill(key.secret);
    await page.getByRole('textbox', { name: /^size/ }).fill('5');
    await page.getByRole('button', { name: 'Send' }).click();

    const response = page.getByRole('region', { name: 'Response' });
    await response.getByText(/^200\b/).waitFor();
    expect(await response.getByRole('textbox', { name: 'Body' }).inputValue()).toContain('"total"');
    expect(sent).toHaveLength(1);
    const [users] = sent;
    expect(new URL(users?.url() ?? '').pathname + new URL(users?.url() ?? '').search).toBe(
      '/webapi/v1/pms/company/users?size=5',
    );
    const headers = (await users?.allHeaders()) ?? {};
    expect(headers[ACCESS_KEY_HEADERS.keyId]).toBe(key.id);
    expect(headers[ACCESS_KEY_HEADERS.signature]).toMatch(/^[0-9a-f]{64}$/);
    expect(headers.authorization).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain(key.secret);
    // The accessibility test sees the page without keys (the demo has none): here its form and answer.
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: 'Interface' }).click();
    await page
      .getByRole('option', { name: new RegExp(`^${ROLES} .*\\(not allowed for this key\\)$`) })
      .click();
    await page.getByRole('button', { name: 'Send' }).click();
    await response.getByText(/^403\b/).waitFor();
    await response
      .getByRole('alert')
      .filter({ hasText: 'Insufficient permission, contact technical support' })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(sent.map((request) => new URL(request.url()).pathname)).toEqual([
      '/webapi/v1/pms/company/users',
      '/webapi/v1/pms/company/roles',
    ]);
  });
});
