import '@vap/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADPKG_PATHS, type Adpkg } from '@vap/contracts';
import { type Answers, callsTo, type RenderPageOptions } from '@vap/kernel/testing';
import { findRow } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { clickMoreAction, pageOf, renderMediaPage } from '../test-support.js';

const words = en.adpkg;
const PAGE = 'adpkg_management';

const pkg = (partial: Partial<Adpkg> & Pick<Adpkg, 'id' | 'name'>): Adpkg => ({
  top_share: 60,
  items: [
    {
      type: 'image',
      file: `adpkg/1_${'a'.repeat(32)}.png`,
      resource_name: 'welcome',
      seconds: 8,
      size: 2048,
      md5: 'a'.repeat(32),
      width: 1080,
      height: 1920,
      duration_ms: null,
      codec: null,
    },
  ],
  devices: { total: 0, in_progress: 0, success: 0, failed: 0 },
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  ...partial,
});
const published = pkg({ id: 1, name: 'Lobby', devices: { total: 3, in_progress: 0, success: 2, failed: 1 } });
const fresh = pkg({ id: 2, name: 'Level 2', top_share: 45 });

const renderPage = (answers: Answers = {}, options: RenderPageOptions = {}) =>
  renderMediaPage(
    PAGE,
    {
      [`GET ${ADPKG_PATHS.packages}`]: pageOf([published, fresh]),
      [`GET ${ADPKG_PATHS.deliveries(1)}`]: pageOf([
        {
          id: 12,
          device_id: 12,
          sn: 'SN-FAILED',
          device_name: 'Gate',
          state: 'failed',
          reason: 'md5_mismatch',
          attempts: 1,
          updated_at: '2026-11-29T08:00:00.000Z',
        },
      ]),
      [`POST ${ADPKG_PATHS.retry(1)}`]: { body: { changed: 1 } },
      [`DELETE ${ADPKG_PATHS.package(1)}`]: { status: 204 },
      [`PUT ${ADPKG_PATHS.package(2)}`]: { body: { ...fresh, top_share: 70 } },
      [`GET ${ADPKG_PATHS.devices}`]: pageOf([
        { id: 21, sn: 'SN-A', name: 'Gate A', model: 'VC-C3', online: true },
      ]),
      [`POST ${ADPKG_PATHS.deliveries(2)}`]: { body: { changed: 1 } },
      ...answers,
    },
    options,
  );

/** The design page in the role's menu. */
const designMenu = {
  id: 30,
  parent_id: 0,
  name: 'adpkg_design',
  type: 'page' as const,
  path: 'adpkg-design',
  title: 'adpkg_design',
  icon: '',
  is_hidden: true,
  is_disable: false,
  sort: 3,
  children: [],
};

const rowOf = (name: string) => findRow(words.title, name);

