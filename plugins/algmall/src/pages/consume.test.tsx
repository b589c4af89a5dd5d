import '@vap/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALGMALL_PATHS } from '@vap/contracts';
import { callsTo, wheresOf } from '@vap/kernel/testing';
import { choose, findRow } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { authorisation, pageOf, product, renderMallPage } from '../test-support.js';

describe('the consumption of authorisations (spec §2.3 algmall_consume)', () => {
  it('lists online and offline ones alike, and filters by mode and state', async () => {
    const { api } = await renderMallPage('algmall_consume', {
      [`GET ${ALGMALL_PATHS.authorisations}`]: pageOf([
        authorisation({ id: 1, sn: 'SN-ON', state: 'success' }),
        authorisation({
          id: 2,
          sn: 'SN-OFF',
          mode: 'offline',
          state: 'success',
          device_id: null,
          device_name: '',
        }),
      ]),
      [`GET ${ALGMALL_PATHS.products}`]: pageOf([product({ id: 7 })]),
    });
    expect(within(await findRow(en.consume.title, 'SN-OFF')).getByText('Offline')).toBeTruthy();
    expect(within(await findRow(en.consume.title, 'SN-ON')).getByText('Online')).toBeTruthy();
    const filters = screen.getByRole('form', { name: en.authorisations.filters });
    await choose(filters, en.authorisations.mode, 'Offline');
    await choose(filters, en.authorisations.state, en.authorisations.states.timeout);
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(callsTo(api.calls, 'GET', ALGMALL_PATHS.authorisations).at(-1))).toEqual([
        { k: 'mode', o: '=', v: 'offline' },
        { k: 'state', o: '=', v: 'timeout' },
      ]),
    );
  });
});
