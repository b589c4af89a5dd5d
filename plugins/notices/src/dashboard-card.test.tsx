import { screen, within } from '@testing-library/react';
import { NTC_PATHS } from '@vap/contracts';
import { renderWithKernel, wheresOf } from '@vap/kernel/testing';
import { sharedMessages } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import UnreadCard from './dashboard-card.js';
import plugin from './index.js';
import { notice, signedInUser } from './test-support.js';

describe('the dashboard card "Unread notices / messages"', () => {
  it('shows both numbers with links to their pages, and the newest unread notices', async () => {
    const { api } = await renderWithKernel(<UnreadCard />, {
      plugins: [plugin],
      user: signedInUser(),
      messages: sharedMessages,
      path: '/dashboard',
      answers: {
        [`GET ${NTC_PATHS.noticesCount}`]: { body: { unread: 4 } },
        [`GET ${NTC_PATHS.messagesCount}`]: { body: { count: 1 } },
        [`GET ${NTC_PATHS.notices}`]: {
          body: {
            items: [notice({ id: 9, title: 'Price change' }), notice({ id: 8, title: 'Holiday' })],
            total: 4,
          },
        },
      },
    });
    const card = await screen.findByTestId('notices-card');
    expect(within(card).getByRole('heading', { name: 'Unread notices / messages' })).toBeTruthy();
    expect(await within(card).findByText('4')).toBeTruthy();
    expect(within(card).getByText('1')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'View notices' }).getAttribute('href')).toBe('/notices');
    expect(within(card).getByRole('link', { name: 'View messages' }).getAttribute('href')).toBe('/messages');
    const latest = await within(card).findByRole('list', { name: 'Latest unread notices' });
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Price change', 'Holiday']);
    const listCall = api.calls.find((call) => call.path === NTC_PATHS.notices);
    expect(listCall?.query.get('size')).toBe('3');
    expect(listCall && wheresOf(listCall)).toEqual([{ k: 'state', o: '=', v: 0 }]);
  });
});
