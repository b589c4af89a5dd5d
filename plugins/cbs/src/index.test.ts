import type { MenuItem } from '@vap/contracts';
import { createTestKernel, testUser } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import { renderCbsPage } from './test-support.js';

const menuPage = (id: number, name: string): MenuItem => ({
  id,
  parent_id: 0,
  name,
  type: 'page',
  path: name,
  title: `menu.${name}`,
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort: id,
  children: [],
});

/** The owner of a company whose flag cbs is `flag`, with the dashboard and cbs_dashboard in the menu. */
const withCbs = (flag: number) => {
  const base = testUser();
  return testUser({
    menus: [menuPage(1, 'dashboard'), menuPage(2, 'cbs_dashboard')],
    company: base.company && { ...base.company, products: { ...base.company.products, cbs: flag } },
  });
};

describe('the cloud-storage plugin', () => {
  it('is active only while the company’s product flag cbs is 0', async () => {
    const on = await createTestKernel({ plugins: [plugin], user: withCbs(0) });
    expect(on.kernel.registry.active(on.kernel.session.state.context).map((item) => item.id)).toEqual([
      'cbs',
    ]);
    expect(on.kernel.session.state.routes?.byName.get('cbs_dashboard')?.page).toBeDefined();
    const off = await createTestKernel({ plugins: [plugin], user: withCbs(1) });
    expect(off.kernel.registry.active(off.kernel.session.state.context)).toEqual([]);
    // Its page leaves the menu quietly: not routed, not reported as unclaimed.
    expect(off.kernel.session.state.routes?.byName.has('cbs_dashboard')).toBe(false);
  });

  it('leaves its page out when cbs is not 0: a user with only that page has no access', async () => {
    await expect(renderCbsPage({}, { products: { cbs: 1 } })).rejects.toThrow(/no access/);
  });
});
