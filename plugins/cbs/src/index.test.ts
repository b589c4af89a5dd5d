import { createTestKernel, testMenuItem, testUser } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import { renderCbsPage } from './test-support.js';

/** The owner of a company whose flag cbs is `flag`, with the dashboard and cbs_dashboard in the menu. */
const withCbs = (flag: number) => {
  const base = testUser();
  return testUser({
    menus: [
      testMenuItem({ id: 1, name: 'dashboard', type: 'page' }),
      testMenuItem({ id: 2, name: 'cbs_dashboard', type: 'page' }),
    ],
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
