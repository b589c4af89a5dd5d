import { screen, within } from '@testing-library/react';
import type { MenuItem, UserInfo } from '@vap/contracts';
import { type ContributionOptions, contribute, definePlugin, type LazyComponent } from '@vap/kernel';
import { renderWithKernel, testMenuItem, testUser } from '@vap/kernel/testing';
import { describe, expect, it, vi } from 'vitest';
import dashboardPlugin from '../index.js';
import { DashboardCards } from '../points.js';
import DashboardPage from './dashboard.js';

const card = (id: string, component: LazyComponent, options?: ContributionOptions) =>
  contribute(DashboardCards, id, { component }, options);

/** A menu item titled by its name, in the order of its ids. */
const item = (partial: Partial<MenuItem> & Pick<MenuItem, 'id' | 'name' | 'type' | 'path'>): MenuItem =>
  testMenuItem({ title: partial.name, sort: partial.id, ...partial });

/** testUser's company, given the demo's names that the page shows. */
const demo = testUser().company;
const user = (partial: Partial<UserInfo> = {}): UserInfo =>
  testUser({
    id: 7,
    menus: [
      item({ id: 1, name: 'dashboard', type: 'page', path: 'dashboard' }),
      item({
        id: 2,
        name: 'system',
        type: 'dir',
        path: 'system',
        children: [
          item({ id: 3, parent_id: 2, name: 'system_user', type: 'page', path: 'user', title: 'Users' }),
          item({
            id: 4,
            parent_id: 2,
            name: 'system_role',
            type: 'page',
            path: 'role',
            title: 'Roles',
            is_hidden: true,
          }),
        ],
      }),
    ],
    nickname: '演示管理员',
    company: demo && { ...demo, name: '演示科技有限公司', title: 'VAP 演示' },
    ...partial,
  });

describe('dashboard', () => {
  it('greets the user and shows the company title with its name', async () => {
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user(),
      path: '/dashboard',
    });
    expect(await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' })).toBeTruthy();
    expect(screen.getByText('VAP 演示')).toBeTruthy();
    expect(screen.getByText('演示科技有限公司')).toBeTruthy();
    expect(screen.getByText('Company owner')).toBeTruthy();
  });

  it('links the visible pages the role allows, skipping hidden ones', async () => {
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user(),
      path: '/dashboard',
    });
    const link = await screen.findByRole('link', { name: 'Users' });
    expect(link.getAttribute('href')).toBe('/system/user');
    expect(screen.queryByRole('link', { name: 'Roles' })).toBeNull();
    expect(screen.getByText('1 page')).toBeTruthy();
  });

  it("a member sees their role's name (issue 29), not its number", async () => {
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user({ role_id: 4, role_name: '运维人员' }),
      path: '/dashboard',
    });
    expect(await screen.findByText('运维人员')).toBeTruthy();
    expect(screen.queryByText(/4/)).toBeNull();
  });

  it.each([
    ['en', 'Company owner'],
    ['zh-CN', '企业所有者'],
    ['zh-TW', '企業擁有者'],
  ] as const)('names the owner "%s: %s" (one name everywhere, issue 29)', async (language, name) => {
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user(),
      path: '/dashboard',
      language,
    });
    expect(await screen.findByText(name)).toBeTruthy();
  });

  it('a user without a company is told so', async () => {
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user({ role_id: 4, company: null }),
      path: '/dashboard',
    });
    expect(await screen.findByText('No company yet')).toBeTruthy();
  });
});

describe('dashboard figures (issue 5)', () => {
  it.each([
    [2, true, 'Verified'],
    [0, true, 'Not verified'],
    [1, true, 'Under review'],
    [3, true, 'Failed, please upload again'],
    [0, false, 'Not required'],
  ] as const)('shows verification status %i (switch %s) as "%s"', async (status, on, text) => {
    const base = user();
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user({ verify_company: on, company: base.company && { ...base.company, verify_status: status } }),
      path: '/dashboard',
    });
    const figure = await screen.findByTestId('figure-verification');
    expect(within(figure).getByText(text)).toBeTruthy();
  });

  it('a user without a company has nothing to verify', async () => {
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user({ company: null }),
      path: '/dashboard',
    });
    expect(
      within(await screen.findByTestId('figure-verification')).getByText('No company to verify yet'),
    ).toBeTruthy();
  });
});

