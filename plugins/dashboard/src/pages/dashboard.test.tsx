import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { decodeListParam, type MenuItem, NTC_PATHS, type UserInfo } from '@vap/contracts';
import { dashboardCard, definePlugin } from '@vap/kernel';
import { renderWithKernel } from '@vap/kernel/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import dashboardPlugin from '../index.js';
import DashboardPage from './dashboard.js';

const item = (partial: Partial<MenuItem> & Pick<MenuItem, 'id' | 'name' | 'type' | 'path'>): MenuItem => ({
  parent_id: 0,
  title: partial.name,
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort: partial.id,
  children: [],
  ...partial,
});

const user = (partial: Partial<UserInfo> = {}): UserInfo => ({
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
  role_id: 0,
  phone: '13800138000',
  email: 'owner@vap-demo.com',
  nickname: '演示管理员',
  remark: '',
  is_password_empty: false,
  company: {
    id: 1,
    name: '演示科技有限公司',
    title: 'VAP 演示',
    logo: '',
    verify_status: 2,
    products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 0 },
  },
  verify_company: true,
  ...partial,
});

afterEach(cleanup);

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

  it('a member sees their role, and a user without a company is told so', async () => {
    await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user({ role_id: 4, company: null }),
      path: '/dashboard',
    });
    expect(await screen.findByText('Member (role 4)')).toBeTruthy();
    expect(screen.getByText('No company yet')).toBeTruthy();
  });
});

describe('dashboard figures (issue 5)', () => {
  const counts = {
    [`GET ${NTC_PATHS.noticesCount}`]: { body: { unread: 3 } },
    [`GET ${NTC_PATHS.messagesCount}`]: { body: { count: 2 } },
  };

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

  it('shows the unread notices and messages, the messages counted with the state = 0 filter', async () => {
    const { api } = await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user(),
      path: '/dashboard',
      answers: counts,
    });
    const figure = await screen.findByTestId('figure-unread');
    expect((await within(figure).findByRole('link', { name: '3' })).getAttribute('href')).toBe('/notices');
    expect(within(figure).getByRole('link', { name: '2' }).getAttribute('href')).toBe('/messages');
    const call = api.calls.find((entry) => entry.path === NTC_PATHS.messagesCount);
    expect(decodeListParam(call?.query.get('wheres') ?? '')).toEqual([{ k: 'state', o: '=', v: 0 }]);
  });

  it('follows the notices.unread event of the notices plugin', async () => {
    const { kernel } = await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user(),
      path: '/dashboard',
      answers: counts,
    });
    const figure = await screen.findByTestId('figure-unread');
    await within(figure).findByRole('link', { name: '3' });
    act(() => kernel.bus.emit('notices.unread', { notices: 0, messages: 7 }));
    expect(await within(figure).findByRole('link', { name: '0' })).toBeTruthy();
    expect(within(figure).getByRole('link', { name: '7' })).toBeTruthy();
  });

  it('leaves the unread figure out when the server answers no counts (only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const errors: unknown[] = [];
    const { kernel } = await renderWithKernel(<DashboardPage />, {
      plugins: [dashboardPlugin],
      user: user(),
      path: '/dashboard',
    });
    kernel.bus.subscribe('http.error', (error) => errors.push(error));
    await screen.findByTestId('figure-verification');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('figure-unread')).toBeNull());
    expect(errors).toEqual([]);
    warn.mockRestore();
  });
});

describe('cards contributed by other plugins (dashboardCard)', () => {
  const cardsPlugin = definePlugin({
    id: 'cards',
    kernel: '^1',
    dashboardCards: [
      dashboardCard('second', async () => ({ default: () => <p>Second card</p> }), { order: 20 }),
      dashboardCard('owner', async () => ({ default: () => <p>Owner card</p> }), {
        order: 5,
        ownerOnly: true,
      }),
      dashboardCard('first', async () => ({ default: () => <p>First card</p> }), { order: 10 }),
      dashboardCard('broken', async () => ({
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
});
