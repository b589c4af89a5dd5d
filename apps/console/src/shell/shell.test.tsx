import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from '../cookies.js';
import { item, menus, owner, renderConsole } from '../test-support.js';
import { reloadSettings, SETTINGS_STORAGE_KEY } from './settings.js';

/** jsdom has no layout: the media query answers what the test says the window is. */
function setWindowWidth(width: number) {
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
      return {
        matches: width <= max,
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      };
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  writeCookie('sidebarStatus', '', 0);
  writeCookie('size', '', 0);
  reloadSettings();
  setWindowWidth(1280);
});
const tabBar = () => screen.getByRole('navigation', { name: /^(Open pages|已打开的页面)$/ });
const tabNames = () =>
  within(tabBar())
    .getAllByRole('link')
    .map((link) => link.textContent);

// Two pages of areas still planned ("coming soon"), so that the tabs are tested without a plugin's data.
const withMedia = {
  ...owner,
  menus: [
    ...menus,
    item({
      id: 8,
      name: 'media',
      type: 'dir',
      path: 'media',
      children: [
        item({
          id: 9,
          parent_id: 8,
          name: 'planned_beta',
          type: 'page',
          path: 'beta',
          title: 'planned:menu.planned_beta',
        }),
      ],
    }),
  ],
};

async function openTwoPages() {
  const rendered = await renderConsole('/dashboard', withMedia);
  await screen.findByRole('heading', { name: /Welcome back/ });
  await act(() => rendered.router.navigate('/planned/alpha'));
  await screen.findByText('This page is coming soon');
  await act(() => rendered.router.navigate('/media/beta'));
  await screen.findByText('This page is coming soon');
  return rendered;
}