describe('cards contributed by other plugins (DashboardCards)', () => {
  const cardsPlugin = definePlugin({
    id: 'cards',
    kernel: '^2',
    contributions: [
      card('second', async () => ({ default: () => <p>Second card</p> }), { order: 20 }),
      card('owner', async () => ({ default: () => <p>Owner card</p> }), { order: 5, ownerOnly: true }),
      card('first', async () => ({ default: () => <p>First card</p> }), { order: 10 }),
      card('broken', async () => ({
        default: () => {
          throw new Error('no data');
        },
      })),
    ],
  });

  it('renders them in order after the figures; one that fails stays in its own card', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin, cardsPlugin],
      user: user(),
      path: '/dashboard',
    });
    const grid = await screen.findByTestId('dashboard-cards');
    await within(grid).findByText('Second card');
    expect(
      within(grid)
        .getAllByText(/card$/)
        .map((node) => node.textContent),
    ).toEqual(['Owner card', 'First card', 'Second card']);
    expect((await within(grid).findByRole('alert')).textContent).toBe('This card failed to load: no data');
    error.mockRestore();
  });

  it('owner-only cards are not shown to members', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin, cardsPlugin],
      user: user({ role_id: 4 }),
      path: '/dashboard',
    });
    const grid = await screen.findByTestId('dashboard-cards');
    await within(grid).findByText('First card');
    expect(within(grid).queryByText('Owner card')).toBeNull();
    vi.restoreAllMocks();
  });

  it('leaves out a card whose page the menu lacks, without loading its code (issue 29)', async () => {
    const hidden = vi.fn(async () => ({ default: () => <p>Devices card</p> }));
    const shown = vi.fn(async () => ({ default: () => <p>Users card</p> }));
    const pagesPlugin = definePlugin({
      id: 'paged',
      kernel: '^2',
      contributions: [
        contribute(DashboardCards, 'devices', { component: hidden, page: 'device_maintenance' }),
        contribute(DashboardCards, 'users', { component: shown, page: 'system_user' }),
        // A hidden page of the menu is still the user's to open.
        contribute(
          DashboardCards,
          'roles',
          { component: async () => ({ default: () => <p>Roles card</p> }), page: 'system_role' },
          { order: 200 },
        ),
      ],
    });
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin, pagesPlugin],
      user: user({ role_id: 4, role_name: '运维人员' }),
      path: '/dashboard',
    });
    const grid = await screen.findByTestId('dashboard-cards');
    await within(grid).findByText('Users card');
    expect(await within(grid).findByText('Roles card')).toBeTruthy();
    expect(within(grid).queryByText('Devices card')).toBeNull();
    expect(hidden).not.toHaveBeenCalled();
    expect(shown).toHaveBeenCalled();
  });

  it("loads the cards' code only after the page has painted its own figures (issue 29)", async () => {
    const loader = vi.fn(async () => ({ default: () => <p>Late card</p> }));
    const latePlugin = definePlugin({
      id: 'late',
      kernel: '^2',
      contributions: [card('late', loader)],
    });
    // What had been asked for when the heading first reached the document.
    let loadsAtFirstPaint: number | undefined;
    const observer = new MutationObserver(() => {
      if (loadsAtFirstPaint === undefined && screen.queryByRole('heading', { name: /^Welcome back/ })) {
        loadsAtFirstPaint = loader.mock.calls.length;
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      await renderWithKernel(<DashboardPage />, {
        plugins: [dashboardPlugin, latePlugin],
        user: user(),
        path: '/dashboard',
      });
      expect(await screen.findByText('Late card')).toBeTruthy();
    } finally {
      observer.disconnect();
    }
    expect(loadsAtFirstPaint).toBe(0);
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
