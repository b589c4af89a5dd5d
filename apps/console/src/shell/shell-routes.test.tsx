import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuItem } from '@vap/contracts';
import { definePlugin, page, useLeaveGuard } from '@vap/kernel';
import { KernelProvider } from '@vap/kernel/host';
import { createTestKernel, testUser } from '@vap/kernel/testing';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sharedMessages } from '../messages.js';
import { ShellRoutes } from './shell-routes.js';

function Counter({ label, guarded = false }: { label: string; guarded?: boolean }) {
  const [count, setCount] = useState(0);
  // A guarded counter holds unsaved work once counted.
  useLeaveGuard(guarded && count > 0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** A kept page that shows the address it sees. */
function DesignCounter() {
  const name = new URLSearchParams(useLocation().search).get('name');
  return <Counter label={`design ${name}`} guarded />;
}

const plugin = definePlugin({
  id: 'tools',
  kernel: '^2',
  pages: [
    page('mqtt_debug_tool', async () => ({ default: () => <Counter label="debug" /> }), { keepAlive: true }),
    page('mqtt_log', async () => ({ default: () => <Counter label="log" /> })),
    page('adpkg_design', async () => ({ default: DesignCounter }), { keepAlive: true }),
  ],
});

const item = (id: number, name: string, type: MenuItem['type'], path: string, children: MenuItem[] = []) => ({
  id,
  parent_id: 0,
  name,
  type,
  path,
  title: name,
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort: id,
  children,
});
const menus: MenuItem[] = [
  item(1, 'mqtt', 'dir', 'mqtt', [
    item(2, 'mqtt_debug_tool', 'page', 'debug'),
    item(3, 'mqtt_log', 'page', 'log'),
  ]),
  item(4, 'media', 'dir', 'media', [item(5, 'adpkg_design', 'page', 'design')]),
];

async function renderShellRoutes() {
  const { kernel } = await createTestKernel({
    plugins: [plugin],
    messages: sharedMessages,
    user: testUser({ menus }),
    mqttVersion: { main_version: '5', api_version: '1', metrics_api_version: '1', unix_milli: 0 },
  });
  const routes = kernel.session.state.routes;
  if (!routes) throw new Error('no routes');
  const router = createMemoryRouter([{ path: '*', element: <ShellRoutes routes={routes} /> }], {
    initialEntries: ['/mqtt/debug'],
  });
  render(
    <KernelProvider kernel={kernel}>
      <RouterProvider router={router} />
    </KernelProvider>,
  );
  return { kernel, router };
}

describe('kept-alive pages (spec §2.3 "state kept")', () => {
  it('keep their state while another tab shows, and lose it when their tab closes', async () => {
    const { kernel, router } = await renderShellRoutes();
    await userEvent.click(await screen.findByRole('button', { name: 'debug 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'debug 1' }));

    await act(() => router.navigate('/mqtt/log'));
    await screen.findByRole('button', { name: 'log 0' });
    expect(screen.queryByRole('button', { name: 'debug 2' })).toBeNull();

    await act(() => router.navigate('/mqtt/debug'));
    expect(await screen.findByRole('button', { name: 'debug 2' })).toBeTruthy();

    await act(() => router.navigate('/mqtt/log'));
    act(() => {
      kernel.tabs.close('/mqtt/debug');
    });
    await act(() => router.navigate('/mqtt/debug'));
    expect(await screen.findByRole('button', { name: 'debug 0' })).toBeTruthy();
  });

  it('a tab refresh starts the kept page afresh', async () => {
    const { kernel, router } = await renderShellRoutes();
    await userEvent.click(await screen.findByRole('button', { name: 'debug 0' }));
    const target = kernel.tabs.refresh('/mqtt/debug');
    await act(() => router.navigate(target ?? ''));
    expect(await screen.findByRole('button', { name: 'debug 0' })).toBeTruthy();
  });

  it('one kept page opened with two names is two tabs, each keeping its own state and address', async () => {
    const { router } = await renderShellRoutes();
    await act(() => router.navigate('/media/design?name=A'));
    await userEvent.click(await screen.findByRole('button', { name: 'design A 0' }));
    await act(() => router.navigate('/media/design?name=B'));
    await userEvent.click(await screen.findByRole('button', { name: 'design B 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'design B 1' }));

    await act(() => router.navigate('/media/design?name=A'));
    expect(await screen.findByRole('button', { name: 'design A 1' })).toBeTruthy();
    await act(() => router.navigate('/media/design?name=B'));
    expect(await screen.findByRole('button', { name: 'design B 2' })).toBeTruthy();
  });

  it('pages that do not ask for it start afresh on every visit', async () => {
    const { router } = await renderShellRoutes();
    await act(() => router.navigate('/mqtt/log'));
    await userEvent.click(await screen.findByRole('button', { name: 'log 0' }));
    await act(() => router.navigate('/mqtt/debug'));
    await act(() => router.navigate('/mqtt/log'));
    expect(await screen.findByRole('button', { name: 'log 0' })).toBeTruthy();
  });

  it("a kept page's unsaved work is known while another tab shows, and forgotten when its tab closes", async () => {
    const { kernel, router } = await renderShellRoutes();
    await act(() => router.navigate('/media/design?name=A'));
    expect(kernel.tabs.unsaved()).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: 'design A 0' }));
    await act(() => router.navigate('/mqtt/log'));
    await screen.findByRole('button', { name: 'log 0' });
    expect(kernel.tabs.unsaved().map((view) => view.key)).toEqual(['/media/design?name=A']);
    expect(kernel.tabs.unsaved(['/mqtt/debug'])).toEqual([]);

    act(() => {
      kernel.tabs.close('/media/design?name=A');
    });
    await act(() => router.navigate('/media/design?name=A'));
    expect(await screen.findByRole('button', { name: 'design A 0' })).toBeTruthy();
    expect(kernel.tabs.unsaved()).toEqual([]);
  });
});
