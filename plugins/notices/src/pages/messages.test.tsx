import '../test-setup.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NTC_PATHS } from '@vap/contracts';
import { renderWithKernel } from '@vap/kernel/testing';
import { DialogHost, Toaster } from '@vap/ui';
import { sharedMessages } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import { message, signedInUser } from '../test-support.js';
import MessageInbox from '../topbar/inbox.js';
import MessagesPage from './messages.js';

/** The page with the console's dialog host, toasts and the message icon, on a fake server. */
async function renderMessages() {
  const state = new Map<number, 0 | 1>([
    [1, 0],
    [2, 0],
    [3, 1],
  ]);
  const items = () => [
    message({ id: 1, title: 'Verification approved', kind: 'verification', state: state.get(1) }),
    message({
      id: 2,
      title: 'New sign-in',
      kind: 'security',
      content: '<p>From <b>Shanghai</b></p>',
      state: state.get(2),
    }),
    message({ id: 3, title: 'Welcome', state: state.get(3) }),
  ];
  const unread = () => [...state.values()].filter((value) => value === 0).length;
  const view = await renderWithKernel(
    <>
      <MessageInbox />
      <MessagesPage />
      <DialogHost />
      <Toaster />
    </>,
    {
      plugins: [plugin],
      user: signedInUser(),
      messages: sharedMessages,
      path: '/messages',
      answers: {
        [`GET ${NTC_PATHS.messages}`]: () => ({ body: { items: items(), total: 3 } }),
        [`GET ${NTC_PATHS.messagesCount}`]: () => ({ body: { count: unread() } }),
        [`GET ${NTC_PATHS.noticesCount}`]: { body: { unread: 0 } },
        [`PUT ${NTC_PATHS.messagesReadAll}`]: () => {
          const updated = unread();
          for (const id of state.keys()) state.set(id, 1);
          return { body: { updated } };
        },
        [`PUT ${NTC_PATHS.messageRead(1)}`]: () => {
          state.set(1, 1);
          return { status: 204 };
        },
        [`PUT ${NTC_PATHS.messageRead(2)}`]: () => {
          state.set(2, 1);
          return { status: 204 };
        },
      },
    },
  );
  const table = await screen.findByRole('table', { name: en.messages.title });
  await within(table).findByText('Verification approved');
  return { ...view, table };
}

const puts = (calls: { method: string; path: string }[]) => calls.filter((call) => call.method === 'PUT');

describe('/messages (spec §2.2, §7.4)', () => {
  it('lists my messages with their kind and state, and the icon shows the unread number', async () => {
    const { table } = await renderMessages();
    expect(within(table).getByText('Verification')).toBeTruthy();
    expect(within(table).getByText('Security')).toBeTruthy();
    expect(within(table).getAllByText('Unread')).toHaveLength(2);
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toBeTruthy();
  });

  it('marks one read from its row; the icon and the list follow at once', async () => {
    const { api, table } = await renderMessages();
    await userEvent.click(within(table).getByRole('button', { name: 'Mark "Verification approved" read' }));
    await waitFor(() => expect(puts(api.calls).map((call) => call.path)).toEqual([NTC_PATHS.messageRead(1)]));
    expect(await screen.findByRole('link', { name: 'Messages, 1 unread' })).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByText('Unread')).toHaveLength(1));
  });

  it('opening a message shows its body and reads it', async () => {
    const { api, table } = await renderMessages();
    await userEvent.click(within(table).getByRole('button', { name: 'New sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sign-in' });
    expect(within(dialog).getByTestId('notice-content').innerHTML).toBe('<p>From <b>Shanghai</b></p>');
    await waitFor(() => expect(puts(api.calls).map((call) => call.path)).toEqual([NTC_PATHS.messageRead(2)]));
  });

  it('read all asks first; cancelling changes nothing', async () => {
    const { api } = await renderMessages();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    const question = await screen.findByRole('alertdialog', { name: en.messages.readAllConfirm });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(api.calls)).toEqual([]);
  });

  it('read all, confirmed, marks everything read, says how many, and clears the icon', async () => {
    const { api, table } = await renderMessages();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    const question = await screen.findByRole('alertdialog', { name: en.messages.readAllConfirm });
    await userEvent.click(within(question).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(puts(api.calls).map((call) => call.path)).toEqual([NTC_PATHS.messagesReadAll]),
    );
    expect(await screen.findByText('Messages marked read: 2')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    await waitFor(() => expect(within(table).queryAllByText('Unread')).toHaveLength(0));
  });
});
