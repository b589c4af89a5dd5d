import '@vap/ui/test-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VOIP_PATHS } from '@vap/contracts';
import { callsTo } from '@vap/kernel/testing';
import { findRow, renderConsolePage, rowAction } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import { callCenter, extension, openAddDialog, pageOf, SERVER, typeFields } from './test-fixtures.js';

const LIST = `GET ${VOIP_PATHS.callCenters}`;
const AGENTS = `GET ${VOIP_PATHS.agentPhones}`;
const alice = extension({ id: 3, dial_id: 'agent.100', display_name: 'Alice', status: 'online' });
const bob = extension({ id: 4, dial_id: 'agent.200', display_name: 'Bob' });
const desk = callCenter({
  id: 9,
  dial_id: '80000',
  agents: [
    { id: 4, dial_id: 'agent.200', display_name: 'Bob', status: 'offline' },
    { id: 3, dial_id: 'agent.100', display_name: 'Alice', status: 'online' },
  ],
});
const render = (answers = {}, options = {}) =>
  renderConsolePage(
    plugin,
    'voip_call_center',
    { ...SERVER, [LIST]: pageOf([desk]), [AGENTS]: pageOf([alice, bob]), ...answers },
    options,
  );
const rowOf = (text: string) => findRow(en.callCenter.title, text);

describe('voip_call_center (spec §2.3, §3; issue 33)', () => {
  it('lists call centers with their rules and their agents in ringing order', async () => {
    await render();
    const row = await rowOf('80000');
    expect(within(row).getByText(en.strategies.top_down)).toBeTruthy();
    expect(within(row).getByText(en.unlimited)).toBeTruthy();
    expect(within(row).getByText('30 s / 60 s / 120 s')).toBeTruthy();
    const agents = within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(agents).toEqual([
      expect.stringContaining('agent.200 (Bob)'),
      expect.stringContaining('agent.100 (Alice)'),
    ]);
    cleanup();
    await render({ [LIST]: pageOf([]) });
    expect(await screen.findByText(en.callCenter.empty)).toBeTruthy();
  });

  it('adds a call center with two agents in the order chosen', async () => {
    const { api } = await render({
      [`POST ${VOIP_PATHS.callCenters}`]: { status: 201, body: callCenter({ id: 10, dial_id: '81000' }) },
    });
    const dialog = await openAddDialog(en.callCenter.title, en.callCenter.addTitle);
    await typeFields(dialog, { [en.field.dialId]: '81000', [en.field.name]: 'Support' });
    for (const agent of ['agent.200 (Bob)', 'agent.100 (Alice)']) {
      await userEvent.click(await within(dialog).findByRole('combobox', { name: en.field.addAgent }));
      await userEvent.click(await screen.findByRole('option', { name: agent }));
      await userEvent.click(within(dialog).getByRole('button', { name: en.field.addAgentButton }));
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move agent.100 (Alice) up' }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.add }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', VOIP_PATHS.callCenters)[0]?.body).toEqual({
        dial_id: '81000',
        name: 'Support',
        strategy: 'ring_all',
        max_wait: 60,
        ring_timeout: 20,
        delay_no_answer: 0,
        delay_busy: 0,
        delay_reject: 0,
        agents: [3, 4],
      }),
    );
  });

  it('refuses a max wait past 600 s and a ring time past 60 s before sending (spec §5.5)', async () => {
    const { api } = await render();
    const dialog = await openAddDialog(en.callCenter.title, en.callCenter.addTitle);
    await typeFields(dialog, { [en.field.dialId]: '81000', [en.field.name]: 'Support' });
    const wait = within(dialog).getByLabelText(en.field.maxWait);
    await userEvent.clear(wait);
    await userEvent.type(wait, '601');
    const ring = within(dialog).getByLabelText(en.field.ringTimeout);
    await userEvent.clear(ring);
    await userEvent.type(ring, '61');
    await userEvent.click(within(dialog).getByRole('button', { name: en.add }));
    expect(await within(dialog).findByText('The max wait is 0 to 600 seconds (0 = unlimited)')).toBeTruthy();
    expect(within(dialog).getByText('The ring time is 1 to 60 seconds')).toBeTruthy();
    expect(callsTo(api.calls, 'POST', VOIP_PATHS.callCenters)).toHaveLength(0);
  });

  it('deletes a call center once asked, and hides the buttons the role lacks', async () => {
    const { api } = await render(
      { [`DELETE ${VOIP_PATHS.callCenter(9)}`]: { status: 204 } },
      { roleId: 3, buttons: ['delete'] },
    );
    expect(screen.queryByRole('button', { name: en.add })).toBeNull();
    await userEvent.click(await rowAction(await rowOf('80000'), en.delete));
    const ask = await screen.findByRole('alertdialog');
    await userEvent.click(within(ask).getByRole('button', { name: en.delete }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', VOIP_PATHS.callCenter(9))).toHaveLength(1));
  });
});
