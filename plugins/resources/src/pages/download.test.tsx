import '@vap/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESOURCE_PATHS } from '@vap/contracts';
import { callsTo, wheresOf } from '@vap/kernel/testing';
import { blobText, downloadCapture, findRow, rowAction } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { pageOf, renderDownloadPage, resource } from '../test-support.js';

const downloads = downloadCapture();
beforeEach(() => downloads.start());
afterEach(() => {
  downloads.stop();
});

const LIST = `GET ${RESOURCE_PATHS.resources}`;
const manual = resource({ id: 5 });
const sdk = resource({
  id: 6,
  category: 'sdk',
  owner: 'company',
  name: { 'zh-CN': '开放平台 SDK', en: 'Open platform SDK', 'zh-TW': '開放平台 SDK' },
  models: [],
  file_name: 'sdk.zip',
});
const answers = { [LIST]: pageOf([manual, sdk]) };
const table = () => screen.findByRole('table', { name: en.download.title });
const rowOf = (name: string) => findRow(en.download.title, name);

describe('resource_download (spec §2.3; issue 32)', () => {
  it("lists the vendor's resources and the company's own in the console's language, with their facts", async () => {
    await renderDownloadPage(answers);
    const row = await rowOf('IP camera user manual');
    expect(within(row).getByText('IPC-200')).toBeTruthy();
    expect(within(row).getByText(en.category.manual)).toBeTruthy();
    expect(within(row).getByText(en.resource.vendor)).toBeTruthy();
    const own = await rowOf('Open platform SDK');
    expect(within(own).getByText(en.resource.allModels)).toBeTruthy();
    expect(within(own).getByText(en.resource.company)).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    await renderDownloadPage({ [LIST]: pageOf([]) });
    expect(await screen.findByText(en.download.empty)).toBeTruthy();
  });

  it('filters by category as the declared filters (RESOURCE_FILTERS) say', async () => {
    const { api } = await renderDownloadPage(answers);
    await table();
    await userEvent.type(screen.getByLabelText(en.download.text, { selector: 'input' }), 'SDK');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(callsTo(api.calls, 'GET', RESOURCE_PATHS.resources).at(-1))).toEqual([
        { k: 'text', o: 'like', v: 'SDK' },
      ]),
    );
  });

  it('downloads a file with the role’s download button, named as the resource says', async () => {
    await renderDownloadPage(
      {
        ...answers,
        [`GET ${RESOURCE_PATHS.file(5)}`]: {
          text: 'manual bytes',
          headers: { 'content-type': 'application/octet-stream' },
        },
      },
      { roleId: 3, buttons: ['download'] },
    );
    const row = await rowOf('IP camera user manual');
    expect(within(row).queryByRole('button', { name: en.download.share })).toBeNull();
    await userEvent.click(await rowAction(row, en.download.download));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(downloads.files[0]?.name).toBe('ipc-user-manual-2.0.pdf');
    expect(await blobText(downloads.files[0]?.blob as Blob)).toBe('manual bytes');
  });

  it('a role without download or share sees no actions and no public-page button', async () => {
    await renderDownloadPage(answers, { roleId: 3, buttons: [] });
    const row = await rowOf('IP camera user manual');
    expect(within(row).queryByRole('button', { name: en.download.download })).toBeNull();
    expect(screen.queryByRole('button', { name: en.download.official })).toBeNull();
  });

  it('shares a resource for 3 days, shows the link once and lists the links, and revokes one after asking', async () => {
    const made = {
      id: 9,
      token: 'T'.repeat(43),
      path: `/sharePage?link=${'T'.repeat(43)}`,
      expires_at: '2026-12-01T08:00:00.000Z',
    };
    const live = {
      id: 9,
      resource_id: 5,
      created_at: '2026-11-28T08:00:00.000Z',
      expires_at: '2099-12-01T08:00:00.000Z',
      revoked: false,
      downloads: 2,
    };
    const { api } = await renderDownloadPage(
      {
        ...answers,
        [`POST ${RESOURCE_PATHS.links(5)}`]: { status: 201, body: made },
        [`GET ${RESOURCE_PATHS.links(5)}`]: { body: { items: [live] } },
        [`DELETE ${RESOURCE_PATHS.link(9)}`]: { status: 204 },
      },
      { roleId: 3, buttons: ['share'] },
    );
    await userEvent.click(await rowAction(await rowOf('IP camera user manual'), en.download.share));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: '3 days' }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.share.create }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.links(5))[0]?.body).toEqual({ days: 3 }),
    );
    const link = (await within(dialog).findByLabelText(en.share.link)) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}${made.path}`);
    const links = await within(dialog).findByRole('table', { name: en.share.links });
    const linkRow = (await within(links).findByText(en.share.live)).closest('tr') as HTMLElement;
    await userEvent.click(await rowAction(linkRow, en.share.revoke));
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText(en.share.revokeConfirm)).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: en.share.revoke }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', RESOURCE_PATHS.link(9))).toHaveLength(1));
  });

  it("makes the public download page's link until midnight today", async () => {
    const made = {
      id: 11,
      token: 'G'.repeat(43),
      path: `/official?grant=${'G'.repeat(43)}`,
      expires_at: '2026-11-28T16:00:00.000Z',
    };
    const { api } = await renderDownloadPage({
      ...answers,
      [`POST ${RESOURCE_PATHS.officialGrants}`]: { status: 201, body: made },
      [`GET ${RESOURCE_PATHS.officialGrants}`]: { body: { items: [] } },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: en.download.official }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: en.official.today })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.official.create }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.officialGrants)[0]?.body).toEqual({
        validity: 'today',
      }),
    );
    expect(((await within(dialog).findByLabelText(en.official.title)) as HTMLInputElement).value).toContain(
      '/official?grant=',
    );
  });

  it("lists the company's public-page links with their state and downloads, and revokes a valid one after asking", async () => {
    const grant = (id: number, partial: object) => ({
      id,
      created_at: '2026-11-28T08:00:00.000Z',
      expires_at: '2099-12-01T08:00:00.000Z',
      revoked: false,
      downloads: 0,
      ...partial,
    });
    const { api } = await renderDownloadPage(
      {
        ...answers,
        [`GET ${RESOURCE_PATHS.officialGrants}`]: {
          body: {
            items: [
              grant(14, { downloads: 7 }),
              grant(13, { revoked: true }),
              grant(12, { expires_at: '2026-11-01T16:00:00.000Z' }),
            ],
          },
        },
        [`DELETE ${RESOURCE_PATHS.officialGrant(14)}`]: { status: 204 },
      },
      { roleId: 3, buttons: ['share'] },
    );
    await table();
    await userEvent.click(screen.getByRole('button', { name: en.download.official }));
    const dialog = await screen.findByRole('dialog');
    const grants = await within(dialog).findByRole('table', { name: en.official.grants });
    const live = (await within(grants).findByText(en.share.live)).closest('tr') as HTMLElement;
    expect(within(live).getByText('7')).toBeTruthy();
    // Only a valid link can be revoked.
    for (const state of [en.share.revoked, en.share.expired]) {
      const row = within(grants).getByText(state).closest('tr') as HTMLElement;
      expect(within(row).queryByRole('button', { name: en.share.revoke })).toBeNull();
    }
    await userEvent.click(await rowAction(live, en.share.revoke));
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText(en.official.revokeConfirm)).toBeTruthy();
    expect(callsTo(api.calls, 'DELETE', RESOURCE_PATHS.officialGrant(14))).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: en.share.revoke }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'DELETE', RESOURCE_PATHS.officialGrant(14))).toHaveLength(1),
    );
    expect(await screen.findByText(en.official.revokedDone)).toBeTruthy();
    await waitFor(() => expect(callsTo(api.calls, 'GET', RESOURCE_PATHS.officialGrants)).toHaveLength(2));
  });
});
