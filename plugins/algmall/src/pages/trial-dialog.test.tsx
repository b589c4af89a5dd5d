import '@vap/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALGMALL_PATHS } from '@vap/contracts';
import { type Answers, callsTo, type RenderPageOptions, refusal } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { pageOf, product, renderMallPage } from '../test-support.js';

const renderList = (answers: Answers = {}, options: RenderPageOptions = {}) =>
  renderMallPage(
    'algmall_product_list',
    {
      [`GET ${ALGMALL_PATHS.products}`]: pageOf([
        product({ id: 7, trial_days: 7 }),
        product({ id: 8, name: { 'zh-CN': '人数', en: 'People counting', 'zh-TW': '人數' } }),
      ]),
      [`GET ${ALGMALL_PATHS.devices}`]: pageOf([
        { id: 11, sn: 'SN-A', name: 'Gate A', kind: 'ipc', model: 'VC-C3', online: true },
        { id: 12, sn: 'SN-B', name: 'Gate B', kind: 'ipc', model: 'VC-C3', online: true },
      ]),
      [`POST ${ALGMALL_PATHS.trials}`]: {
        status: 201,
        body: {
          id: 5,
          mode: 'online',
          product_id: 7,
          product_name: product({ id: 7 }).name,
          device_id: 12,
          sn: 'SN-B',
          device_name: 'Gate B',
          model: 'VC-C3',
          state: 'in_progress',
          reason: null,
          order_number: null,
          attempts: 0,
          trial_until: '2026-12-06T08:00:00.000Z',
          created_at: '2026-11-29T08:00:00.000Z',
          ended_at: null,
        },
      },
      ...answers,
    },
    options,
  );

async function openTrial() {
  await userEvent.click(await screen.findByRole('button', { name: 'Try Helmet detection' }));
  return screen.findByRole('dialog', { name: 'Try Helmet detection' });
}

describe('trials (the product pages’ trial button)', () => {
  it('offers a trial only for a product that has one, and starts it on the one device chosen', async () => {
    const { api } = await renderList();
    await screen.findByRole('button', { name: 'Buy People counting' });
    expect(screen.queryByRole('button', { name: 'Try People counting' })).toBeNull();
    const dialog = await openTrial();
    expect(dialog.textContent).toContain('Free for 7 days on one device');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Gate A (SN-A) · online' }));
    // One device only: choosing another replaces it.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Gate B (SN-B) · online' }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.trial.submit }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', ALGMALL_PATHS.trials)).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', ALGMALL_PATHS.trials)[0]?.body).toEqual({
      product_id: 7,
      device_id: 12,
    });
    expect(await screen.findByText('Trial of Helmet detection started for 7 days')).toBeTruthy();
  });

  it('a device that had its trial shows the server’s words in the dialog', async () => {
    await renderList({
      [`POST ${ALGMALL_PATHS.trials}`]: refusal(409, {
        code: 'trial_used',
        message: 'This device has already had a trial of this algorithm',
      }),
    });
    const dialog = await openTrial();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Gate A (SN-A) · online' }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.trial.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already had a trial');
  });

  it('a role without the trial button sees no Try', async () => {
    await renderList({}, { roleId: 4, buttons: ['buy'] });
    await screen.findByRole('button', { name: 'Buy Helmet detection' });
    expect(screen.queryByRole('button', { name: 'Try Helmet detection' })).toBeNull();
  });
});
