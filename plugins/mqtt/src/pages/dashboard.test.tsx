import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MQTT_PATHS, mqttSeriesQuerySchema } from '@vap/contracts';
import type { RecordedCall } from '@vap/kernel/testing';
import { callsTo, refusal } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import { offsetUnit } from '../dashboard/clock-offset.js';
import { seriesStep } from '../dashboard/series-range.js';
import en from '../locales/en.json';
import { renderMqttPage } from '../test-support.js';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const MINUTE = 60_000;

/** The server clock runs this far ahead of the test's. */
const AHEAD_MS = 2_000;

const answers = {
  [`GET ${MQTT_PATHS.clientsCount}`]: { body: { count: 42, device: 40, user: 2 } },
  [`GET ${MQTT_PATHS.subscriptionsCount}`]: { body: { count: 17 } },
  [`GET ${MQTT_PATHS.version}`]: () => ({
    body: {
      main_version: 'aedes 1.2.0',
      api_version: 'v1',
      metrics_api_version: 'v1',
      unix_milli: Date.now() + AHEAD_MS,
    },
  }),
  [`GET ${MQTT_PATHS.clientsSeries}`]: {
    body: {
      items: [
        { t: T0, device: 31, user: 1, refused: 0 },
        { t: T0 + MINUTE, device: 33, user: 2, refused: 530 },
      ],
    },
  },
  [`GET ${MQTT_PATHS.subscriptionsSeries}`]: { body: { items: [{ t: T0, count: 12 }] } },
  [`GET ${MQTT_PATHS.publishesSeries}`]: { body: { items: [{ t: T0, in: 905, out: 77 }] } },
};

const seriesCalls = (calls: readonly RecordedCall[]) =>
  [MQTT_PATHS.clientsSeries, MQTT_PATHS.subscriptionsSeries, MQTT_PATHS.publishesSeries].map(
    (path) => callsTo(calls, 'GET', path).at(-1)?.query,
  );
const spanOf = (query: URLSearchParams | undefined) =>
  Date.parse(query?.get('to') ?? '') - Date.parse(query?.get('from') ?? '');

describe('mqtt_dashboard', () => {
  it('shows the counts now', async () => {
    await renderMqttPage('mqtt_dashboard', answers);
    const figures = await screen.findByRole('region', { name: en.dashboard.now });
    await waitFor(() => expect(within(figures).getByTestId('figure-clients').textContent).toContain('42'));
    expect(within(figures).getByTestId('figure-devices').textContent).toContain('40');
    expect(within(figures).getByTestId('figure-users').textContent).toContain('2');
    expect(within(figures).getByTestId('figure-subscriptions').textContent).toContain('17');
  });

  it('draws the three series of the last hour, a point a minute', async () => {
    const { api } = await renderMqttPage('mqtt_dashboard', answers);
    // Each chart carries its numbers in a table for screen readers.
    const clients = await screen.findByRole('table', { name: en.dashboard.clientsSeries });
    expect(within(clients).getByRole('columnheader', { name: en.kind.device })).toBeTruthy();
    expect(within(clients).getByText('33')).toBeTruthy();
    expect(
      within(await screen.findByRole('table', { name: en.dashboard.publishesSeries })).getByText('905'),
    ).toBeTruthy();
    expect(
      within(await screen.findByRole('table', { name: en.dashboard.subscriptionsSeries })).getByText('12'),
    ).toBeTruthy();
    for (const query of seriesCalls(api.calls)) {
      expect(query?.get('step')).toBe('60');
      expect(spanOf(query)).toBe(3600_000);
      // What the server's schema takes.
      expect(mqttSeriesQuerySchema.safeParse(Object.fromEntries(query ?? [])).success).toBe(true);
    }
  });

  it('draws the refused connects that named the company’s devices or keys, from the clients’ answer (issue 28)', async () => {
    const { api } = await renderMqttPage('mqtt_dashboard', answers);
    const refused = await screen.findByRole('table', { name: en.dashboard.refusedSeries });
    expect(within(refused).getByRole('columnheader', { name: en.dashboard.refused })).toBeTruthy();
    expect(within(refused).getByText('530')).toBeTruthy();
    expect(screen.getByText(en.dashboard.refusedHint)).toBeTruthy();
    // One call gives both charts their points.
    expect(callsTo(api.calls, 'GET', MQTT_PATHS.clientsSeries)).toHaveLength(1);
  });

  it('asks the series again for the chosen range, in a step that suits it', async () => {
    const { api } = await renderMqttPage('mqtt_dashboard', answers);
    await screen.findByRole('table', { name: en.dashboard.clientsSeries });
    await userEvent.click(screen.getByRole('radio', { name: en.dashboard.ranges['24h'] }));
    await waitFor(() =>
      expect(seriesCalls(api.calls).map((query) => query?.get('step'))).toEqual(['900', '900', '900']),
    );
    expect(seriesCalls(api.calls).map(spanOf)).toEqual([86_400_000, 86_400_000, 86_400_000]);
    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(seriesCalls(api.calls)[0]?.get('step')).toBe('3600'));
    expect(spanOf(seriesCalls(api.calls)[0])).toBe(7 * 86_400_000);
  });

  it("shows the broker's version and the clock offset at the answer", async () => {
    await renderMqttPage('mqtt_dashboard', answers);
    expect(await screen.findByText('aedes 1.2.0')).toBeTruthy();
    // The server answered 2 s ahead of the local clock, less the moment the answer took to arrive.
    await waitFor(() => expect(screen.getByTestId('clock-offset').textContent).toMatch(/^\+(2|1\.[5-9]) s$/));
  });

  it('a series that fails says why, with a retry', async () => {
    await renderMqttPage('mqtt_dashboard', {
      ...answers,
      [`GET ${MQTT_PATHS.publishesSeries}`]: refusal(503, {
        code: 'internal',
        message: 'Metrics unavailable',
      }),
    });
    const alert = await screen.findByText('Metrics unavailable', { selector: '[role="alert"] span' });
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: en.common.retry }),
    ).toBeTruthy();
  });
});

describe('the series step and the offset unit', () => {
  it('picks the finest step that draws the span in a readable number of points', () => {
    expect(seriesStep(3600)).toBe(60);
    expect(seriesStep(6 * 3600)).toBe(300);
    expect(seriesStep(24 * 3600)).toBe(900);
    expect(seriesStep(7 * 24 * 3600)).toBe(3600);
  });

  it('shows milliseconds under a second and seconds above', () => {
    expect(offsetUnit(-420.4)).toEqual({ value: -420, unit: 'ms' });
    expect(offsetUnit(999)).toEqual({ value: 999, unit: 'ms' });
    expect(offsetUnit(1_260)).toEqual({ value: 1.3, unit: 's' });
    expect(offsetUnit(-61_000)).toEqual({ value: -61, unit: 's' });
  });
});
