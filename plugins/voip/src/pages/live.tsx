import { useQuery } from '@tanstack/react-query';
import { VOIP_CALLS, type VoipExtensionStatus } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Alert, type DataTableHandle, Tag, type TagTone, useVisibleInterval } from '@vap/ui';
import type { RefObject } from 'react';

/** How often a shown list of extensions reads their registrations again (issue 33: "within seconds"). */
export const LIVE_REFRESH_MS = 3000;

export const SERVER_KEY = ['voip', 'server'] as const;

const TONES: Record<VoipExtensionStatus, TagTone> = {
  online: 'success',
  offline: 'default',
  not_connected: 'warning',
  needs_postgres: 'warning',
};

/** An extension's status as the SIP server's registrations say, or why they are not read. */
export function StatusTag({ status }: { status: VoipExtensionStatus }) {
  const t = useT('voip');
  return <Tag tone={TONES[status]}>{t(`status.${status}`)}</Tag>;
}

/** Where the phones register, or why no status is read (no SIP server, or the embedded database). */
export function ServerBanner() {
  const t = useT('voip');
  const voip = useClient(VOIP_CALLS);
  const server = useQuery({
    queryKey: SERVER_KEY,
    queryFn: ({ signal }) => voip.server(undefined, { signal }),
  });
  const data = server.data;
  if (!data) return null;
  if (data.live)
    return <Alert tone="info">{t('server.live', { server: data.server ?? '', domain: data.domain })}</Alert>;
  return <Alert tone="warning">{t(`server.${data.reason ?? 'not_connected'}`)}</Alert>;
}

/** Reads a list again quietly every LIVE_REFRESH_MS while the tab is shown: status, IP and UA stay live. */
export function useLiveList(table: RefObject<DataTableHandle | null>): void {
  useVisibleInterval(() => table.current?.refresh(), true, LIVE_REFRESH_MS);
}
