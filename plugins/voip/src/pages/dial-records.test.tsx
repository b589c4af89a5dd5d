import '@vap/ui/test-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import { VOIP_PATHS, type VoipDialRecord } from '@vap/contracts';
import { renderConsolePage } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import { callCenter, pageOf } from './test-fixtures.js';

const LIST = `GET ${VOIP_PATHS.dialRecords}`;
const record = (partial: Partial<VoipDialRecord> & Pick<VoipDialRecord, 'id'>): VoipDialRecord => ({
  caller: 'gate-01',
  callee: '80000',
  call_center_id: 9,
  call_center_dial_id: '80000',
  call_center_name: 'Front desk',
  agent: 'agent.100',
  started_at: '2026-11-20T08:00:00.000Z',
  answered_at: '2026-11-20T08:00:05.000Z',
  ended_at: '2026-11-20T09:02:08.000Z',
  duration: 3723,
  result: 'answered',
  ...partial,
});
const render = (answers = {}, options = {}) =>
  renderConsolePage(
    plugin,
    'voip_dial_record',
    {
      [LIST]: pageOf([
        record({ id: 1 }),
        record({ id: 2, caller: 'door-01', agent: null, duration: 0, result: 'queue_timeout' }),
      ]),
      [`GET ${VOIP_PATHS.callCenters}`]: pageOf([callCenter({ id: 9, dial_id: '80000' })]),
      ...answers,
    },
    options,
  );
const table = () => screen.findByRole('table', { name: en.dialRecord.title });

describe('voip_dial_record (spec §2.3, §5.7; issue 33)', () => {
  it('lists calls with their call center, agent, formatted duration and result', async () => {
    await render();
    const answered = (await within(await table()).findByText('gate-01')).closest('tr') as HTMLElement;
    expect(within(answered).getByText('1:02:03')).toBeTruthy();
    expect(within(answered).getByText(en.results.answered)).toBeTruthy();
    expect(within(answered).getByText('Front desk')).toBeTruthy();
    const timedOut = within(await table())
      .getByText('door-01')
      .closest('tr') as HTMLElement;
    expect(within(timedOut).getByText('0:00')).toBeTruthy();
    expect(within(timedOut).getByText(en.results.queue_timeout)).toBeTruthy();
  });

  it('says when there is no call, and offers the export only with the role’s button', async () => {
    await render({ [LIST]: pageOf([]) }, { roleId: 3, buttons: [] });
    expect(await screen.findByText(en.dialRecord.empty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    cleanup();
    await render({}, { roleId: 3, buttons: ['export'] });
    await table();
    expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('says beyond 5000 rows that the log export takes at most 5000, asking nothing (spec §8)', async () => {
    await render({ [LIST]: { body: { items: [record({ id: 1 })], total: 5001 } } });
    await table();
    const exportButton = await screen.findByRole('button', { name: 'Export' });
    exportButton.click();
    expect(await screen.findByText(/5000/)).toBeTruthy();
  });
});
