import '@vap/ui/test-polyfills';
import { createHash } from 'node:crypto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY_PATHS, RESOURCE_PATHS, type Resource } from '@vap/contracts';
import { callsTo, pageOf } from '@vap/kernel/testing';
import { fakeXhr, findRow, renderConsolePage, rowAction, type XhrReply } from '@vap/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';

const LIST = `GET ${RESOURCE_PATHS.company}`;
const own = (partial: Partial<Resource> & Pick<Resource, 'id'>): Resource => ({
  owner: 'company',
  category: 'firmware',
  name: { 'zh-CN': 'Release notes', en: 'Release notes', 'zh-TW': 'Release notes' },
  description: { 'zh-CN': '', en: '', 'zh-TW': '' },
  version: '5.0',
  models: ['IPC-300'],
  file_name: 'notes.txt',
  size: 40,
  md5: 'f'.repeat(32),
  downloads: 0,
  updated_at: '2026-11-20T08:00:00.000Z',
  ...partial,
});
const render = (answers = {}, options = {}) =>
  renderConsolePage(plugin, 'resource_management', { [LIST]: pageOf([own({ id: 3 })]), ...answers }, options);
const table = () => screen.findByRole('table', { name: en.title });
const rowOf = (name: string) => findRow(en.title, name);

/** What the fake bucket does with a part PUT: answers it with an ETag, drops the connection, or waits. */
type PartFate = 'store' | 'drop' | 'hang';

/**
 * An XMLHttpRequest standing for the signed part URLs of the object store (uploadInParts PUTs each
 * part with it, for its progress): records each PUT's URL and size and does to it what `fate` says.
 */
