import '@vap/ui/test-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VOIP_PATHS } from '@vap/contracts';
import { callsTo } from '@vap/kernel/testing';
import { findRow, renderConsolePage, rowAction } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import { extension, openAddDialog, pageOf, SERVER, typeFields } from './test-fixtures.js';

const LIST = `GET ${VOIP_PATHS.agentPhones}`;
const alice = extension({
  id: 3,
  dial_id: 'agent.100',
  display_name: 'Alice',
  call_centers: [{ id: 9, dial_id: '80000', name: 'Front desk' }],
});
const render = (answers = {}, options = {}) =>
  renderConsolePage(plugin, 'voip_agent_phone', { ...SERVER, [LIST]: pageOf([alice]), ...answers }, options);
const rowOf = (text: string) => findRow(en.agentPhone.title, text);

describe('voip_agent_phone (spec §2.3; issue 33)', () => {
  it('lists agent phones with the call centers each belongs to', async () => {
    await render();
    const row = await rowOf('agent.100');
    expect(within(row).getByText('Front desk (80000)')).toBeTruthy();
    expect(within(row).getByText(en.status.offline)).toBeTruthy();
    cleanup();
    await render({ [LIST]: pageOf([]) });
    expect(await screen.findByText(en.agentPhone.empty)).toBeTruthy();
  });

  it('says the SIP server is not connected when none is configured, and no phone is online', async () => {
    await render({
      [`GET ${VOIP_PATHS.server}`]: {
        body: {
          server: null,
          websocket: null,
          live: false,
          reason: 'not_connected',
          domain: 'c1.sip.localhost',
        },
      },
      [LIST]: pageOf([{ ...alice, status: 'not_connected' }]),
    });
    expect(within(await rowOf('agent.100')).getByText(en.status.not_connected)).toBeTruthy();
    expect(await screen.findByText(en.server.not_connected)).toBeTruthy();
  });

  it('adds an agent phone with a given password, and edits its name (its dial id fixed)', async () => {
    const { api } = await render({
      [`POST ${VOIP_PATHS.agentPhones}`]: {
        status: 201,
        body: { extension: extension({ id: 4, dial_id: 'agent.101' }), password: 'Secret99', server: null },
      },
      [`PUT ${VOIP_PATHS.agentPhone(3)}`]: { body: { ...alice, display_name: 'Alicia' } },
    });
    const dialog = await openAddDialog(en.agentPhone.title, en.agentPhone.addTitle);
    await typeFields(dialog, { [en.field.dialId]: 'agent.101', [en.field.password]: 'Secret99' });
    await userEvent.click(within(dialog).getByRole('button', { name: en.add }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', VOIP_PATHS.agentPhones)[0]?.body).toEqual({
        dial_id: 'agent.101',
        display_name: '',
        password: 'Secret99',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Password of agent.101' });
    const closes = within(shown).getAllByRole('button', { name: en.close });
    await userEvent.click(closes[closes.length - 1] as HTMLElement);
    await userEvent.click(await rowAction(await rowOf('agent.100'), en.edit));
    const edit = await screen.findByRole('dialog', { name: 'Edit agent phone agent.100' });
    expect((within(edit).getByLabelText(en.field.dialId) as HTMLInputElement).disabled).toBe(true);
    const name = within(edit).getByLabelText(en.field.displayName);
    await userEvent.clear(name);
    await userEvent.type(name, 'Alicia');
    await userEvent.click(within(edit).getByRole('button', { name: en.save }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'PUT', VOIP_PATHS.agentPhone(3))[0]?.body).toEqual({
        display_name: 'Alicia',
      }),
    );
  });

  it('shows the server’s translated 409 for a taken dial id', async () => {
    await render({
      [`POST ${VOIP_PATHS.agentPhones}`]: {
        status: 409,
        body: {
          code: 'voip_dial_id_taken',
          message: 'This dial id is already used by an extension or a call center of your company',
        },
      },
    });
    const dialog = await openAddDialog(en.agentPhone.title, en.agentPhone.addTitle);
    await typeFields(dialog, { [en.field.dialId]: '80000' });
    await userEvent.click(within(dialog).getByRole('button', { name: en.add }));
    expect(
      await screen.findByText(
        'This dial id is already used by an extension or a call center of your company',
      ),
    ).toBeTruthy();
  });
});
