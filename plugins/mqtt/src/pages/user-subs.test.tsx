import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MQTT_PATHS } from '@vap/contracts';
import { callsTo, ordersOf, refusal, wheresOf } from '@vap/kernel/testing';
import { choose } from '@vap/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { pageOf, renderMqttPage, subscription } from '../test-support.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const up = subscription({ client_id: 'ak-7', username: 'AK7', topic: 'vap/dev/+/up/#', qos: 1 });
const status = subscription({ client_id: 'dbg-1', topic: 'vap/dev/12345678901320000011/up/status', qos: 0 });

const renderSubscriptions = () =>
  renderMqttPage('mqtt_user_subs', {
    [`GET ${MQTT_PATHS.subscriptions}`]: pageOf([up, status], 2),
    [`GET ${MQTT_PATHS.subscriptionsCount}`]: { body: { count: 2 } },
  });

describe('mqtt_user_subs', () => {
  it('lists the subscriptions with their QoS, and how many there are', async () => {
    await renderSubscriptions();
    const table = await screen.findByRole('table', { name: en.subs.title });
    const row = (await within(table).findByText(up.topic)).closest('tr') as HTMLElement;
    expect(within(row).getByText('ak-7')).toBeTruthy();
    expect(within(row).getByText('QoS 1')).toBeTruthy();
    expect(within(row).getByText(en.kind.user)).toBeTruthy();
    expect(await screen.findByText('2 subscriptions match')).toBeTruthy();
  });

  it('filters become wheres, for the list and for the count', async () => {
    const { api } = await renderSubscriptions();
    await screen.findByText(up.topic);
    const filters = screen.getByRole('form', { name: en.subs.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.client.clientId }), 'dbg');
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.subs.topic }), 'vap/dev/+');
    await choose(filters, en.client.kind, en.kind.user);
    await choose(filters, en.subs.qos, 'QoS 1');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    const expected = [
      { k: 'client_id', o: 'like', v: 'dbg' },
      { k: 'topic', o: 'like', v: 'vap/dev/+' },
      { k: 'kind', o: '=', v: 'user' },
      { k: 'qos', o: '=', v: 1 },
    ];
    await waitFor(() =>
      expect(wheresOf(callsTo(api.calls, 'GET', MQTT_PATHS.subscriptions).at(-1))).toEqual(expected),
    );
    await waitFor(() =>
      expect(wheresOf(callsTo(api.calls, 'GET', MQTT_PATHS.subscriptionsCount).at(-1))).toEqual(expected),
    );
  });

  it('sorts by topic through orders', async () => {
    const { api } = await renderSubscriptions();
    await screen.findByText(up.topic);
    await userEvent.click(screen.getByRole('button', { name: en.subs.topic }));
    await waitFor(() =>
      expect(ordersOf(callsTo(api.calls, 'GET', MQTT_PATHS.subscriptions).at(-1))).toEqual([
        { k: 'topic', o: 'asc' },
      ]),
    );
  });

  it('says so when nothing is subscribed, or when the count fails', async () => {
    // The count polls: its failure is shown in place and only logged besides.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderMqttPage('mqtt_user_subs', {
      [`GET ${MQTT_PATHS.subscriptions}`]: pageOf([]),
      [`GET ${MQTT_PATHS.subscriptionsCount}`]: refusal(503, { code: 'internal', message: 'Later' }),
    });
    expect(await screen.findByText(en.subs.empty)).toBeTruthy();
    expect(await screen.findByText(en.subs.countFailed)).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Later'));
    expect(screen.queryByText('Later')).toBeNull();
  });
});
