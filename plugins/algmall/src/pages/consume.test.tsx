import '@vap/ui/test-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALGMALL_PATHS, type Authorisation } from '@vap/contracts';
import { callsTo, wheresOf } from '@vap/kernel/testing';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { pageOf, product, renderMallPage } from '../test-support.js';

afterEach(() => cleanup());

const row = (
  partial: Partial<Authorisation> & Pick<Authorisation, 'id' | 'sn' | 'mode' | 'state'>,
): Authorisation => ({
  product_id: 7,
  product_name: product({ id: 7 }).name,
  device_id: null,
  device_name: '',
  model: '',
  reason: null,
  order_number: 'A20261129000001',
  attempts: 1,
  trial_until: null,
  created_at: '2026-11-29T08:00:00.000Z',
  ended_at: null,
  ...partial,
});

describe('the consumption of authorisations (spec §2.3 algmall_consume)', () => {
  it('lists online and offline ones alike, and filters by mode and state', async () => {
    const { api } = await renderMallPage('algmall_consume', {
      [`GET ${ALGMALL_PATHS.authorisations}`]: pageOf([
        row({ id: 1, sn: 'SN-ON', mode: 'online', state: 'success' }),
        row({ id: 2, sn: 'SN-OFF', mode: 'offline', state: 'success' }),
      ]),
      [`GET ${ALGMALL_PATHS.products}`]: pageOf([product({ id: 7 })]),
    });
    const table = await screen.findByRole('table', { name: en.consume.title });
    expect(
      within((await within(table).findByText('SN-OFF')).closest('tr') as HTMLElement).getByText('Offline'),
    ).toBeTruthy();
    expect(
      within((await within(table).findByText('SN-ON')).closest('tr') as HTMLElement).getByText('Online'),
    ).toBeTruthy();
    const filters = screen.getByRole('form', { name: en.authorisations.filters });
    await userEvent.click(within(filters).getByRole('combobox', { name: en.authorisations.mode }));
    await userEvent.click(await screen.findByRole('option', { name: 'Offline' }));
    await userEvent.click(within(filters).getByRole('combobox', { name: en.authorisations.state }));
    await userEvent.click(await screen.findByRole('option', { name: en.authorisations.states.timeout }));
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(callsTo(api.calls, 'GET', ALGMALL_PATHS.authorisations).at(-1))).toEqual([
        { k: 'mode', o: '=', v: 'offline' },
        { k: 'state', o: '=', v: 'timeout' },
      ]),
    );
  });
});
