import '@vap/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALGMALL_PATHS, FINGERPRINT_MAX_BYTES } from '@vap/contracts';
import { type Answers, callsTo, refusal, wheresOf } from '@vap/kernel/testing';
import { choose, downloadCapture } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { authorisation, pageOf, product, renderMallPage } from '../test-support.js';

const downloads = downloadCapture();
beforeEach(() => downloads.start());
afterEach(() => {
  downloads.stop();
});

const words = en.offline;
const issued = authorisation({
  id: 41,
  mode: 'offline',
  sn: 'SN-FAR-AWAY',
  state: 'success',
  device_id: null,
  device_name: '',
  model: '',
  order_number: 'A20261129000003',
});
const LICENCE = { text: '{"payload":"x","signature":"y"}', headers: { 'content-type': 'application/json' } };

const renderPage = (answers: Answers = {}) =>
  renderMallPage('algmall_offauth', {
    [`GET ${ALGMALL_PATHS.authorisations}`]: pageOf([issued]),
    [`GET ${ALGMALL_PATHS.products}`]: pageOf([product({ id: 7 })]),
    [`POST ${ALGMALL_PATHS.offlineLicences}`]: { status: 201, body: { ...issued, id: 42 } },
    [`GET ${ALGMALL_PATHS.offlineLicence(41)}`]: LICENCE,
    [`GET ${ALGMALL_PATHS.offlineLicence(42)}`]: LICENCE,
    ...answers,
  });

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: words.add }));
  const dialog = await screen.findByRole('dialog', { name: words.add });
  await choose(dialog, en.authorisations.dialog.product, 'Helmet detection');
  return dialog;
}
const fileInput = (dialog: HTMLElement) =>
  within(dialog).getByLabelText(words.file, { selector: 'input' }) as HTMLInputElement;

describe('offline authorisation (spec §2.3 algmall_offauth)', () => {
  it('lists the offline authorisations and downloads a licence file again', async () => {
    const { api } = await renderPage();
    const row = (await screen.findByText('SN-FAR-AWAY')).closest('tr') as HTMLElement;
    expect(wheresOf(callsTo(api.calls, 'GET', ALGMALL_PATHS.authorisations)[0])).toEqual([
      { k: 'mode', o: '=', v: 'offline' },
    ]);
    await userEvent.click(within(row).getByRole('button', { name: words.download }));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(downloads.files[0]?.name).toBe('licence-SN-FAR-AWAY-41.json');
  });

  it('uploads the product and the fingerprint file as a form, then downloads the licence', async () => {
    const { api } = await renderPage();
    const dialog = await openDialog();
    const file = new File(['{"v":1}'], 'fingerprint.json', { type: 'application/json' });
    await userEvent.upload(fileInput(dialog), file);
    await userEvent.click(within(dialog).getByRole('button', { name: words.submit }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', ALGMALL_PATHS.offlineLicences)).toHaveLength(1));
    const form = callsTo(api.calls, 'POST', ALGMALL_PATHS.offlineLicences)[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['product_id', 'file']);
    expect(form.get('product_id')).toBe('7');
    expect((form.get('file') as File).name).toBe('fingerprint.json');
    await waitFor(() =>
      expect(downloads.files.map((each) => each.name)).toEqual(['licence-SN-FAR-AWAY-42.json']),
    );
  });

  it('refuses a file over 20 MB before sending it: file too large', async () => {
    const { api } = await renderPage();
    const dialog = await openDialog();
    const big = new File(['x'], 'big.json');
    Object.defineProperty(big, 'size', { value: FINGERPRINT_MAX_BYTES + 1 });
    await userEvent.upload(fileInput(dialog), big);
    expect(await within(dialog).findByText(words.fileTooLarge)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: words.submit }));
    expect(callsTo(api.calls, 'POST', ALGMALL_PATHS.offlineLicences)).toHaveLength(0);
  });

  it('shows the server’s refusal in the dialog: no available authorisation', async () => {
    await renderPage({
      [`POST ${ALGMALL_PATHS.offlineLicences}`]: refusal(409, {
        code: 'authorisation_none',
        message: 'No available authorisation',
      }),
    });
    const dialog = await openDialog();
    await userEvent.upload(fileInput(dialog), new File(['{}'], 'fingerprint.json'));
    await userEvent.click(within(dialog).getByRole('button', { name: words.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('No available authorisation');
    expect(downloads.files).toHaveLength(0);
  });
});
