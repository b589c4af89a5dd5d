import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyDetail, VerifyStatus } from '@vap/contracts';
import { md5OfBytes } from '@vap/kernel';
import { callsTo, refusal } from '@vap/kernel/testing';
import { describe, expect, it, vi } from 'vitest';
import { companyDetail, fileOf, renderDialog, stubImageSizes, stubUploads, testUser } from './test-kit.js';
import VerificationDialog, { firstMissing } from './verification-dialog.js';

const MB = 1024 * 1024;
const image = (name: string) => ({ path: name, url: `/webapi/v1/pms/objects/${name}?e=1&s=x` });

async function open(company: CompanyDetail, answers = {}) {
  const onClose = vi.fn();
  const view = await renderDialog(<VerificationDialog onClose={onClose} />, testUser(), {
    'GET /v1/pms/company': { body: company },
    'POST /v1/pms/company/resources/token': (call: { body: unknown }) => ({
      body: {
        token: `token-for-${(call.body as { name: string }).name}`,
        url: '/webapi/v1/pms/objects/upload',
      },
    }),
    ...answers,
  });
  const dialog = await screen.findByRole('dialog', { name: 'Company verification' });
  await within(dialog).findByLabelText(/Company name/);
  return { ...view, onClose, dialog };
}

/** A company of verification status `status` with its name and business licence, no ID card yet. */
const licensed = (status: VerifyStatus) =>
  companyDetail(status, {
    name: '测试科技有限公司',
    business_license: 'license/1_a.png',
    business_license_url: image('license/1_a.png').url,
  });

const section = (name: string) => screen.getByRole('region', { name });
const fileInputOf = (name: string) => section(name).querySelector('input[type="file"]') as HTMLInputElement;
const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });

describe('verification form: checks in order (spec §5.3)', () => {
  it('name, then licence, then ID front, then ID back', () => {
    const none = { business_license: null, id_human: null, id_emblem: null };
    const some = { path: 'x', url: 'y' };
    expect(firstMissing('Acme', { ...none, business_license: some })).toBe('verification.pleaseName');
    expect(firstMissing('测试科技有限公司', none)).toBe('verification.pleaseLicense');
    expect(firstMissing('测试科技有限公司', { ...none, business_license: some })).toBe(
      'verification.pleaseIdHuman',
    );
    expect(firstMissing('测试科技有限公司', { ...none, business_license: some, id_human: some })).toBe(
      'verification.pleaseIdEmblem',
    );
    expect(
      firstMissing('测试科技有限公司', { business_license: some, id_human: some, id_emblem: some }),
    ).toBeNull();
  });
});

