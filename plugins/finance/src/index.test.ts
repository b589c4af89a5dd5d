import { DEV_PAYMENT_PAGE_PATH } from '@vap/contracts';
import { createTestKernel } from '@vap/kernel/testing';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import { signedInUser } from './test-support.js';

describe('the finance plugin', () => {
  it('contributes the top bar warning and the dashboard card, to members too (each checks the page itself)', async () => {
    const { kernel } = await createTestKernel({ plugins: [plugin], user: signedInUser({ recharge: true }) });
    const context = kernel.session.state.context;
    expect(kernel.registry.topbarItems(context).map((item) => item.id)).toEqual(['finance-balance-warning']);
    expect(kernel.registry.contributions(DashboardCards, context).map((card) => card.id)).toEqual([
      'finance-balance',
    ]);
  });

  it('routes the development payment page without a session', async () => {
    const { kernel } = await createTestKernel({ plugins: [plugin] });
    expect(kernel.registry.publicRoutes().map((route) => route.path)).toEqual([DEV_PAYMENT_PAGE_PATH]);
  });
});
