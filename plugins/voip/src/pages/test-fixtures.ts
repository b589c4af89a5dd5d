/** Answers of the voip calls for the pages' tests, and the steps of their Add dialogs. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VOIP_PATHS, type VoipCallCenter, type VoipExtension } from '@vap/contracts';
import en from '../locales/en.json';

export const SERVER = {
  [`GET ${VOIP_PATHS.server}`]: {
    body: {
      server: 'udp:sip.example.com:5060',
      websocket: null,
      live: true,
      reason: null,
      domain: 'c1.sip.example.com',
    },
  },
};

export const extension = (
  partial: Partial<VoipExtension> & Pick<VoipExtension, 'id' | 'dial_id'>,
): VoipExtension => ({
  kind: 'agent',
  domain: 'c1.sip.example.com',
  display_name: '',
  device_sn: null,
  device_name: null,
  status: 'offline',
  ip: null,
  ua: null,
  call_centers: [],
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  ...partial,
});

export const callCenter = (
  partial: Partial<VoipCallCenter> & Pick<VoipCallCenter, 'id' | 'dial_id'>,
): VoipCallCenter => ({
  name: 'Front desk',
  strategy: 'top_down',
  max_wait: 0,
  ring_timeout: 20,
  delay_no_answer: 30,
  delay_busy: 60,
  delay_reject: 120,
  agents: [],
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  ...partial,
});

export { pageOf } from '@vap/kernel/testing';

/** Clicks Add once the list, the table named `list`, is shown; returns the dialog `title` it opens. */
export async function openAddDialog(list: string, title: string): Promise<HTMLElement> {
  await screen.findByRole('table', { name: list });
  await userEvent.click(screen.getByRole('button', { name: en.add }));
  return screen.findByRole('dialog', { name: title });
}

/** Types each text into the field of `dialog` that its label names. */
export async function typeFields(dialog: HTMLElement, fields: Record<string, string>) {
  for (const [label, text] of Object.entries(fields)) {
    await userEvent.type(within(dialog).getByLabelText(label), text);
  }
}