describe('ad packages (spec §2.3 adpkg_management; issue 32)', () => {
  it('lists the packages with their split, items and how their deliveries stand', async () => {
    await renderPage();
    const row = await rowOf('Lobby');
    expect(within(row).getByText('60%')).toBeTruthy();
    expect(within(row).getByText('2 shown, 0 on the way, 1 failed')).toBeTruthy();
    expect(within(await rowOf('Level 2')).getByText(words.noDevices)).toBeTruthy();
  });

  it("shows a package's devices and retries a failed one", async () => {
    const { api } = await renderPage();
    await userEvent.click(within(await rowOf('Lobby')).getByRole('button', { name: words.showDevices }));
    const drawer = await screen.findByRole('dialog', { name: 'Devices of Lobby' });
    const failed = (await within(drawer).findByText('SN-FAILED')).closest('tr') as HTMLElement;
    await userEvent.click(within(failed).getByRole('button', { name: en.publishing.deliveries.retry }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', ADPKG_PATHS.retry(1))).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', ADPKG_PATHS.retry(1))[0]?.body).toEqual({ ids: [12] });
  });

  it('publishes a package to the chosen devices', async () => {
    const { api } = await renderPage();
    await userEvent.click(within(await rowOf('Level 2')).getByRole('button', { name: words.publish }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Level 2' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Gate A (SN-A), online' }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.publishing.publishDialog.submit }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', ADPKG_PATHS.deliveries(2))).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', ADPKG_PATHS.deliveries(2))[0]?.body).toEqual({ device_ids: [21] });
  });

  it('edits a package: the split typed beside its slider, its items kept', async () => {
    const { api } = await renderPage();
    await clickMoreAction(await rowOf('Level 2'), words.edit);
    const dialog = await screen.findByRole('dialog', { name: words.form.editTitle });
    const slider = within(dialog).getByRole('slider', { name: words.form.topShare });
    expect((slider as HTMLInputElement).value).toBe('45');
    const number = within(dialog).getByRole('spinbutton', { name: words.form.topShareNumber });
    await userEvent.clear(number);
    await userEvent.type(number, '70');
    expect((slider as HTMLInputElement).value).toBe('70');
    await userEvent.click(within(dialog).getByRole('button', { name: words.form.submit }));
    await waitFor(() => expect(callsTo(api.calls, 'PUT', ADPKG_PATHS.package(2))).toHaveLength(1));
    expect(callsTo(api.calls, 'PUT', ADPKG_PATHS.package(2))[0]?.body).toEqual({
      name: 'Level 2',
      top_share: 70,
      items: [{ type: 'image', file: fresh.items[0]?.file, resource_name: 'welcome', seconds: 8 }],
    });
  });

  it("reorders a package's items in the edit dialog", async () => {
    const second = {
      ...fresh.items[0],
      file: `adpkg/1_${'b'.repeat(32)}.png`,
      resource_name: 'menu',
    } as Adpkg['items'][number];
    const two = { ...fresh, items: [...fresh.items, second] };
    const { api } = await renderPage({
      [`GET ${ADPKG_PATHS.packages}`]: pageOf([published, two]),
      [`PUT ${ADPKG_PATHS.package(2)}`]: { body: two },
    });
    await clickMoreAction(await rowOf('Level 2'), words.edit);
    const dialog = await screen.findByRole('dialog', { name: words.form.editTitle });
    expect(within(dialog).getByRole('button', { name: 'Move item 1 up' })).toHaveProperty('disabled', true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move item 2 up' }));
    await userEvent.click(within(dialog).getByRole('button', { name: words.form.submit }));
    await waitFor(() => expect(callsTo(api.calls, 'PUT', ADPKG_PATHS.package(2))).toHaveLength(1));
    const body = callsTo(api.calls, 'PUT', ADPKG_PATHS.package(2))[0]?.body as {
      items: { resource_name: string }[];
    };
    expect(body.items.map((item) => item.resource_name)).toEqual(['menu', 'welcome']);
  });

  it('opens a package in the design page, titled by its name', async () => {
    await renderPage({}, { extraMenus: [designMenu] });
    await clickMoreAction(await rowOf('Level 2'), words.design);
    expect((await screen.findByTestId('location')).textContent).toBe('at /adpkg-design?id=2&name=Level+2');
  });

  it('deletes a package only after saying on how many devices it is', async () => {
    const { api } = await renderPage();
    await clickMoreAction(await rowOf('Lobby'), words.delete);
    const confirmation = await screen.findByRole('alertdialog');
    expect(confirmation.textContent).toContain('It is published to 3 devices');
    await userEvent.click(within(confirmation).getByRole('button', { name: words.deleteConfirm }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', ADPKG_PATHS.package(1))).toHaveLength(1));
  });

  it('without the buttons a role sees the packages and their devices only', async () => {
    await renderPage({}, { roleId: 4, buttons: [] });
    const row = await rowOf('Lobby');
    expect(screen.queryByRole('button', { name: words.add })).toBeNull();
    expect(within(row).queryByRole('button', { name: words.publish })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(within(row).getByRole('button', { name: words.showDevices })).toBeTruthy();
  });
});
