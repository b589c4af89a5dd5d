import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGUE_PATH, TOKEN_STORAGE_KEY } from '@vap/contracts';
import { type FakeApi, refusal, testToken, testUser } from '@vap/kernel/testing';
import { confirm } from '@vap/ui';
import { describe, expect, it } from 'vitest';
import { item, menus, owner, renderConsole, renderConsoleOnStart } from './test-support.js';

describe('console routes (spec §2.1, §2.3, §4.1)', () => {
  it('without a token, a console address leads to /login with the wanted address as redirect', async () => {
    const { router } = await renderConsole('/planned/alpha?page=2', null);
    await screen.findByRole('form', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/planned/alpha?page=2');
  });

  it('the redirect helper is public: signed out, it re-opens its address, which asks for a session only if it needs one', async () => {
    const opened = await renderConsole('/redirect/official?file=3', null);
    expect(
      await screen.findByText('Ask your administrator for a link to this page, or sign in.'),
    ).toBeTruthy();
    expect(`${opened.router.state.location.pathname}${opened.router.state.location.search}`).toBe(
      '/official?file=3',
    );
    cleanup();
    const { router } = await renderConsole('/redirect/planned/alpha?page=2', null);
    await screen.findByRole('form', { name: 'Sign in' });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/planned/alpha?page=2');
  });

  it('/ goes to /login, and a signed-in visit to /login goes to /dashboard', async () => {
    const { router } = await renderConsole('/');
    await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a user without a company never enters the shell: any address shows the company completion of /login', async () => {
    const detached = testUser({ role_id: null, company: null, menus: {} });
    const { router } = await renderConsole('/planned/alpha?page=2', detached);
    await screen.findByRole('heading', { name: 'Your account has no company yet' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/planned/alpha?page=2');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'User menu' })).toBeNull();
  });

  it('creating a company in the completion lands the new owner in the shell, at the address they wanted', async () => {
    let api: FakeApi | undefined;
    const detached = testUser({ role_id: null, company: null, menus: {} });
    ({ api } = await renderConsole('/dashboard', detached, {
      'POST /v1/pms/user/companies': () => {
        if (api) api.answers['GET /v1/pms/user'] = { body: owner };
        return { status: 201, body: { id: 1 } };
      },
    }));
    await userEvent.type(
      await screen.findByLabelText('Company name', { selector: 'input' }),
      '演示科技有限公司',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' });
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('/index goes to the first available page and unknown addresses go to /index', async () => {
    const { router } = await renderConsole('/no/such/page');
    await screen.findByText('This page is coming soon');
    expect(router.state.location.pathname).toBe('/planned/alpha');
  });

  it('the sidebar shows the company name when the title is empty, and the permitted tree', async () => {
    await renderConsole('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByText('演示科技有限公司')).toBeTruthy();
    const nav = within(sidebar).getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('button', { name: 'Planned area' })).toBeTruthy();
    expect(within(nav).queryByText('MQTT broker')).toBeNull();
    const docs = within(nav).getByRole('link', { name: 'Developer docs', hidden: true });
    expect(docs.getAttribute('target')).toBe('_blank');
  });

  it('a page of a plugin not built yet says "coming soon", titled by its menu entry', async () => {
    await renderConsole('/planned/alpha');
    expect(await screen.findByText('This page is coming soon')).toBeTruthy();
    expect(document.title).toBe('Alpha page - VAP Console');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(breadcrumb).getByText('Alpha page').getAttribute('aria-current')).toBe('page');
  });

  it('every visited page opens a tab after the pinned dashboard, and a refresh keeps the page', async () => {
    const { kernel, router } = await renderConsole('/planned/alpha?page=2');
    await screen.findByText('This page is coming soon');
    expect(kernel.tabs.state.views.map((view) => view.fullPath)).toEqual([
      '/dashboard',
      '/planned/alpha?page=2',
    ]);
    const target = kernel.tabs.refresh('/planned/alpha');
    await act(() => router.navigate(target ?? ''));
    await screen.findByText('This page is coming soon');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/planned/alpha?page=2');
  });

  it('navigation by name to a page the role lacks shows "not permitted"', async () => {
    const { kernel } = await renderConsole('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' });
    act(() => kernel.bus.emit('navigation.notPermitted', { name: 'system_role' }));
    expect(await screen.findByText('You are not permitted to open this page')).toBeTruthy();
  });

  it('the address of a page the role lacks says "not permitted" in place; an address of no page goes to /index', async () => {
    const catalogue = {
      [`GET ${CATALOGUE_PATH}`]: {
        body: {
          pages: [
            { name: 'planned_alpha', path: '/planned/alpha' },
            { name: 'system_role', path: '/system/role' },
          ],
        },
      },
    };
    const { router } = await renderConsole('/system/role/', { ...owner, role_id: 3 }, catalogue);
    expect(
      await screen.findByRole('heading', { name: 'You are not permitted to open this page' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/system/role/');
    expect(document.title).toBe('You are not permitted to open this page - VAP Console');
    await act(() => router.navigate('/no/such/page'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planned/alpha'));
  });

  it('the user menu lists AccessKey for the owner only (a plugin contribution)', async () => {
    await renderConsole('/dashboard');
    await userEvent.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByRole('menuitem', { name: 'AccessKey' })).toBeTruthy();
    cleanup();
    await renderConsole('/dashboard', { ...owner, role_id: 3 });
    await userEvent.click(await screen.findByTestId('user-menu'));
    await screen.findByRole('menuitem', { name: 'Log out' });
    expect(screen.queryByRole('menuitem', { name: 'AccessKey' })).toBeNull();
  });

  it("the user menu's entries of other plugins fetch those plugins' strings as the menu is reached, not with every page", async () => {
    const { kernel } = await renderConsole('/dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(kernel.i18n.instance.hasLoadedNamespace('system')).toBe(false);
    await userEvent.hover(screen.getByTestId('user-menu'));
    await waitFor(() => expect(kernel.i18n.instance.hasLoadedNamespace('system')).toBe(true));
    await userEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByRole('menuitem', { name: 'AccessKey' })).toBeTruthy();
  });

  it('the share page is titled as resource download (spec §2.3)', async () => {
    await renderConsole('/sharePage', null);
    await screen.findByText('Invalid link');
    // The title's string is in the shell strings, which a public page loads when it first asks.
    await waitFor(() => expect(document.title).toBe('Resource download - VAP Console'));
  });

  it('a product detail page is titled by its name query parameter', async () => {
    const algmall = item({
      id: 20,
      name: 'algmall',
      type: 'dir',
      path: 'algmall',
      children: [
        item({ id: 21, parent_id: 20, name: 'algmall_product_detail', type: 'page', path: 'detail' }),
      ],
    });
    // Product 1 is unknown to this fake server (404): the page says so, titled all the same.
    await renderConsole('/algmall/detail?id=1&name=Face%20detection', {
      ...owner,
      menus: [...menus, algmall],
    });
    await screen.findByRole('heading', { name: 'This product does not exist' });
    expect(document.title).toBe('Face detection - VAP Console');
  });

  it('reloading the session (e.g. after a profile change) keeps the shell and its page mounted', async () => {
    const { kernel } = await renderConsole('/dashboard');
    const heading = await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' });
    await act(() => kernel.session.reload());
    expect(screen.getByRole('heading', { name: 'Welcome back, 演示管理员' })).toBe(heading);
  });

  it("a failed call shows the server's message", async () => {
    const { kernel } = await renderConsole('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' });
    kernel.http.get('/v1/nothing').catch(() => undefined);
    expect(await screen.findByText('No test answer for GET /v1/nothing')).toBeTruthy();
  });

  it('logout revokes the session and goes to /login?redirect={fullPath}', async () => {
    const { router, api, kernel } = await renderConsole('/planned/alpha?tab=2');
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await screen.findByRole('form', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/planned/alpha?tab=2');
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/v1/pms/user/logout')).toBe(
      true,
    );
    expect(kernel.session.state.user).toBeNull();
  });

  it('every spec public route is a built plugin’s page, none "coming soon"', async () => {
    for (const [path, heading] of [
      ['/protocol', 'VAP Console Service Agreement'],
      ['/ipcfile', 'Camera quick-start guide'],
      ['/official', 'Resource download'],
    ] as const) {
      await renderConsole(path, null);
      expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
      expect(screen.queryByText('This page is coming soon')).toBeNull();
      cleanup();
    }
  });

  it('switching the language re-renders the sidebar and the title at once', async () => {
    const { kernel } = await renderConsole('/planned/alpha');
    await screen.findByText('This page is coming soon');
    await act(() => kernel.setLanguage('zh-CN'));
    expect(await screen.findByRole('button', { name: '规划区域' })).toBeTruthy();
    expect(document.title).toBe('甲页面 - VAP 管理控制台');
  });

  it('an unreadable stored token is dropped and the user signs in again', async () => {
    localStorage.setItem('vap_web_token', testToken(-3600));
    const { router } = await renderConsole('/dashboard', null);
    await screen.findByRole('form', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('confirm() asked anywhere opens over the console, its dialog code loaded on demand', async () => {
    await renderConsole('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: 'Unbind the camera?' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Unbind the camera?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a 401 to a signed-in call asks the user to sign in again (spec §8)', async () => {
    const { kernel } = await renderConsole('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' });
    act(() => kernel.bus.emit('session.expired', { message: 'Please sign in again' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Identity authentication expired' });
    expect(within(dialog).getByText('Please sign in again')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeTruthy();
  });
});

describe('the console’s start (spec §4.1, §8)', () => {
  it('a 502 while the session loads keeps the user signed in and shows why; Retry, by keyboard, lands in the shell', async () => {
    let failures = 1;
    const { router } = await renderConsoleOnStart('/dashboard', {
      'GET /v1/pms/user': () =>
        failures-- > 0
          ? refusal(502, { code: 'bad_gateway', message: 'Upstream unavailable' })
          : { body: owner },
    });
    expect(await screen.findByRole('heading', { name: 'Your account could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Upstream unavailable')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retry' }));
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a network failure while the session loads shows the network message, still signed in', async () => {
    await renderConsoleOnStart('/dashboard', {
      'GET /v1/pms/user': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await screen.findByRole('heading', { name: 'Your account could not be loaded' });
    expect(screen.getByText('Network error: check your connection')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it('a 401 while the session loads signs the user out and asks them to sign in again', async () => {
    const { router } = await renderConsoleOnStart('/dashboard', {
      'GET /v1/pms/user': refusal(401, { code: 'token_expired', message: 'expired' }),
    });
    await screen.findByRole('alertdialog', { name: 'Identity authentication expired' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a role whose menus grant no page it can open gets the no-access warning and signs in again', async () => {
    const cloudOnly = testUser({
      menus: [item({ id: 300, name: 'cloud', type: 'dir', path: 'cloud' })],
    });
    const { router } = await renderConsoleOnStart('/dashboard', { 'GET /v1/pms/user': { body: cloudOnly } });
    expect(
      await screen.findByText('This account has no menu access. Please contact your administrator.'),
    ).toBeTruthy();
    await screen.findByRole('form', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
