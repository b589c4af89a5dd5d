import { useQuery } from '@tanstack/react-query';
import { VOIP_CALLS } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Button, Switch, Tag } from '@vap/ui';
import { useEffect, useState } from 'react';
import type { CallState, IncomingCall } from './sip-phone.js';

export interface Call extends IncomingCall {
  state: CallState;
  /** When the call was answered (ms), for its duration. */
  since: number | null;
}

export interface SignedInProps {
  dialId: string;
  call: Call | null;
  micOn: boolean;
  /** An answer, reject or hang-up is under way. */
  busy: boolean;
  onMicrophone(on: boolean): void;
  onAnswer(): void;
  onReject(): void;
  onHangUp(): void;
  onSignOut(): void;
}

/** m:ss, or h:mm:ss past an hour. */
export function callDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Seconds of an answered call, ticking while it lasts. */
function Duration({ since }: { since: number }) {
  const t = useT('voip');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span data-testid="softphone-duration">
      {t('softphone.duration', { duration: callDuration(now - since) })}
    </span>
  );
}

/** The call centers the signed-in agent answers for, by dial id: their names for an incoming call. */
function useCallCenterNames(dialId: string): Map<string, string> {
  const voip = useClient(VOIP_CALLS);
  const own = useQuery({
    queryKey: ['voip', 'softphone', 'agent', dialId],
    queryFn: ({ signal }) =>
      voip.agentPhones(
        { query: { page: 1, size: 20, wheres: [{ k: 'dial_id', o: 'like', v: dialId }], orders: [] } },
        { signal },
      ),
  });
  const names = new Map<string, string>();
  for (const phone of own.data?.items ?? []) {
    if (phone.dial_id !== dialId) continue;
    for (const center of phone.call_centers) names.set(center.dial_id, center.name);
  }
  return names;
}

/**
 * The softphone once signed in (loaded with SIP.js, not with the page): the registration, the
 * microphone switch (off until the agent turns it on), and the call — who calls, through which call
 * center (named when the agent's own extension lists it), answer or reject, hang up, its duration.
 */
export function SignedIn({
  dialId,
  call,
  micOn,
  busy,
  onMicrophone,
  onAnswer,
  onReject,
  onHangUp,
  onSignOut,
}: SignedInProps) {
  const t = useT('voip');
  const names = useCallCenterNames(dialId);
  const caller = call ? (call.fromName ? `${call.fromName} (${call.from})` : call.from) : '';
  const centerName = call?.callCenter ? names.get(call.callCenter) : undefined;
  const center = call?.callCenter
    ? centerName
      ? `${centerName} (${call.callCenter})`
      : call.callCenter
    : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <span role="status">
          <Tag tone="success">{t('softphone.registered', { dialId })}</Tag>
        </span>
        <Switch checked={micOn} onCheckedChange={onMicrophone}>
          {t('softphone.microphone')}
        </Switch>
        <span className="text-xs text-ink-soft">{t('softphone.microphoneHint')}</span>
        <Button className="ml-auto" onClick={onSignOut}>
          {t('softphone.signOut')}
        </Button>
      </div>
      {call ? (
        <section
          aria-label={t('softphone.call')}
          className="flex flex-wrap items-center gap-3 rounded border border-line-soft p-3"
        >
          <div className="flex flex-col gap-1" role={call.state === 'ringing' ? 'alert' : undefined}>
            <strong className="text-ink">
              {call.state === 'ringing'
                ? t('softphone.incoming', { caller })
                : t('softphone.inCall', { caller })}
            </strong>
            <span className="text-sm text-ink-soft">
              {center ? t('softphone.through', { callCenter: center }) : t('softphone.direct')}
            </span>
            {call.state === 'connecting' ? (
              <span className="text-sm text-ink-soft">{t('softphone.connecting')}</span>
            ) : null}
            {call.state === 'established' && call.since !== null ? <Duration since={call.since} /> : null}
          </div>
          <span className="ml-auto flex gap-2">
            {call.state === 'ringing' ? (
              <>
                <Button variant="primary" loading={busy} onClick={onAnswer}>
                  {t('softphone.answer')}
                </Button>
                <Button variant="danger" disabled={busy} onClick={onReject}>
                  {t('softphone.reject')}
                </Button>
              </>
            ) : (
              <Button variant="danger" disabled={busy} onClick={onHangUp}>
                {t('softphone.hangUp')}
              </Button>
            )}
          </span>
        </section>
      ) : (
        <p className="text-sm text-ink-soft">{t('softphone.idle')}</p>
      )}
    </div>
  );
}
