import './test-support.js';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MQTT_PATHS, type MqttSummary } from '@vap/contracts';
import {
  callsTo,
  createTestKernel,
  type RecordedCall,
  refusal,
  renderWithKernel,
  testMenuItem,
  testUser,
} from '@vap/kernel/testing';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { sharedMessages } from '@vap/ui/testing';
import { afterEach, describe, expect, it } from 'vitest';
import MqttCard from './dashboard-card.js';
import plugin from './index.js';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

afterEach(cleanup);

/** A member with the mqtt dir's dashboard page, or with only its device clients. */
const member = (page: 'mqtt_dashboard' | 'mqtt_device_client') =>
  testUser({
    role_id: 3,
    role_name: '运维人员',
    menus: [
      testMenuItem({ id: 1, name: 'dashboard', type: 'page', path: 'dashboard' }),
      testMenuItem({
        id: 70,
        name: 'mqtt',
        type: 'dir',
        path: 'mqtt',
        children: [
          testMenuItem({
            id: 71,
            parent_id: 70,
            name: page,
            type: 'page',
            path: page === 'mqtt_dashboard' ? 'dashboard' : 'device-client',
          }),
        ],
      }),
    ],
  });

const VERSION = { main_version: 'Aedes 0.51.3', api_version: 'v1', metrics_api_version: 'v1', unix_milli: 0 };

const summary = (partial: Partial<MqttSummary> = {}): MqttSummary => ({
  device_clients: 20,
  user_clients: 2,
  messages_in_per_minute: 40.5,
  messages_out_per_minute: 1_250,
  ...partial,
});

const render = (
  answer: object,
  {
    page = 'mqtt_dashboard',
    language = 'en',
    broker = true,
  }: {
    page?: 'mqtt_dashboard' | 'mqtt_device_client';
    language?: 'en' | 'zh-CN' | 'zh-TW';
    broker?: boolean;
  } = {},
) =>
  renderWithKernel(<MqttCard />, {
    plugins: [plugin],
    user: member(page),
    messages: sharedMessages,
    path: '/dashboard',
    language,
    mqttVersion: broker ? VERSION : { ...VERSION, main_version: '' },
    answers: { [`GET ${MQTT_PATHS.summary}`]: answer },
  });

const summaryCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', MQTT_PATHS.summary);

describe('the dashboard card "MQTT broker" (issue 29)', () => {
  it('shows the clients connected now and the messages a minute, with a link to the broker dashboard', async () => {
    await render({ body: summary() });
    const card = await screen.findByTestId('mqtt-card');
    expect(within(card).getByRole('heading', { name: en.dashboardCard.title })).toBeTruthy();
    const connected = await within(card).findByRole('region', { name: en.dashboardCard.connected });
    expect(within(connected).getByText(en.dashboardCard.deviceClients).nextElementSibling?.textContent).toBe(
      '20',
    );
    expect(within(connected).getByText(en.dashboardCard.userClients).nextElementSibling?.textContent).toBe(
      '2',
    );
    const rate = within(card).getByRole('region', { name: 'Messages a minute, over the last 5 minutes' });
    expect(within(rate).getByText(en.dashboardCard.messagesIn).nextElementSibling?.textContent).toBe('40.5');
    expect(within(rate).getByText(en.dashboardCard.messagesOut).nextElementSibling?.textContent).toBe(
      '1,250',
    );
    expect(within(card).getByRole('link', { name: en.dashboardCard.open }).getAttribute('href')).toBe(
      '/mqtt/dashboard',
    );
  });

  it('says so when nothing is connected and nothing passed', async () => {
    await render({
      body: summary({
        device_clients: 0,
        user_clients: 0,
        messages_in_per_minute: 0,
        messages_out_per_minute: 0,
      }),
    });
    expect(
      await within(await screen.findByTestId('mqtt-card')).findByText(
        'No client is connected, and no message passed in the last 5 minutes.',
      ),
    ).toBeTruthy();
  });

  it('says when the figures cannot be loaded, and Retry asks again', async () => {
    const { api } = await render(refusal(500, { code: 'internal', message: 'Server error' }));
    const alert = await within(await screen.findByTestId('mqtt-card')).findByRole('alert');
    expect(alert.textContent).toContain(en.dashboardCard.loadFailed);
    api.answers[`GET ${MQTT_PATHS.summary}`] = { body: summary() };
    await userEvent.click(within(alert).getByRole('button', { name: en.common.retry }));
    expect(await screen.findByRole('region', { name: en.dashboardCard.connected })).toBeTruthy();
    expect(summaryCalls(api.calls)).toHaveLength(2);
  });

  it.each([
    ['a role without the broker dashboard', { page: 'mqtt_device_client' as const }],
    ['anyone while the broker answers no version (the mqtt dir is hidden)', { broker: false }],
  ])('is not shown, and asks nothing, to %s', async (_name, options) => {
    const { api } = await render({ body: summary() }, options);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('mqtt-card')).toBeNull();
    expect(summaryCalls(api.calls)).toEqual([]);
  });

  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ] as const)('speaks %s', async (language, words) => {
    await render({ body: summary() }, { language });
    const card = await screen.findByTestId('mqtt-card');
    expect(within(card).getByRole('heading', { name: words.dashboardCard.title })).toBeTruthy();
    expect(await within(card).findByText(words.dashboardCard.deviceClients)).toBeTruthy();
    expect(within(card).getByRole('link', { name: words.dashboardCard.open })).toBeTruthy();
  });

  it('is contributed for page mqtt_dashboard', async () => {
    const { kernel } = await createTestKernel({
      plugins: [plugin],
      user: member('mqtt_dashboard'),
      mqttVersion: VERSION,
    });
    const cards = kernel.registry.contributions(DashboardCards, kernel.session.state.context);
    expect(cards.map((card) => [card.id, card.value.page])).toEqual([['mqtt-broker', 'mqtt_dashboard']]);
  });
});
