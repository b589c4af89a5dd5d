import '../test-setup.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NTC_PATHS } from '@vap/contracts';
import {
  callsTo,
  type RecordedCall,
  renderPluginPage,
  renderWithKernel,
  wheresOf,
} from '@vap/kernel/testing';
import { sharedMessages } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import { notice, signedInUser } from '../test-support.js';
import NoticeBell from '../topbar/bell.js';
import NoticesPage from './notices.js';

const listCalls = (calls: RecordedCall[]) => callsTo(calls, 'GET', NTC_PATHS.notices);

describe('/notices (spec §2.2, §7.4)', () => {
  it('lists the notices with their read state', async () => {
    await renderPluginPage(plugin, 'notices', {
      messages: sharedMessages,
      answers: {
        [`GET ${NTC_PATHS.notices}`]: {
          body: {
            items: [
              notice({ id: 2, title: 'Firmware 2.1 released' }),
              notice({ id: 1, title: 'Welcome', state: 1 }),
            ],
            total: 2,
          },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: en.notices.title })).toBeTruthy();
    const table = await screen.findByRole('table', { name: en.notices.title });
    // Until the answer arrives the table shows placeholder rows: wait for the notices themselves.
    await within(table).findByRole('button', { name: 'Welcome' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Unread')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Firmware 2.1 released' }),
    ).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Read')).toBeTruthy();
  });

  it('opens a notice in a dialog with its HTML and marks it read, clearing the bell at once', async () => {
    let read = false;
    const body = '<p>Upgrade <strong>tonight</strong> — <a href="https://vap.example.com">details</a></p>';
    const { api } = await renderWithKernel(
      <>
        <NoticeBell />
        <NoticesPage />
      </>,
      {
        plugins: [plugin],
        user: signedInUser(),
        messages: sharedMessages,
        path: '/notices',
        answers: {
          [`GET ${NTC_PATHS.notices}`]: () => ({
            body: {
              items: [notice({ id: 7, title: 'Maintenance', content: body, state: read ? 1 : 0 })],
              total: 1,
            },
          }),
          [`GET ${NTC_PATHS.noticesCount}`]: () => ({ body: { unread: read ? 0 : 1 } }),
          [`GET ${NTC_PATHS.messagesCount}`]: { body: { count: 0 } },
          [`PUT ${NTC_PATHS.noticeRead(7)}`]: () => {
            read = true;
            return { status: 204 };
          },
        },
      },
    );
    expect(await screen.findByRole('link', { name: 'Notices, 1 unread' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance' });
    const content = within(dialog).getByTestId('notice-content');
    expect(content.innerHTML).toBe(body);
    expect(within(content).getByRole('link', { name: 'details' }).getAttribute('href')).toBe(
      'https://vap.example.com',
    );
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'PUT' && call.path === NTC_PATHS.noticeRead(7))).toBe(
        true,
      ),
    );
    // The list was asked again and shows the notice read.
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(2));
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: en.notices.title });
    expect(await within(table).findByText('Read')).toBeTruthy();
    const bell = await screen.findByRole('link', { name: 'Notices' });
    expect(bell.getAttribute('href')).toBe('/notices');
  });

  it('opening a notice already read does not mark it again', async () => {
    const { api } = await renderPluginPage(plugin, 'notices', {
      messages: sharedMessages,
      answers: {
        [`GET ${NTC_PATHS.notices}`]: {
          body: { items: [notice({ id: 3, title: 'Old', state: 1 })], total: 1 },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Old' }));
    await screen.findByRole('dialog', { name: 'Old' });
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('filters by read state, title and date range, and pages, through wheres and page', async () => {
    const { api } = await renderPluginPage(plugin, 'notices', {
      messages: sharedMessages,
      answers: {
        [`GET ${NTC_PATHS.notices}`]: (call) => ({
          body: {
            items: [
              notice({
                id: Number(call.query.get('page')) * 100,
                title: `Notice on page ${call.query.get('page')}`,
              }),
            ],
            total: 45,
          },
        }),
      },
    });
    await screen.findByRole('button', { name: 'Notice on page 1' });
    expect(listCalls(api.calls)[0]?.query.get('wheres')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(2));
    expect(wheresOf(api.calls.at(-1) as RecordedCall)).toEqual([{ k: 'state', o: '=', v: 0 }]);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search titles' }), '升级{Enter}');
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(3));
    expect(wheresOf(listCalls(api.calls)[2] as RecordedCall)).toEqual([
      { k: 'state', o: '=', v: 0 },
      { k: 'title', o: 'like', v: '升级' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Date range Start date ~ End date' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(4));
    const range = wheresOf(listCalls(api.calls)[3] as RecordedCall)[2];
    expect(range).toMatchObject({ k: 'published_at', o: 'between' });
    const [from, to] = (range as { v: [string, string] }).v;
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(7 * 86_400_000 - 1);

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(5));
    expect(listCalls(api.calls)[4]?.query.get('wheres')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByRole('button', { name: 'Notice on page 2' });
    expect(listCalls(api.calls).at(-1)?.query.get('page')).toBe('2');
  });

  it('speaks the language the user chose', async () => {
    await renderPluginPage(plugin, 'notices', {
      language: 'zh-TW',
      messages: sharedMessages,
      answers: { [`GET ${NTC_PATHS.notices}`]: { body: { items: [], total: 0 } } },
    });
    expect(await screen.findByRole('heading', { name: zhTW.notices.title })).toBeTruthy();
    expect(await screen.findByText(zhTW.notices.empty)).toBeTruthy();
  });
});
