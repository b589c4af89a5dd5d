/** Answers of the voip calls for the pages' tests. */
import { VOIP_PATHS, type VoipCallCenter, type VoipExtension } from '@vap/contracts';

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

export const pageOf = <T>(items: T[]) => ({ body: { items, total: items.length } });
