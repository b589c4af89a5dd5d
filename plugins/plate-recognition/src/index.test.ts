import { createTestKernel, testMenuItem, testUser } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';

describe('the plate recognition plugin', () => {
  it('routes the trial and the service detail of the server menu', async () => {
    const { kernel } = await createTestKernel({
      plugins: [plugin],
      user: testUser({
        menus: [
          testMenuItem({ id: 1, name: 'prs_trial', type: 'page', path: 'trial' }),
          testMenuItem({ id: 2, name: 'prs_detail', type: 'page', path: 'detail' }),
        ],
      }),
    });
    const routes = kernel.session.state.routes;
    expect(routes?.byName.get('prs_trial')?.page).toBeDefined();
    expect(routes?.byName.get('prs_detail')?.page).toBeDefined();
  });
});
