import { cleanup, screen } from '@testing-library/react';
import type { MenuItem, UserInfo } from '@vap/contracts';
import { renderWithKernel } from '@vap/kernel/testing';
import { afterEach, describe, expect, it } from 'vitest';
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
