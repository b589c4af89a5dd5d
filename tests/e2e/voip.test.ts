/**
 * Internet telephony in the browser (issue 33; spec §2.3 voip_*, §3, §5.5), in Chromium on the
 * server of the build (the embedded database, no SIP server): the owner adds two agent phones —
 * each password shown once —, then a call center ringing both in the order chosen, and sees the
 * call center listed with its agents in that order, and each agent phone listed with its call
 * center; no phone pretends to be online.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { demoOwnerPerFile, serverAndBrowserPerFile } from '../support/browser.js';

const e2e = serverAndBrowserPerFile();
const owner = demoOwnerPerFile(e2e, { viewport: { width: 1440, height: 900 } });

/** Adds an agent phone from its page; answers the password shown once. */
async function addAgent(page: Page, dialId: string, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an agent phone' });
  await dialog.getByLabel('Dial id').fill(dialId);
  await dialog.getByLabel('Display name').fill(name);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const shown = page.getByRole('dialog', { name: `Password of ${dialId}` });
  const password = (await shown.getByTestId('voip-password').textContent()) ?? '';
  await shown.getByRole('button', { name: 'Close' }).last().click();
  await shown.waitFor({ state: 'detached' });
  return password;
}

describe('internet telephony in the browser', () => {
  it('adds a call center with two agents, listed in ringing order, each agent with its call center', async () => {
    const { page } = owner;
    await page.goto(`${e2e.server.url}/voip/agent-phone`);
    const phones = page.getByRole('table', { name: 'Agent phones' });
    await phones.waitFor();
    // The embedded database: the SIP server needs PostgreSQL, and the page says so — the softphone too.
    await page.getByText(/^The SIP server needs the PostgreSQL database/).waitFor();
    await page
      .getByRole('region', { name: 'Softphone' })
      .getByText(/^The softphone cannot connect: The SIP server needs the PostgreSQL database/)
      .waitFor();
    for (const [dialId, name] of [
      ['agent.e2e1', 'Alice'],
      ['agent.e2e2', 'Bob'],
    ] as const) {
      expect(await addAgent(page, dialId, name)).toMatch(/^[0-9A-Za-z]{12}$/);
      await phones.getByRole('row').filter({ hasText: dialId }).waitFor();
    }
    const alice = phones.getByRole('row').filter({ hasText: 'agent.e2e1' });
    await alice.getByText('Needs PostgreSQL').waitFor();

    await page.goto(`${e2e.server.url}/voip/call-center`);
    const centers = page.getByRole('table', { name: 'Call centers' });
    await centers.waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a call center' });
    await dialog.getByLabel('Dial id').fill('80001');
    await dialog.getByLabel('Name').fill('Front desk');
    await dialog.getByLabel('Max wait (s)').fill('120');
    await dialog.getByLabel('Agent ring time (s)').fill('15');
    for (const agent of ['agent.e2e2 (Bob)', 'agent.e2e1 (Alice)']) {
      await dialog.getByRole('combobox', { name: 'Add an agent' }).click();
      await page.getByRole('option', { name: agent }).click();
      await dialog.getByRole('button', { name: 'Add agent' }).click();
    }
    await dialog
      .getByRole('list', { name: 'Agents, in ringing order' })
      .getByText('agent.e2e1 (Alice)')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = centers.getByRole('row').filter({ hasText: 'Front desk' });
    await row.waitFor();
    const agents = await row.getByRole('listitem').allTextContents();
    expect(agents.map((text) => text.replace(/Needs PostgreSQL/, '').trim())).toEqual([
      '1.agent.e2e2 (Bob)',
      '2.agent.e2e1 (Alice)',
    ]);
    await row.getByText('120 s').waitFor();

    await page.goto(`${e2e.server.url}/voip/agent-phone`);
    await page
      .getByRole('table', { name: 'Agent phones' })
      .getByRole('row')
      .filter({ hasText: 'agent.e2e1' })
      .getByText('Front desk (80001)')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