function stubPartPuts(fate: (url: string) => PartFate = () => 'store') {
  const { FakeXhr, sent } = fakeXhr(({ url }): XhrReply | Promise<XhrReply> => {
    const what = fate(url);
    if (what === 'hang') return new Promise(() => {});
    if (what === 'drop') return 'drop';
    return { status: 200, headers: { ETag: `"etag-${url.length}"` } };
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const UPLOADS = COMPANY_PATHS.partUploads;
const partUrl = (id: string, number: number) =>
  `/webapi${COMPANY_PATHS.uploadPart.replace(':id', id).replace(':number', String(number))}?e=1&s=x`;
/** The store's answer to a start: parts of `partSize` bytes, those in `done` already received. */
const started = (id: string, count: number, partSize: number, done: number[] = []) => ({
  body: {
    id,
    part_size: partSize,
    part_count: count,
    done,
    parts: Array.from({ length: count }, (_, index) => index + 1)
      .filter((number) => !done.includes(number))
      .map((number) => ({ number, url: partUrl(id, number) })),
  },
});

/** Opens the upload dialog and fills it for `file`. */
async function fillUpload(file: File) {
  await table();
  await userEvent.click(screen.getByRole('button', { name: en.upload }));
  const dialog = await screen.findByRole('dialog', { name: en.uploadTitle });
  fireEvent.change(within(dialog).getByTestId('resource-file'), { target: { files: [file] } });
  await waitFor(() => expect(within(dialog).getByText(new RegExp(file.name))).toBeTruthy());
  await userEvent.type(within(dialog).getByLabelText(en.field.version), '5.1');
  return dialog;
}

describe('resource_management (spec §2.3, rsrc_mgt; issue 32)', () => {
  it('is active only for a company whose product flag rsrc_mgt is 0', () => {
    expect(plugin.activation?.({ products: { cbs: 1, lvlm_lab: 1, rsrc_mgt: 0, voip: 1 } } as never)).toBe(
      true,
    );
    expect(plugin.activation?.({ products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 1, voip: 0 } } as never)).toBe(
      false,
    );
  });

  it('lists the company’s own resources, and says so when there are none', async () => {
    await render();
    expect(within(await rowOf('Release notes')).getByText('notes.txt')).toBeTruthy();
    cleanup();
    await render({ [LIST]: pageOf([]) });
    expect(await screen.findByText(en.empty)).toBeTruthy();
  });

  it('uploads a file named by its md5 in parts through the object store, then records it', async () => {
    const bytes = 'our own release notes';
    const md5 = createHash('md5').update(bytes).digest('hex');
    const path = `resource/1_${md5}.bin`;
    const sent = stubPartPuts();
    const { api } = await render({
      [`POST ${RESOURCE_PATHS.companyToken}`]: {
        body: { token: 'oss-token', url: `/webapi${COMPANY_PATHS.objectUpload}` },
      },
      [`POST ${UPLOADS}`]: started('u1', 3, 8),
      [`POST ${UPLOADS}/u1/parts/1`]: { status: 204 },
      [`POST ${UPLOADS}/u1/parts/2`]: { status: 204 },
      [`POST ${UPLOADS}/u1/parts/3`]: { status: 204 },
      [`POST ${UPLOADS}/u1/complete`]: { body: { path, url: '/signed' } },
      [`POST ${RESOURCE_PATHS.company}`]: {
        status: 201,
        body: own({ id: 4, name: { 'zh-CN': 'Notes', en: 'Notes', 'zh-TW': 'Notes' } }),
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await fillUpload(new File([bytes], 'notes.txt'));
    expect((within(dialog).getByLabelText(en.field.name) as HTMLInputElement).value).toBe('notes');
    await userEvent.clear(within(dialog).getByLabelText(en.field.name));
    await userEvent.type(within(dialog).getByLabelText(en.field.name), 'Notes');
    await userEvent.type(within(dialog).getByLabelText(en.field.models), 'IPC-300， IPC-200, IPC-300');
    await userEvent.click(within(dialog).getByRole('button', { name: en.upload }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.company)).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.companyToken)[0]?.body).toEqual({
      name: path,
      size: bytes.length,
    });
    expect(callsTo(api.calls, 'POST', UPLOADS)[0]?.headers.get('authorization')).toBe('VAP-OSS oss-token');
    // 21 bytes in parts of 8, each PUT to its own signed URL and reported with its ETag.
    expect(sent.map((put) => [put.url, put.size]).sort()).toEqual([
      [partUrl('u1', 1), 8],
      [partUrl('u1', 2), 8],
      [partUrl('u1', 3), 5],
    ]);
    expect(callsTo(api.calls, 'POST', `${UPLOADS}/u1/parts/3`)[0]?.body).toEqual({
      etag: expect.any(String),
    });
    expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.company)[0]?.body).toEqual({
      category: 'tool',
      name: 'Notes',
      description: '',
      version: '5.1',
      models: ['IPC-300', 'IPC-200'],
      path,
      file_name: 'notes.txt',
    });
    expect(await screen.findByText('Notes uploaded')).toBeTruthy();
  });

  it('resumes an upload whose connection dropped without sending its finished parts again', async () => {
    const bytes = 'sixteen bytes!!!';
    const path = `resource/1_${createHash('md5').update(bytes).digest('hex')}.bin`;
    let dropping = true;
    const sent = stubPartPuts((url) => (dropping && url.includes('/parts/2') ? 'drop' : 'store'));
    let starts = 0;
    const { api } = await render({
      [`POST ${RESOURCE_PATHS.companyToken}`]: { body: { token: 'oss-token', url: '/x' } },
      // The server remembers the part that arrived: the second start asks only for the other.
      [`POST ${UPLOADS}`]: () => (++starts === 1 ? started('u2', 2, 8) : started('u2', 2, 8, [1])),
      [`POST ${UPLOADS}/u2/parts/1`]: { status: 204 },
      [`POST ${UPLOADS}/u2/parts/2`]: { status: 204 },
      [`POST ${UPLOADS}/u2/complete`]: { body: { path, url: '/signed' } },
      [`POST ${RESOURCE_PATHS.company}`]: { status: 201, body: own({ id: 5 }) },
    });
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await fillUpload(new File([bytes], 'notes.bin'));
    await userEvent.click(within(dialog).getByRole('button', { name: en.upload }));
    expect(await within(dialog).findByText(en.phase.failed)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.company)).toHaveLength(0);
    // The connection is back: the same button, now "resume", sends what is missing.
    dropping = false;
    const before = sent.length;
    await userEvent.click(within(dialog).getByRole('button', { name: en.resume }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.company)).toHaveLength(1));
    expect(sent.slice(before).map((put) => put.url)).toEqual([partUrl('u2', 2)]);
    expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.company)[0]?.body).toMatchObject({ path });
  });

  it('cancels an upload under way: the store forgets it and nothing is recorded', async () => {
    stubPartPuts(() => 'hang');
    const { api } = await render({
      [`POST ${RESOURCE_PATHS.companyToken}`]: { body: { token: 'oss-token', url: '/x' } },
      [`POST ${UPLOADS}`]: started('u3', 1, 8),
      [`DELETE ${UPLOADS}/u3`]: { status: 204 },
    });
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await fillUpload(new File(['abc'], 'abc.bin'));
    await userEvent.click(within(dialog).getByRole('button', { name: en.upload }));
    expect(await within(dialog).findByRole('progressbar', { name: en.phase.progress })).toBeTruthy();
    await userEvent.click(await within(dialog).findByRole('button', { name: en.phase.cancel }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', `${UPLOADS}/u3`)).toHaveLength(1));
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).getByRole('button', { name: en.upload })).toBeTruthy();
    expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.company)).toHaveLength(0);
  });

  it("shows the store's 'upload hash error' and records nothing", async () => {
    stubPartPuts();
    const { api } = await render({
      [`POST ${RESOURCE_PATHS.companyToken}`]: { body: { token: 'oss-token', url: '/x' } },
      [`POST ${UPLOADS}`]: started('u4', 1, 8),
      [`POST ${UPLOADS}/u4/parts/1`]: { status: 204 },
      [`POST ${UPLOADS}/u4/complete`]: {
        status: 400,
        body: {
          code: 'upload_hash_error',
          message: 'Upload hash error: the file content does not match its name',
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const dialog = await fillUpload(new File(['x'], 'x.bin'));
    await userEvent.click(within(dialog).getByRole('button', { name: en.upload }));
    expect(
      await within(dialog).findByText('Upload hash error: the file content does not match its name'),
    ).toBeTruthy();
    expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.company)).toHaveLength(0);
  });

  it("refuses a file over 100 MB as 'file too large' before anything is sent", async () => {
    const { api } = await render();
    await table();
    await userEvent.click(screen.getByRole('button', { name: en.upload }));
    const dialog = await screen.findByRole('dialog', { name: en.uploadTitle });
    const big = new File(['x'], 'big.bin');
    Object.defineProperty(big, 'size', { value: 100 * 1024 * 1024 + 1 });
    fireEvent.change(within(dialog).getByTestId('resource-file'), { target: { files: [big] } });
    expect(await within(dialog).findByText(en.field.fileTooLarge)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.companyToken)).toHaveLength(0);
  });

  it('edits and deletes (asked first) with the role’s buttons, and hides what the role lacks', async () => {
    const { api } = await render(
      {
        [`PUT ${RESOURCE_PATHS.companyResource(3)}`]: { body: own({ id: 3, version: '5.0.1' }) },
        [`DELETE ${RESOURCE_PATHS.companyResource(3)}`]: { status: 204 },
      },
      { roleId: 3, buttons: ['edit', 'delete'] },
    );
    expect(screen.queryByRole('button', { name: en.upload })).toBeNull();
    await userEvent.click(await rowAction(await rowOf('Release notes'), en.edit));
    const dialog = await screen.findByRole('dialog');
    const version = within(dialog).getByLabelText(en.field.version);
    await userEvent.clear(version);
    await userEvent.type(version, '5.0.1');
    await userEvent.click(within(dialog).getByRole('button', { name: en.save }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'PUT', RESOURCE_PATHS.companyResource(3))[0]?.body).toMatchObject({
        version: '5.0.1',
        models: ['IPC-300'],
      }),
    );
    await userEvent.click(await rowAction(await rowOf('Release notes'), en.delete));
    const ask = await screen.findByRole('alertdialog');
    await userEvent.click(within(ask).getByRole('button', { name: en.delete }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'DELETE', RESOURCE_PATHS.companyResource(3))).toHaveLength(1),
    );
    cleanup();
    await render({}, { roleId: 3, buttons: [] });
    const row = await rowOf('Release notes');
    expect(within(row).queryByRole('button', { name: en.edit })).toBeNull();
  });
});
