import '@vap/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALGMALL_PATHS, type AuthoriseBody } from '@vap/contracts';
import {
  type Answers,
  callsTo,
  type RecordedCall,
  type RenderPageOptions,
  refusal,
  testMenuItem,
  wheresOf,
} from '@vap/kernel/testing';
import { choose, findRow } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { authorisation, pageOf, product, renderMallPage } from '../test-support.js';

const PAGE = 'algmall_onauth';
const LIST = `GET ${ALGMALL_PATHS.authorisations}`;
const AUTHORISE = `POST ${ALGMALL_PATHS.authorisations}`;
const DEVICES = `GET ${ALGMALL_PATHS.devices}`;
const PRODUCTS = `GET ${ALGMALL_PATHS.products}`;
const RETRY = `POST ${ALGMALL_PATHS.authorisationsRetry}`;
const CANCEL = `POST ${ALGMALL_PATHS.authorisationsCancel}`;
const words = en.authorisations;

const rows = [
  authorisation({ id: 1, sn: 'SN-SUCCESS', state: 'success' }),
  authorisation({ id: 2, sn: 'SN-FAILED', state: 'failed', reason: 'unsupported_model', order_number: null }),
  authorisation({ id: 3, sn: 'SN-WAITING', state: 'in_progress' }),
];

const renderPage = (answers: Answers = {}, options: RenderPageOptions = {}) =>
  renderMallPage(
    PAGE,
    {
      [LIST]: pageOf(rows),
      [PRODUCTS]: pageOf([product({ id: 7 })]),
      [DEVICES]: pageOf([
        { id: 11, sn: 'SN-A', name: 'Gate A', kind: 'ipc', model: 'VC-C3', online: true },
        { id: 12, sn: 'SN-B', name: '', kind: 'ipc', model: 'VC-C5', online: false },
      ]),
      [AUTHORISE]: { status: 201, body: { changed: 2 } },
      [RETRY]: { body: { changed: 1 } },
      [CANCEL]: { body: { changed: 1 } },
      ...answers,
    },
    options,
  );
const rowOf = (sn: string) => findRow(words.title, sn);
const listCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', ALGMALL_PATHS.authorisations);

describe('online authorisation (spec §2.3 algmall_onauth, §4.3)', () => {
  it('lists the online authorisations with their state, reason and order', async () => {
    const { api } = await renderPage();
    const failed = await rowOf('SN-FAILED');
    expect(within(failed).getByText(words.states.failed)).toBeTruthy();
    expect(within(failed).getByText('unsupported_model')).toBeTruthy();
    expect(within(await rowOf('SN-SUCCESS')).getByText('A20261129000001')).toBeTruthy();
    expect(within(await rowOf('SN-WAITING')).getByText(words.states.in_progress)).toBeTruthy();
    expect(wheresOf(listCalls(api.calls)[0])).toEqual([{ k: 'mode', o: '=', v: 'online' }]);
  });

  it('retries a failed one and reads the list again', async () => {
    const { api } = await renderPage();
    await userEvent.click(within(await rowOf('SN-FAILED')).getByRole('button', { name: words.retry }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', ALGMALL_PATHS.authorisationsRetry)).toHaveLength(1),
    );
    expect(callsTo(api.calls, 'POST', ALGMALL_PATHS.authorisationsRetry)[0]?.body).toEqual({ ids: [2] });
    expect(await screen.findByText('1 authorisation retried')).toBeTruthy();
    await waitFor(() => expect(listCalls(api.calls).length).toBeGreaterThan(1));
  });

  it('cancels one in progress only after a confirmation', async () => {
    const { api } = await renderPage();
    await userEvent.click(within(await rowOf('SN-WAITING')).getByRole('button', { name: words.cancel }));
    const confirmation = await screen.findByRole('alertdialog');
    expect(confirmation.textContent).toContain('Cancel the authorisation of Gate 3?');
    await userEvent.click(within(confirmation).getByRole('button', { name: words.cancelConfirm }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', ALGMALL_PATHS.authorisationsCancel)).toHaveLength(1),
    );
    expect(callsTo(api.calls, 'POST', ALGMALL_PATHS.authorisationsCancel)[0]?.body).toEqual({ ids: [3] });
    expect(await screen.findByText(words.cancelled)).toBeTruthy();
  });

  it('authorises the chosen devices with the chosen algorithm', async () => {
    const { api } = await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: words.add }));
    const dialog = await screen.findByRole('dialog', { name: words.dialog.title });
    await choose(dialog, words.dialog.product, 'Helmet detection');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Gate A (SN-A) · online' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'VC-C5 (SN-B) · offline' }));
    await userEvent.click(within(dialog).getByRole('button', { name: words.dialog.submit }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', ALGMALL_PATHS.authorisations)).toHaveLength(1));
    const body = callsTo(api.calls, 'POST', ALGMALL_PATHS.authorisations)[0]?.body as AuthoriseBody;
    expect(body).toEqual({ product_id: 7, device_ids: [11, 12] });
    expect(await screen.findByText('2 devices are being authorised')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('too few authorisations left says so in the dialog, with the way to buy more', async () => {
    const productList = testMenuItem({
      name: 'algmall',
      type: 'dir',
      path: 'algmall',
      children: [testMenuItem({ name: 'algmall_product_list', type: 'page', path: 'product-list' })],
    });
    await renderPage(
      {
        [AUTHORISE]: refusal(409, {
          code: 'authorisation_insufficient',
          message: 'Authorisation quantity insufficient, please buy',
        }),
      },
      { extraMenus: [productList] },
    );
    await userEvent.click(await screen.findByRole('button', { name: words.add }));
    const dialog = await screen.findByRole('dialog', { name: words.dialog.title });
    await choose(dialog, words.dialog.product, 'Helmet detection');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Gate A (SN-A) · online' }));
    await userEvent.click(within(dialog).getByRole('button', { name: words.dialog.submit }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Authorisation quantity insufficient, please buy');
    await userEvent.click(within(alert).getByRole('link', { name: words.dialog.buy }));
    expect(await screen.findByText('at /algmall/product-list')).toBeTruthy();
  });

  it('without the add button a role sees the list but cannot authorise, retry or cancel', async () => {
    await renderPage({}, { roleId: 4, buttons: [] });
    await rowOf('SN-FAILED');
    expect(screen.queryByRole('button', { name: words.add })).toBeNull();
    expect(screen.queryByRole('button', { name: words.retry })).toBeNull();
    expect(screen.queryByRole('button', { name: words.cancel })).toBeNull();
  });
});
