import type { Message, Notice, UserInfo } from '@vap/contracts';
import { testMenuItem, testUser } from '@vap/kernel/testing';

export const notice = (partial: Partial<Notice> & Pick<Notice, 'id' | 'title'>): Notice => ({
  content: '<p>Body</p>',
  published_at: '2025-06-01T08:00:00.000Z',
  state: 0,
  ...partial,
});

export const message = (partial: Partial<Message> & Pick<Message, 'id' | 'title'>): Message => ({
  kind: 'system',
  content: '',
  created_at: '2025-06-02T09:30:00.000Z',
  state: 0,
  ...partial,
});

/** A signed-in owner whose menu has one page (an empty menu is the no-access case of spec §4.1). */
export const signedInUser = (partial: Partial<UserInfo> = {}): UserInfo =>
  testUser({
    menus: [testMenuItem({ id: 1, name: 'dashboard', type: 'page', sort: 1 })],
    ...partial,
  });
