import { createTestKernel } from '@vap/kernel/testing';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import { signedInUser } from './test-support.js';

describe('the notices plugin', () => {
  it('routes /notices and /messages for every user, whatever the server menu says (spec §2.2)', async () => {
    const { kernel } = await createTestKernel({ plugins: [plugin], user: signedInUser({ role_id: 3 }) });
    const routes = kernel.session.state.routes;
    expect(routes?.byName.get('notices')?.path).toBe('/notices');
    expect(routes?.byName.get('messages')?.path).toBe('/messages');
  });

  it('contributes the bell, the notification icon and the dashboard card, to members too', async () => {
    const { kernel } = await createTestKernel({ plugins: [plugin], user: signedInUser({ role_id: 3 }) });
    const context = kernel.session.state.context;
    expect(kernel.registry.topbarItems(context).map((item) => item.id)).toEqual([
      'notices-bell',
      'messages-inbox',
    ]);
    expect(kernel.registry.contributions(DashboardCards, context).map((card) => card.id)).toEqual([
      'notices-unread',
    ]);
  });
});
