import '@vap/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOLOGRAM_PATHS, type HologramDelivery } from '@vap/contracts';
import { type Answers, callsTo, type RenderPageOptions } from '@vap/kernel/testing';
import { findRow } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { clickMoreAction, pageOf, renderMediaPage, scheme } from '../test-support.js';

const words = en.hologram;
const PAGE = 'hologram_parking';

const published = scheme({
  id: 1,
  name: 'Entrance screens',
  devices: { total: 3, in_progress: 0, success: 2, failed: 1 },
});
const fresh = scheme({ id: 2, name: 'Level 2' });

const delivery = (partial: Partial<HologramDelivery> & Pick<HologramDelivery, 'id' | 'sn' | 'state'>) => ({
  device_id: partial.id,
  device_name: `Gate ${partial.id}`,
  reason: null,
  attempts: 1,
  updated_at: '2026-11-29T08:00:00.000Z',
  ...partial,
});

const renderPage = (answers: Answers = {}, options: RenderPageOptions = {}) =>
  renderMediaPage(
    PAGE,
    {
      [`GET ${HOLOGRAM_PATHS.schemes}`]: pageOf([published, fresh]),
      [`GET ${HOLOGRAM_PATHS.deliveries(1)}`]: pageOf([
        delivery({ id: 11, sn: 'SN-SHOWN', state: 'success' }),
        delivery({ id: 12, sn: 'SN-FAILED', state: 'failed', reason: 'md5_mismatch' }),
      ]),
      [`POST ${HOLOGRAM_PATHS.retry(1)}`]: { body: { changed: 1 } },
      [`DELETE ${HOLOGRAM_PATHS.scheme(1)}`]: { status: 204 },
      [`GET ${HOLOGRAM_PATHS.devices}`]: pageOf([
        { id: 21, sn: 'SN-A', name: 'Gate A', model: 'VC-C3', online: true },
        { id: 22, sn: 'SN-B', name: '', model: 'VC-C5', online: false },
      ]),
      [`POST ${HOLOGRAM_PATHS.deliveries(2)}`]: { body: { changed: 2 } },
      ...answers,
    },
    options,
  );

const rowOf = (name: string) => findRow(words.title, name);

describe('hologram parking (spec §2.3 hologram_parking; issue 32)', () => {
  it('lists the schemes with their screens, file size and how their deliveries stand', async () => {
    await renderPage();
    const row = await rowOf('Entrance screens');
    expect(within(row).getByText('2 shown, 0 on the way, 1 failed')).toBeTruthy();
    expect(within(row).getByText('2M')).toBeTruthy();
    expect(within(await rowOf('Level 2')).getByText(words.noDevices)).toBeTruthy();
  });

  it("shows a scheme's devices with their states, and retries a failed one", async () => {
    const { api } = await renderPage();
    await userEvent.click(
      within(await rowOf('Entrance screens')).getByRole('button', { name: words.showDevices }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Devices of Entrance screens' });
    const failed = (await within(drawer).findByText('SN-FAILED')).closest('tr') as HTMLElement;
    expect(within(failed).getByText(en.publishing.deliveries.states.failed)).toBeTruthy();
    expect(within(failed).getByText('md5_mismatch')).toBeTruthy();
    const shown = within(drawer).getByText('SN-SHOWN').closest('tr') as HTMLElement;
    expect(within(shown).queryByRole('button', { name: en.publishing.deliveries.retry })).toBeNull();
    await userEvent.click(within(failed).getByRole('button', { name: en.publishing.deliveries.retry }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', HOLOGRAM_PATHS.retry(1))).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', HOLOGRAM_PATHS.retry(1))[0]?.body).toEqual({ ids: [12] });
    expect(await screen.findByText('Sent again to 1 devices')).toBeTruthy();
  });

  it('publishes a scheme to the chosen devices', async () => {
    const { api } = await renderPage();
    await userEvent.click(within(await rowOf('Level 2')).getByRole('button', { name: words.publish }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Level 2' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Gate A (SN-A), online' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'VC-C5 (SN-B), offline' }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.publishing.publishDialog.submit }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', HOLOGRAM_PATHS.deliveries(2))).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', HOLOGRAM_PATHS.deliveries(2))[0]?.body).toEqual({
      device_ids: [21, 22],
    });
    expect(await screen.findByText('Published to 2 devices')).toBeTruthy();
  });

  it('deletes a scheme only after saying on how many devices it is', async () => {
    const { api } = await renderPage();
    await clickMoreAction(await rowOf('Entrance screens'), words.delete);
    const confirmation = await screen.findByRole('alertdialog');
    expect(confirmation.textContent).toContain('Delete scheme Entrance screens?');
    expect(confirmation.textContent).toContain('It is published to 3 devices');
    await userEvent.click(within(confirmation).getByRole('button', { name: words.keep }));
    expect(callsTo(api.calls, 'DELETE', HOLOGRAM_PATHS.scheme(1))).toHaveLength(0);
    await clickMoreAction(await rowOf('Entrance screens'), words.delete);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: words.deleteConfirm }),
    );
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', HOLOGRAM_PATHS.scheme(1))).toHaveLength(1));
    expect(await screen.findByText(words.deleted)).toBeTruthy();
  });

  it('without the buttons a role sees the schemes and their devices only', async () => {
    await renderPage({}, { roleId: 4, buttons: [] });
    const row = await rowOf('Entrance screens');
    expect(screen.queryByRole('button', { name: words.add })).toBeNull();
    expect(within(row).queryByRole('button', { name: words.publish })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(within(row).getByRole('button', { name: words.showDevices })).toBeTruthy();
  });
});