describe('tab bar (spec §2.4)', () => {
  it('shows the pinned dashboard first and every visited page, the current one marked', async () => {
    await openTwoPages();
    expect(tabNames()).toEqual(['Dashboard', 'Alpha page', 'Beta page']);
    expect(within(tabBar()).getByRole('link', { name: 'Beta page' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(tabBar()).queryByRole('button', { name: 'Close Dashboard' })).toBeNull();
  });

  it('closing the current tab goes to the last remaining one', async () => {
    const { router } = await openTwoPages();
    await userEvent.click(within(tabBar()).getByRole('button', { name: 'Close Beta page' }));
    expect(tabNames()).toEqual(['Dashboard', 'Alpha page']);
    expect(router.state.location.pathname).toBe('/planned/alpha');
  });

  it('closing a tab whose page holds unsaved work asks first, and stays when told to', async () => {
    const { kernel, router } = await openTwoPages();
    let unsaved = true;
    kernel.tabs.guard('/media/beta', () => unsaved);
    await userEvent.click(within(tabBar()).getByRole('button', { name: 'Close Beta page' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(asked.textContent).toContain('Beta page has changes that are not saved');
    await userEvent.click(within(asked).getByRole('button', { name: 'Stay' }));
    expect(tabNames()).toEqual(['Dashboard', 'Alpha page', 'Beta page']);

    await userEvent.click(within(tabBar()).getByRole('button', { name: 'Close Beta page' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() => expect(tabNames()).toEqual(['Dashboard', 'Alpha page']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planned/alpha'));

    unsaved = false;
    await act(() => router.navigate('/media/beta'));
    await userEvent.click(within(tabBar()).getByRole('button', { name: 'Close Beta page' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a middle click closes a tab, and does nothing to the pinned one', async () => {
    await openTwoPages();
    fireEvent(
      within(tabBar()).getByRole('link', { name: 'Alpha page' }),
      new MouseEvent('auxclick', { bubbles: true, button: 1 }),
    );
    expect(tabNames()).toEqual(['Dashboard', 'Beta page']);
    fireEvent(
      within(tabBar()).getByRole('link', { name: 'Dashboard' }),
      new MouseEvent('auxclick', { bubbles: true, button: 1 }),
    );
    expect(tabNames()).toEqual(['Dashboard', 'Beta page']);
  });

  it('Delete closes the focused tab', async () => {
    await openTwoPages();
    within(tabBar()).getByRole('link', { name: 'Alpha page' }).focus();
    await userEvent.keyboard('{Delete}');
    expect(tabNames()).toEqual(['Dashboard', 'Beta page']);
  });

  it('the right-click menu is 105 px wide and offers refresh, close, close others and close all', async () => {
    const { router } = await openTwoPages();
    fireEvent.contextMenu(within(tabBar()).getByRole('link', { name: 'Alpha page' }));
    const menu = await screen.findByRole('menu');
    expect(menu.style.width).toBe('105px');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Refresh', 'Close', 'Close others', 'Close all']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Close others' }));
    expect(tabNames()).toEqual(['Dashboard', 'Alpha page']);
    expect(router.state.location.pathname).toBe('/planned/alpha');

    fireEvent.contextMenu(within(tabBar()).getByRole('link', { name: 'Alpha page' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Close all' }));
    expect(tabNames()).toEqual(['Dashboard']);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('the pinned tab cannot be closed from its menu', async () => {
    await openTwoPages();
    fireEvent.contextMenu(within(tabBar()).getByRole('link', { name: 'Dashboard' }));
    const close = await screen.findByRole('menuitem', { name: 'Close' });
    expect(close.getAttribute('aria-disabled')).toBe('true');
  });

  it('refresh reloads the page behind the tab and stays on it', async () => {
    const { router, kernel } = await openTwoPages();
    const refreshed = vi.fn();
    kernel.bus.subscribe('tabs.refresh', refreshed);
    fireEvent.contextMenu(within(tabBar()).getByRole('link', { name: 'Beta page' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Refresh' }));
    await screen.findByText('This page is coming soon');
    expect(refreshed).toHaveBeenCalledWith({ key: '/media/beta', name: 'planned_beta' });
    expect(router.state.location.pathname).toBe('/media/beta');
  });

  it('tab titles switch language at once', async () => {
    const { kernel } = await openTwoPages();
    await act(() => kernel.setLanguage('zh-CN'));
    expect(tabNames()).toEqual(['首页', '甲页面', '乙页面']);
  });
});

describe('layout settings (spec §9)', () => {
  it('start as the spec says: tabs shown, header not fixed, sidebar logo shown, settings button shown', async () => {
    await renderConsole('/dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(screen.getByRole('navigation', { name: 'Open pages' })).toBeTruthy();
    expect(screen.getByTestId('shell-header').className).not.toContain('sticky');
    expect(within(screen.getByTestId('sidebar')).getByText('演示科技有限公司')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open layout settings' })).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--vap-primary')).not.toBe('#722ed1');
  });

  it('apply at once and are remembered: tabs, fixed header, logo, theme colour, size', async () => {
    await renderConsole('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Open layout settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Layout settings' });
    await userEvent.click(within(panel).getByRole('switch', { name: 'Show tabs' }));
    await userEvent.click(within(panel).getByRole('switch', { name: 'Fixed header' }));
    await userEvent.click(within(panel).getByRole('switch', { name: 'Sidebar logo' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Use #722ed1' }));
    await userEvent.selectOptions(within(panel).getByLabelText('Control size'), 'small');
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('navigation', { name: 'Open pages' })).toBeNull();
    expect(screen.getByTestId('shell-header').className).toContain('sticky');
    expect(within(screen.getByTestId('sidebar')).queryByText('演示科技有限公司')).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--vap-primary')).toBe('#722ed1');
    expect(document.cookie).toContain('size=small');
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toEqual({
      theme: '#722ed1',
      showSettings: true,
      tagsView: false,
      fixedHeader: true,
      sidebarLogo: false,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Open layout settings' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Restore defaults' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('navigation', { name: 'Open pages' })).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--vap-primary')).toBe('#1890ff');
  });

  it('unreadable stored settings fall back to the defaults', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"theme":"red; background:url(x)","tagsView":"yes"');
    reloadSettings();
    await renderConsole('/dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(screen.getByRole('navigation', { name: 'Open pages' })).toBeTruthy();
  });

  it('without the settings button, the panel still opens from the user menu', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"showSettings":false}');
    reloadSettings();
    await renderConsole('/dashboard');
    await userEvent.click(await screen.findByTestId('user-menu'));
    expect(screen.queryByRole('button', { name: 'Open layout settings' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Layout settings' }));
    expect(await screen.findByRole('dialog', { name: 'Layout settings' })).toBeTruthy();
  });
});

describe('sidebar (spec §2.4)', () => {
  it('the menu search keeps matching entries and their dirs', async () => {
    await renderConsole('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.type(within(sidebar).getByRole('searchbox', { name: 'Search menu' }), 'alpha');
    const nav = within(sidebar).getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Alpha page' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    await userEvent.clear(within(sidebar).getByRole('searchbox', { name: 'Search menu' }));
    await userEvent.type(within(sidebar).getByRole('searchbox', { name: 'Search menu' }), 'zzz');
    expect(within(sidebar).getByText('No menu entry matches')).toBeTruthy();
  });

  it("pointing at an entry, or focusing it, starts fetching its page's code", async () => {
    const { kernel } = await renderConsole('/dashboard');
    const loaderOf = (name: string) => {
      const page = kernel.session.state.routes?.byName.get(name)?.page;
      if (!page) throw new Error(`No page claims ${name}`);
      return vi.spyOn(page, 'component');
    };
    const adPackages = loaderOf('planned_alpha');
    const dashboard = loaderOf('dashboard');
    const nav = within(await screen.findByTestId('sidebar')).getByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Planned area' }));
    await userEvent.hover(within(nav).getByRole('link', { name: 'Alpha page' }));
    await waitFor(() => expect(adPackages).toHaveBeenCalledTimes(1));
    act(() => within(nav).getByRole('link', { name: 'Dashboard' }).focus());
    await waitFor(() => expect(dashboard).toHaveBeenCalledTimes(1));
  });

  it('arrow keys move between menu entries', async () => {
    await renderConsole('/dashboard');
    const nav = within(await screen.findByTestId('sidebar')).getByRole('navigation', { name: 'Main menu' });
    const billing = within(nav).getByRole('button', { name: 'Planned area' });
    billing.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Dashboard');
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(billing);
  });

  it('open or closed is remembered in the sidebarStatus cookie', async () => {
    await renderConsole('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Toggle sidebar' }));
    expect(document.cookie).toContain('sidebarStatus=0');
    cleanup();
    await renderConsole('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar.className).toContain('w-[54px]');
  });

  it('under 992 px it is a drawer: closed at first, opened by the toggle, closed by Escape and by navigation (outside click: e2e)', async () => {
    setWindowWidth(800);
    const { router } = await renderConsole('/dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(screen.queryByTestId('sidebar')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(await screen.findByRole('dialog', { name: 'Main menu' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('sidebar')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    await userEvent.click(
      within(screen.getByTestId('sidebar')).getByRole('button', { name: 'Planned area' }),
    );
    await userEvent.click(within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Alpha page' }));
    expect(router.state.location.pathname).toBe('/planned/alpha');
    await waitFor(() => expect(screen.queryByTestId('sidebar')).toBeNull());
  });
});

describe('company verification badge, contributed by the account plugin (spec §2.4, §6)', () => {
  it('shows the company status to the owner only', async () => {
    await renderConsole('/dashboard');
    const badge = await screen.findByTestId('verify-badge');
    expect(badge.textContent).toContain('Verified');
    // It sits in the top bar, before the language choice.
    expect(badge.closest('header')).toBeTruthy();
    cleanup();
    await renderConsole('/dashboard', { ...owner, role_id: 3 });
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(screen.queryByTestId('verify-badge')).toBeNull();
  });

  it('a company not yet verified opens the verification hint when the console loads', async () => {
    await renderConsole('/dashboard', {
      ...owner,
      company: owner.company && { ...owner.company, verify_status: 0 },
    });
    const hint = await screen.findByRole('dialog', { name: 'Company verification' });
    expect(within(hint).getByRole('button', { name: 'Verify now' })).toBeTruthy();
    expect((await screen.findByTestId('verify-badge')).textContent).toContain('Not verified');
  });

  it('is absent when verification is switched off globally', async () => {
    await renderConsole('/dashboard', { ...owner, verify_company: false });
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(screen.queryByTestId('verify-badge')).toBeNull();
  });
});
