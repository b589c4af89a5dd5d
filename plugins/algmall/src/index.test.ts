import { createTestKernel, testMenuItem, testUser } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';

describe('the algorithm mall plugin', () => {
  it('routes the product list, the product detail and the orders of the server menu', async () => {
    const { kernel } = await createTestKernel({
      plugins: [plugin],
      user: testUser({
        menus: [
          testMenuItem({ id: 1, name: 'algmall_product_list', type: 'page', path: 'algmall-list' }),
          testMenuItem({ id: 2, name: 'algmall_product_detail', type: 'page', path: 'algmall-detail' }),
          testMenuItem({ id: 3, name: 'algmall_order', type: 'page', path: 'algmall-order' }),
        ],
      }),
    });
    const routes = kernel.session.state.routes;
    expect(routes?.byName.get('algmall_product_list')?.page).toBeDefined();
    expect(routes?.byName.get('algmall_product_detail')?.page).toBeDefined();
    expect(routes?.byName.get('algmall_order')?.page).toBeDefined();
  });

  it('titles the product detail by the query parameter name (spec §2.3), the list by its menu title', () => {
    const detail = plugin.pages?.find((page) => page.name === 'algmall_product_detail');
    expect(detail?.title?.({ query: new URLSearchParams('id=3&name=%E5%AE%89%E5%85%A8%E5%B8%BD') })).toBe(
      '安全帽',
    );
    // Without a name the menu's title applies.
    expect(detail?.title?.({ query: new URLSearchParams('id=3') })).toBeUndefined();
    expect(plugin.pages?.find((page) => page.name === 'algmall_product_list')?.title).toBeUndefined();
  });
});
