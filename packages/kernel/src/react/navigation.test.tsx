import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { definePlugin, page } from '../plugin.js';
import { systemUserMenus, userInfo } from '../test-support.js';
import { renderWithKernel } from '../testing.js';
import { useNavigateTo } from './navigation.js';

afterEach(cleanup);

const Empty = async () => ({ default: () => null });
const plugin = definePlugin({
  id: 'core',
  kernel: '^2',
  pages: [page('system_user', Empty), page('recharge', Empty)],
});
const menus = systemUserMenus();

function Links() {
  const navigateTo = useNavigateTo();
  return (
    <>
      <button type="button" onClick={() => navigateTo('system_user', { page: '2' })}>
        users
      </button>
      <button type="button" onClick={() => navigateTo('recharge')}>
        recharge
      </button>
    </>
  );
}

describe('useNavigateTo (spec §2.3)', () => {
  it('opens a permitted route by its name, with its query', async () => {
    await renderWithKernel(<Links />, { plugins: [plugin], user: userInfo({ menus }), path: '/start' });
    fireEvent.click(screen.getByText('users'));
    expect(screen.getByTestId('location').textContent).toBe('at /system/user?page=2');
  });

  it('refuses a route the user may not open and announces it as not permitted', async () => {
    const { kernel } = await renderWithKernel(<Links />, {
      plugins: [plugin],
      user: userInfo({ menus }),
      path: '/start',
    });
    const refused: unknown[] = [];
    kernel.bus.subscribe('navigation.notPermitted', (event) => refused.push(event));
    fireEvent.click(screen.getByText('recharge'));
    expect(refused).toEqual([{ name: 'recharge' }]);
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
