import '@vap/ui/test-polyfills';
import { createHash } from 'node:crypto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY_PATHS, RESOURCE_PATHS, type Resource } from '@vap/contracts';
import { callsTo } from '@vap/kernel/testing';
import { message } from '@vap/ui';
import { renderConsolePage, rowAction } from '@vap/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';

afterEach(() => {
  cleanup();
  message.clear();
  vi.unstubAllGlobals();
});

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
const pageOf = (items: Resource[]) => ({ body: { items, total: items.length } });
const render = (answers = {}, options = {}) =>
  renderConsolePage(plugin, 'resource_management', { [LIST]: pageOf([own({ id: 3 })]), ...answers }, options);
const table = () => screen.findByRole('table', { name: en.title });
const rowOf = async (name: string) =>
  (await within(await table()).findByText(name)).closest('tr') as HTMLElement;

/** An XMLHttpRequest recording the object store's upload and answering it at once. */
function stubUploads(reply: { status: number; body: unknown }) {
  const sent: { url: string; headers: Record<string, string>; fields: Record<string, string> }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    readonly upload = { addEventListener: () => {} };
    readonly #on = new Map<string, () => void>();
    readonly #request = {
      url: '',
      headers: {} as Record<string, string>,
      fields: {} as Record<string, string>,
    };
    open(_method: string, url: string) {
      this.#request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.#request.headers[name] = value;
    }
    addEventListener(type: string, listener: () => void) {
      this.#on.set(type, listener);
    }
    abort() {}
    send(form: FormData) {
      for (const [name, value] of form.entries())
        if (typeof value === 'string') this.#request.fields[name] = value;
      sent.push(this.#request);
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.#on.get('load')?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
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

  it('uploads a file named by its md5 through the object store, then records it', async () => {
    const bytes = 'our own release notes';
    const md5 = createHash('md5').update(bytes).digest('hex');
    const path = `resource/1_${md5}.bin`;
    const sent = stubUploads({ status: 200, body: { path, url: '/signed' } });
    const { api } = await render({
      [`POST ${RESOURCE_PATHS.companyToken}`]: {
        body: { token: 'oss-token', url: `/webapi${COMPANY_PATHS.objectUpload}` },
      },
      [`POST ${RESOURCE_PATHS.company}`]: {
        status: 201,
        body: own({ id: 4, name: { 'zh-CN': 'Notes', en: 'Notes', 'zh-TW': 'Notes' } }),
      },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: en.upload }));
    const dialog = await screen.findByRole('dialog', { name: en.uploadTitle });
    fireEvent.change(within(dialog).getByLabelText(en.field.file), {
      target: { files: [new File([bytes], 'notes.txt')] },
    });
    await waitFor(() =>
      expect((within(dialog).getByLabelText(en.field.name) as HTMLInputElement).value).toBe('notes'),
    );
    await userEvent.clear(within(dialog).getByLabelText(en.field.name));
    await userEvent.type(within(dialog).getByLabelText(en.field.name), 'Notes');
    await userEvent.type(within(dialog).getByLabelText(en.field.version), '5.1');
    await userEvent.type(within(dialog).getByLabelText(en.field.models), 'IPC-300， IPC-200, IPC-300');
    await userEvent.click(within(dialog).getByRole('button', { name: en.upload }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.company)).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', RESOURCE_PATHS.companyToken)[0]?.body).toEqual({
      name: path,
      size: bytes.length,
    });
    expect(sent[0]).toMatchObject({
      headers: { Authorization: 'VAP-OSS oss-token' },
      fields: { filename: path },
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

  it("shows the store's 'upload hash error' and records nothing", async () => {
    stubUploads({
      status: 400,
      body: {
        code: 'upload_hash_error',
        message: 'Upload hash error: the file content does not match its name',
      },
    });
    const { api } = await render({
      [`POST ${RESOURCE_PATHS.companyToken}`]: {
        body: { token: 'oss-token', url: `/webapi${COMPANY_PATHS.objectUpload}` },
      },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: en.upload }));
    const dialog = await screen.findByRole('dialog', { name: en.uploadTitle });
    fireEvent.change(within(dialog).getByLabelText(en.field.file), {
      target: { files: [new File(['x'], 'x.bin')] },
    });
    await userEvent.type(within(dialog).getByLabelText(en.field.version), '1');
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
    fireEvent.change(within(dialog).getByLabelText(en.field.file), { target: { files: [big] } });
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
