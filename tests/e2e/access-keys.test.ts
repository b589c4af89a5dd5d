/**
 * Access keys end to end (spec §2.2 `/accesskey`, §5, §9; docs/open-api.md): the owner opens
 * AccessKey from the user menu, creates a key with one interface and copies its secret from the
 * dialog; a third party (this Node test) signs a request with that id and secret and is answered;
 * once the owner disables the key in the console, the same signed request is refused, and once the
 * key is deleted it is unknown.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ACCESS_KEY_HEADERS, stringToSign } from '@vap/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoOwnerPerFile, serverAndBrowserPerFile } from '../support/browser.js';
import { DEMO } from '../support/server.js';

/** The key as copied from the console. */
const key = { id: '', secret: '' };

const e2e = serverAndBrowserPerFile();
// The copy buttons write to the clipboard; the test reads it back as the owner would paste it.
const owner = demoOwnerPerFile(e2e, {
  viewport: { width: 1440, height: 900 },
  permissions: ['clipboard-read', 'clipboard-write'],
});

/** A GET signed as docs/open-api.md says, with a new nonce each time. */
async function signedGet(pathAndQuery: string, credentials: { id: string; secret: string }) {
  const url = new URL(pathAndQuery, e2e.server.url);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const toSign = stringToSign({
    method: 'GET',
    path: url.pathname,
    query: url.search,
    timestamp,
    nonce,
    bodySha256: createHash('sha256').update('').digest('hex'),
  });
  const response = await fetch(url, {
    headers: {
      [ACCESS_KEY_HEADERS.keyId]: credentials.id,
      [ACCESS_KEY_HEADERS.timestamp]: timestamp,
      [ACCESS_KEY_HEADERS.nonce]: nonce,
      [ACCESS_KEY_HEADERS.signature]: createHmac('sha256', credentials.secret).update(toSign).digest('hex'),
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const USERS = '/webapi/v1/pms/company/users?size=50&page=1';
const keysTable = (page: Page) => page.getByRole('table', { name: 'Access keys' });
const rowOfKey = (page: Page) => keysTable(page).getByRole('row').filter({ hasText: key.id });

describe('access keys', () => {
  it('the owner opens AccessKey from the user menu and creates a key, copying its secret once', async () => {
    const { page } = owner;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'AccessKey' }).click();
    await page.getByRole('heading', { name: 'Access keys' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/accesskey');
    await keysTable(page).getByText('No access keys yet').waitFor();

    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an access key' });
    expect(await dialog.getByLabel('Validity').inputValue()).toMatch(/^10 years \(until .+\)$/);
    await dialog.getByLabel('Stream bandwidth limit (Mbps)').fill('0.3');
    await dialog
      .getByRole('treeitem', { name: /^GET \/v1\/pms\/company\/users\b/ })
      .locator('> div')
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog
      .getByText('The bandwidth is a multiple of 0.25 Mbps, more than 0 and at most 1000')
      .waitFor();
    await dialog.getByLabel('Stream bandwidth limit (Mbps)').fill('2.5');
    // The device groups are picked by name from the company's groups (the demo's 仓库).
    await dialog
      .getByRole('group', { name: 'Groups the key may see' })
      .getByRole('checkbox', { name: '仓库' })
      .click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    const shown = page.getByRole('dialog', { name: 'Access key created' });
    await shown.getByText(/It is shown only this once and cannot be shown again/).waitFor();
    key.id = await shown.getByLabel('Key id').inputValue();
    expect(key.id).toMatch(/^[A-Za-z0-9]{16}$/);
    await shown.getByRole('button', { name: 'Copy the secret' }).click();
    await page.getByText('Secret copied').waitFor();
    key.secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(key.secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await shown.getByLabel('Secret').inputValue()).toBe(key.secret);
    await shown.getByRole('button', { name: 'I have saved the secret' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = rowOfKey(page);
    await row.waitFor();
    expect(await row.getByText('Enabled').count()).toBe(1);
    expect(await row.getByText('2.5', { exact: true }).count()).toBe(1);
    expect(await row.getByText('1 interface').count()).toBe(1);
    await row.getByText('仓库', { exact: true }).waitFor();
    expect(await page.getByText(key.secret).count()).toBe(0);
  });

  it('a request signed with the copied id and secret is answered (docs/open-api.md)', async () => {
    const answer = await signedGet(USERS, key);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: expect.any(Number), items: expect.any(Array) });
    expect((answer.body.items as Array<{ phone: string }>).map((user) => user.phone)).toContain(DEMO.account);
    // The key was given this one interface only.
    expect((await signedGet('/webapi/v1/pms/company/roles', key)).status).toBe(403);
  });

  it('after the owner disables the key in the console, the same signed request answers 401', async () => {
    const { page } = owner;
    await rowOfKey(page).getByRole('button', { name: 'Disable' }).click();
    await page.getByText(`Key ${key.id} disabled`).waitFor();
    await rowOfKey(page).getByText('Disabled', { exact: true }).waitFor();
    const answer = await signedGet(USERS, key);
    expect(answer).toMatchObject({ status: 401, body: { code: 'access_key_disabled' } });

    await rowOfKey(page).getByRole('button', { name: 'Enable' }).click();
    await rowOfKey(page).getByText('Enabled', { exact: true }).waitFor();
    expect((await signedGet(USERS, key)).status).toBe(200);
  });

  it('after the owner deletes the key (asked first), the key is unknown', async () => {
    const { page } = owner;
    await rowOfKey(page).getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('alertdialog', { name: `Delete the key ${key.id}?` });
    await question.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Key ${key.id} deleted`).waitFor();
    await keysTable(page).getByText('No access keys yet').waitFor();
    expect(await signedGet(USERS, key)).toMatchObject({ status: 401, body: { code: 'access_key_invalid' } });
  });
});