describe('verification form (spec §4.2, §5.3, §7.2)', () => {
  it('status 1: nothing editable and no footer', async () => {
    await open(licensed(1));
    expect((screen.getByLabelText(/Company name/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Upload the/ })).toHaveLength(0);
    expect(within(section('Business licence')).getByRole('img', { name: 'Business licence' })).toBeTruthy();
  });

  it('status 2: only the empty fields are editable', async () => {
    await open(licensed(2));
    expect((screen.getByLabelText(/Company name/) as HTMLInputElement).disabled).toBe(true);
    expect(within(section('Business licence')).queryByRole('button', { name: /^Upload the/ })).toBeNull();
    expect(within(section('ID card (front)')).getByRole('button', { name: /^Upload the/ })).toBeTruthy();
    expect(within(section('ID card (back)')).getByRole('button', { name: /^Upload the/ })).toBeTruthy();
  });

  it('converts half-width parentheses as typed and shows the validator message', async () => {
    await open(companyDetail(0));
    const name = screen.getByLabelText(/Company name/) as HTMLInputElement;
    await userEvent.type(name, '测试(北京)');
    expect(name.value).toBe('测试（北京）');
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme');
    await userEvent.tab();
    expect(await screen.findByText(/3 to 100 Chinese characters/)).toBeTruthy();
  });

  it('refuses images over 5M, of a wrong type, over 5000x5000 or undecodable, with the four messages', async () => {
    stubImageSizes({ 'huge.png': [6000, 6000] });
    const sent = stubUploads(() => ({ status: 200, body: {} }));
    const { api } = await open(companyDetail(0));
    await userEvent.upload(fileInputOf('Business licence'), fileOf('big.png', 'image/png', 6 * MB));
    expect(await within(section('Business licence')).findByText('big.png: File too large (5M)')).toBeTruthy();
    await userEvent.upload(fileInputOf('Business licence'), fileOf('doc.gif', 'image/gif'), {
      applyAccept: false,
    });
    expect(await within(section('Business licence')).findByText(/doc\.gif: Wrong file type/)).toBeTruthy();
    await userEvent.upload(fileInputOf('ID card (front)'), fileOf('huge.png', 'image/png'));
    expect(
      await within(section('ID card (front)')).findByText(/huge\.png: Resolution too large/),
    ).toBeTruthy();
    await userEvent.upload(fileInputOf('ID card (back)'), fileOf('broken.png', 'image/png'));
    expect(
      await within(section('ID card (back)')).findByText('broken.png: The image could not be loaded'),
    ).toBeTruthy();
    expect(callsTo(api.calls, 'POST', '/v1/pms/company/resources/token')).toHaveLength(0);
    expect(sent).toHaveLength(0);
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('uploads through the token flow, enables Confirm, submits after confirmation: waiting for review', async () => {
    stubImageSizes();
    const sent = stubUploads(({ fields }) => ({ status: 200, body: image(fields.filename ?? '') }));
    const { api, session, onClose } = await open(companyDetail(3), {
      'PUT /v1/pms/company': { status: 204 },
    });
    await userEvent.type(screen.getByLabelText(/Company name/), '认证(北京)科技有限公司');
    const files = {
      'Business licence': fileOf('license.png', 'image/png', 64, 1),
      'ID card (front)': fileOf('front.jpg', 'image/jpeg', 64, 2),
      'ID card (back)': fileOf('back.jpeg', 'image/jpeg', 64, 3),
    };
    for (const [label, file] of Object.entries(files)) {
      expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
      await userEvent.upload(fileInputOf(label), file);
      await within(section(label)).findByText('Uploaded');
    }
    const md5 = await md5OfBytes(new Uint8Array(64).fill(1));
    expect(callsTo(api.calls, 'POST', '/v1/pms/company/resources/token').map((call) => call.body)).toEqual([
      { name: `license/1_${md5}.png`, size: 64 },
      { name: `id_human/1_${await md5OfBytes(new Uint8Array(64).fill(2))}.jpg`, size: 64 },
      { name: `id_emblem/1_${await md5OfBytes(new Uint8Array(64).fill(3))}.jpeg`, size: 64 },
    ]);
    expect(sent[0]).toMatchObject({
      url: '/webapi/v1/pms/objects/upload',
      headers: { Authorization: `VAP-OSS token-for-license/1_${md5}.png` },
      fields: { filename: `license/1_${md5}.png`, filesize: '64' },
    });
    await waitFor(() => expect((confirmButton() as HTMLButtonElement).disabled).toBe(false));
    const base = testUser();
    session.user = { ...base, company: base.company && { ...base.company, verify_status: 1 } };
    await userEvent.click(confirmButton());
    const question = await screen.findByRole('alertdialog', { name: 'Submit the verification?' });
    expect(callsTo(api.calls, 'PUT', '/v1/pms/company')).toHaveLength(0);
    await userEvent.click(within(question).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Submitted, waiting for review')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', '/v1/pms/company')[0]?.body).toEqual({
      name: '认证（北京）科技有限公司',
      business_license: `license/1_${md5}.png`,
      id_human: expect.stringMatching(/^id_human\/1_[0-9a-f]{32}\.jpg$/),
      id_emblem: expect.stringMatching(/^id_emblem\/1_[0-9a-f]{32}\.jpeg$/),
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("says 'uploaded' when the company stays verified (2) after filling the empty fields", async () => {
    stubImageSizes();
    stubUploads(({ fields }) => ({ status: 200, body: image(fields.filename ?? '') }));
    const filled = {
      business_license: 'license/1_a.png',
      business_license_url: 'u',
      id_human: 'id_human/1_b.png',
      id_human_url: 'u',
    };
    await open(companyDetail(2, { name: '测试科技有限公司', ...filled }), {
      'PUT /v1/pms/company': { status: 204 },
    });
    await userEvent.upload(fileInputOf('ID card (back)'), fileOf('back.png', 'image/png'));
    await within(section('ID card (back)')).findByText('Uploaded');
    await waitFor(() => expect((confirmButton() as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(confirmButton());
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Uploaded', { selector: '[role="status"]' })).toBeTruthy();
  });

  it("shows the server's upload failure on the file, and 'upload fail:' when the submit fails", async () => {
    stubImageSizes();
    stubUploads(({ fields }) =>
      fields.filename?.startsWith('id_emblem/')
        ? refusal(400, { code: 'upload_hash_error', message: 'Upload hash error' })
        : { status: 200, body: image(fields.filename ?? '') },
    );
    const { onClose } = await open(companyDetail(0, { name: '测试科技有限公司' }), {
      'PUT /v1/pms/company': refusal(409, { code: 'verify_in_review', message: 'Under review' }),
    });
    await userEvent.upload(fileInputOf('ID card (back)'), fileOf('back.png', 'image/png'));
    expect(await within(section('ID card (back)')).findByText('Upload hash error')).toBeTruthy();
    await userEvent.upload(fileInputOf('ID card (back)'), fileOf('back.png', 'image/png', 8));
    await userEvent.upload(fileInputOf('Business licence'), fileOf('a.png', 'image/png'));
    await userEvent.upload(fileInputOf('ID card (front)'), fileOf('b.png', 'image/png', 20));
    // The back side keeps failing: confirm stays disabled.
    await within(section('ID card (front)')).findByText('Uploaded');
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    stubUploads(({ fields }) => ({ status: 200, body: image(fields.filename ?? '') }));
    await userEvent.upload(fileInputOf('ID card (back)'), fileOf('back2.png', 'image/png', 9));
    await waitFor(() => expect((confirmButton() as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(confirmButton());
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Upload fail: Under review')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });
});
