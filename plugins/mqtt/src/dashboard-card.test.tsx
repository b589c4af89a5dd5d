import './test-support.js';
import { screen, within } from '@testing-library/react';
import { MQTT_PATHS, type MqttSummary } from '@vap/contracts';
import { type Answer, contributionsFor, refusal, testMenuItem, testUser } from '@vap/kernel/testing';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { dashboardCard, findFigure } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import MqttCard from './dashboard-card.js';
import plugin from './index.js';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

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

const brokerCard = dashboardCard({
  card: <MqttCard />,
  plugin,
  testId: 'mqtt-card',
  summary: MQTT_PATHS.summary,
});
const render = (
  answer: Answer,
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
  brokerCard.render(answer, {
    user: member(page),
    language,
    mqttVersion: broker ? VERSION : { ...VERSION, main_version: '' },
  });

describe('the dashboard card "MQTT broker" (issue 29)', () => {
  it('shows the clients connected now and the messages a minute, with a link to the broker dashboard', async () => {
    await render({ body: summary() });
    const card = await brokerCard.find();
    expect(within(card).getByRole('heading', { name: en.dashboardCard.title })).toBeTruthy();
    const connected = await within(card).findByRole('region', { name: en.dashboardCard.connected });
    expect(await findFigure(connected, en.dashboardCard.deviceClients)).toBe('20');
    expect(await findFigure(connected, en.dashboardCard.userClients)).toBe('2');
    const rate = within(card).getByRole('region', { name: 'Messages a minute, over the last 5 minutes' });
    expect(await findFigure(rate, en.dashboardCard.messagesIn)).toBe('40.5');
    expect(await findFigure(rate, en.dashboardCard.messagesOut)).toBe('1,250');
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
      await within(await brokerCard.find()).findByText(
        'No client is connected, and no message passed in the last 5 minutes.',
      ),
    ).toBeTruthy();
  });

  it('says when the figures cannot be loaded, and Retry asks again', async () => {
    const { api } = await render(refusal(500, { code: 'internal', message: 'Server error' }));
    expect((await brokerCard.findAlert()).textContent).toContain(en.dashboardCard.loadFailed);
    await brokerCard.retry(api, { body: summary() }, en.common.retry);
    expect(await screen.findByRole('region', { name: en.dashboardCard.connected })).toBeTruthy();
    expect(brokerCard.summaryCalls(api)).toHaveLength(2);
  });

  it.each([
    ['a role without the broker dashboard', { page: 'mqtt_device_client' as const }],
    ['anyone while the broker answers no version (the mqtt dir is hidden)', { broker: false }],
  ])('is not shown, and asks nothing, to %s', async (_name, options) => {
    const { api } = await render({ body: summary() }, options);
    expect(await brokerCard.shownAfterAMoment()).toBe(false);
    expect(brokerCard.summaryCalls(api)).toEqual([]);
  });

  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ] as const)('speaks %s', async (language, words) => {
    await render({ body: summary() }, { language });
    const card = await brokerCard.find();
    expect(within(card).getByRole('heading', { name: words.dashboardCard.title })).toBeTruthy();
    expect(await within(card).findByText(words.dashboardCard.deviceClients)).toBeTruthy();
    expect(within(card).getByRole('link', { name: words.dashboardCard.open })).toBeTruthy();
  });

  it('is contributed for page mqtt_dashboard', async () => {
    const cards = await contributionsFor(DashboardCards, {
      plugins: [plugin],
      user: member('mqtt_dashboard'),
      mqttVersion: VERSION,
    });
    expect(cards.map((card) => [card.id, card.value.page])).toEqual([['mqtt-broker', 'mqtt_dashboard']]);
  });
});
