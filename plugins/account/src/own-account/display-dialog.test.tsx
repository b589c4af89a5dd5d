/** Radix's switch measures itself: jsdom lacks ResizeObserver. */
import '@vap/ui/test-polyfills';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, refusal } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import DisplayDialog from './display-dialog.js';
import { fileOf, renderDialog, testUser } from './test-kit.js';

const owner = testUser();
const logoInput = () =>
  document.querySelector<HTMLInputElement>('[data-testid="logo-input"]') as HTMLInputElement;
const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('display settings dialog (spec §3 "Forms", §5.2, §8)', () => {
  it('shows the company name read-only, saves the title, reloads and says so', async () => {
    const { api, session } = await renderDialog(<DisplayDialog onClose={() => {}} />, owner, {
      'PUT /v1/pms/company': { status: 204 },
    });
    const name = (await screen.findByLabelText('Company name')) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect(name.value).toBe('测试科技有限公司');
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, '新标题');
    session.user = { ...owner, company: owner.company && { ...owner.company, title: '新标题' } };
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Display settings saved')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', '/v1/pms/company')[0]?.body).toEqual({ title: '新标题' });
  });

  it('refuses a logo over 1,048,576 bytes with the logo tip before sending anything', async () => {
    const { api } = await renderDialog(<DisplayDialog onClose={() => {}} />, owner, {
      'PUT /v1/pms/company': { status: 204 },
    });
    await screen.findByLabelText('Company name');
    await userEvent.upload(logoInput(), fileOf('big.png', 'image/png', 1_048_577));
    expect(await screen.findByText('The logo must be a JPEG or PNG image of at most 1M')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Logo preview' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(api.calls, 'PUT', '/v1/pms/company')).toHaveLength(1));
    expect(callsTo(api.calls, 'PUT', '/v1/pms/company')[0]?.body).not.toHaveProperty('logo');
  });

  it('refuses a logo that is no jpeg or png with the logo tip', async () => {
    await renderDialog(<DisplayDialog onClose={() => {}} />, owner);
    await screen.findByLabelText('Company name');
    await userEvent.upload(logoInput(), fileOf('logo.gif', 'image/gif', 100), { applyAccept: false });
    expect(await screen.findByText('The logo must be a JPEG or PNG image of at most 1M')).toBeTruthy();
  });

  it('previews a png logo and sends it as base64 without the data: prefix', async () => {
    const { api } = await renderDialog(<DisplayDialog onClose={() => {}} />, owner, {
      'PUT /v1/pms/company': { status: 204 },
    });
    await screen.findByLabelText('Company name');
    const png = new File([new Uint8Array([...PNG_BYTES, 1, 2, 3])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(logoInput(), png);
    const preview = (await screen.findByRole('img', { name: 'Logo preview' })) as HTMLImageElement;
    expect(preview.src).toMatch(/^data:image\/png;base64,/);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Display settings saved');
    const body = callsTo(api.calls, 'PUT', '/v1/pms/company')[0]?.body as { logo: string };
    expect(body.logo).toBe(btoa(String.fromCharCode(...PNG_BYTES, 1, 2, 3)));
  });

  it("shows 'display fail' with the server's message", async () => {
    await renderDialog(<DisplayDialog onClose={() => {}} />, owner, {
      'PUT /v1/pms/company': refusal(403, { code: 'forbidden', message: 'Not permitted' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save the display settings: Not permitted')).toBeTruthy();
  });

  it('turns a paid product off or on, sending only the flags changed, and reloads the session', async () => {
    const { api } = await renderDialog(<DisplayDialog onClose={() => {}} />, owner, {
      'PUT /v1/pms/company': { status: 204 },
    });
    const storage = await screen.findByRole('switch', { name: 'Cloud storage' });
    expect(storage.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(/not possible while packages run/)).toBeTruthy();
    await userEvent.click(storage);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Display settings saved');
    expect(callsTo(api.calls, 'PUT', '/v1/pms/company')[0]?.body).toEqual({
      title: 'VAP',
      products: { cbs: 1 },
    });
    expect(callsTo(api.calls, 'GET', '/v1/pms/user').length).toBeGreaterThan(1);
  });

  it('says why a product cannot be turned off while its packages run (spec §8)', async () => {
    await renderDialog(<DisplayDialog onClose={() => {}} />, owner, {
      'PUT /v1/pms/company': refusal(409, {
        code: 'resource_package_unused',
        message: 'Cannot close the service while a resource package is unused',
      }),
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Cloud storage' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Failed to save the display settings: Cannot close the service while a resource package is unused',
      ),
    ).toBeTruthy();
  });
});
