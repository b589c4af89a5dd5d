import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { definePlugin, page, whenProductEnabled } from './plugin.js';
import { Permitted, preloadPage } from './react/page.js';
import { createServiceRef, service } from './services.js';
import { API_PATHS } from './session.js';
import { createTestKernel, renderPluginPage, testMenuItem, testToken, testUser } from './testing.js';

afterEach(cleanup);

function Toolbar() {
  return (
    <div>
      <Permitted button="add">
        <button type="button">add</button>
      </Permitted>
      <Permitted button="delete">
        <button type="button">delete</button>
      </Permitted>
    </div>
  );
}

function Broken(): never {
  throw new Error('boom');
}

const plugin = definePlugin({
  id: 'devices',
  kernel: '^2',
  pages: [
    page('device_maintenance', async () => ({ default: Toolbar }), { buttons: ['add', 'delete'] }),
    page('device_verify', async () => ({ default: Broken })),
  ],
});

const cloud = definePlugin({
  id: 'cbs',
  kernel: '^2',
  activation: whenProductEnabled('cbs'),
  pages: [page('cbs_dashboard', async () => ({ default: Toolbar }))],
});

describe('@vap/kernel/testing renderPluginPage', () => {
  it('renders a page with the buttons its role allows (spec §6)', async () => {
    await renderPluginPage(plugin, 'device_maintenance', { roleId: 5, buttons: ['add'] });
    expect(await screen.findByRole('button', { name: 'add' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'delete' })).toBeNull();
  });

  it('renders every button for the owner', async () => {
    await renderPluginPage(plugin, 'device_maintenance');
    expect(await screen.findByRole('button', { name: 'delete' })).toBeTruthy();
  });

  it('keeps a broken page inside its error boundary', async () => {
    const errors = console.error;
    console.error = () => {};
    try {
      await renderPluginPage(plugin, 'device_verify');
      expect((await screen.findByRole('alert')).textContent).toBe('page failed: boom');
    } finally {
      console.error = errors;
    }
  });

  it('refuses a page whose plugin the product flags switch off', async () => {
    // The test user's menu holds this page alone, so with it switched off they can open no page:
    // the no-access case of spec §4.1, not an empty shell.
    await expect(renderPluginPage(cloud, 'cbs_dashboard', { products: { cbs: 1 } })).rejects.toThrow(
      /no access/,
    );
    await renderPluginPage(cloud, 'cbs_dashboard', { products: { cbs: 0 } });
    expect(await screen.findByRole('button', { name: 'add' })).toBeTruthy();
  });
});

describe('preloadPage', () => {
  it('a preloaded page renders at once, without a loading state', async () => {
    const Ready = () => <p>ready</p>;
    const loader = async () => ({ default: Ready });
    const preloaded = definePlugin({ id: 'ready', kernel: '^2', pages: [page('ready_page', loader)] });
    await preloadPage(loader);
    await renderPluginPage(preloaded, 'ready_page');
    // No findBy: the first commit already holds the page.
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });
});

describe("a plugin's services follow its product flag", () => {
  const VoipApi = createServiceRef<{ line: number }>('voip.api');
  let lines = 0;
  const voip = definePlugin({
    id: 'voip',
    kernel: '^2',
    activation: whenProductEnabled('voip'),
    services: [service(VoipApi, () => ({ line: ++lines }))],
  });
  const company = testUser().company;
  const menus = [testMenuItem({ id: 1, name: 'dashboard', type: 'page', sort: 1 })];
  const withVoip = (flag: number) =>
    testUser({ menus, company: company && { ...company, products: { ...company.products, voip: flag } } });

  it('resolve while the company has the product, are unloaded when it is off, and come back fresh', async () => {
    const { kernel, api } = await createTestKernel({ plugins: [voip], user: withVoip(0) });
    const first = kernel.services.get(VoipApi);
    api.answers = { ...api.answers, [`GET ${API_PATHS.userInfo}`]: { body: withVoip(1) } };
    await kernel.session.signIn(testToken());
    expect(() => kernel.services.get(VoipApi)).toThrow('belongs to plugin "voip", which is not active');
    api.answers = { ...api.answers, [`GET ${API_PATHS.userInfo}`]: { body: withVoip(0) } };
    await kernel.session.signIn(testToken());
    const again = kernel.services.get(VoipApi);
    expect(again).not.toBe(first);
    expect(again.line).toBe(first.line + 1);
  });
});
