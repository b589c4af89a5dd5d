import { useQuery } from '@tanstack/react-query';
import { VOIP_CALLS, type VoipSoftphoneSignIn, voipSoftphoneSignInSchema } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  Card,
  Form,
  FormField,
  Input,
  PasswordInput,
  SubmitButton,
  Switch,
  Tag,
  useZodForm,
} from '@vap/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SERVER_KEY } from '../live.js';
import type { CallState, IncomingCall, SignInFailure, SipPhone } from './sip-phone.js';

type Failure = SignInFailure | 'lost';

type Phase =
  | { kind: 'signedOut'; failure?: Failure }
  | { kind: 'connecting'; dialId: string }
  | { kind: 'registered'; dialId: string };

interface Call extends IncomingCall {
  state: CallState;
  /** When the call was answered (ms), for its duration. */
  since: number | null;
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
function useCallCenterNames(dialId: string | null): Map<string, string> {
  const voip = useClient(VOIP_CALLS);
  const own = useQuery({
    queryKey: ['voip', 'softphone', 'agent', dialId],
    enabled: dialId !== null,
    queryFn: ({ signal }) =>
      voip.agentPhones(
        {
          query: {
            page: 1,
            size: 20,
            wheres: [{ k: 'dial_id', o: 'like', v: dialId ?? '' }],
            orders: [],
          },
        },
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
 * The agent's browser softphone (issue 33): signs in to the agent's own extension (dial id and
 * password, kept nowhere but in the SIP user agent while signed in) over the SIP server's WebSocket,
 * shows the registration, an incoming call — who calls and through which call center —, answers,
 * rejects and hangs up, with the call's duration. The microphone is off until the agent turns it
 * on; only then does the browser ask for it. SIP.js is loaded when the agent signs in. The agent
 * phones page is kept alive as a tab, so the softphone stays signed in while its tab is open.
 */
export function Softphone() {
  const t = useT('voip');
  const voip = useClient(VOIP_CALLS);
  const server = useQuery({
    queryKey: SERVER_KEY,
    queryFn: ({ signal }) => voip.server(undefined, { signal }),
  });
  const [phase, setPhase] = useState<Phase>({ kind: 'signedOut' });
  const [call, setCall] = useState<Call | null>(null);
  const [micOn, setMicOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const phone = useRef<SipPhone | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const form = useZodForm(voipSoftphoneSignInSchema, { defaultValues: { dial_id: '', password: '' } });
  const names = useCallCenterNames(phase.kind === 'registered' ? phase.dialId : null);

  // Leaving the page (closing its tab) signs the softphone out.
  useEffect(
    () => () => {
      void phone.current?.signOut();
      phone.current = null;
    },
    [],
  );

  const signOut = useCallback(async (failure?: Failure) => {
    const current = phone.current;
    phone.current = null;
    setCall(null);
    setPhase(failure ? { kind: 'signedOut', failure } : { kind: 'signedOut' });
    await current?.signOut();
  }, []);

  const data = server.data;
  if (!data) return null;
  const websocket = data.websocket;

  const signIn = async (values: { dial_id: string; password: string }) => {
    if (!websocket) return;
    setPhase({ kind: 'connecting', dialId: values.dial_id });
    try {
      const { signIn: register } = await import('./sip-phone.js');
      phone.current = await register({
        websocket,
        domain: data.domain,
        dialId: values.dial_id,
        password: values.password,
        audio: () => audio.current,
        events: {
          onRegistered: (registered) => {
            if (!registered) void signOut('lost');
          },
          onIncoming: (incoming) => setCall({ ...incoming, state: 'ringing', since: null }),
          onCallState: (state) =>
            setCall((before) => {
              if (state === 'ended') return null;
              if (!before) return before;
              return { ...before, state, since: state === 'established' ? Date.now() : before.since };
            }),
        },
      });
      // The password lives only in the SIP user agent from now on.
      form.reset({ dial_id: values.dial_id, password: '' });
      setPhase({ kind: 'registered', dialId: values.dial_id });
    } catch (error) {
      const failure: Failure =
        error === 'wrong_password' || error === 'unreachable' || error === 'refused' ? error : 'unreachable';
      form.setValue('password', '');
      setPhase({ kind: 'signedOut', failure });
    }
  };

  const act = async (action: (current: SipPhone) => Promise<void>) => {
    const current = phone.current;
    if (!current) return;
    setBusy(true);
    try {
      await action(current);
    } finally {
      setBusy(false);
    }
  };

  const toggleMic = (on: boolean) => {
    setMicOn(on);
    if (call?.state === 'established') void act((current) => current.setMicrophone(on));
  };

  const caller = call ? (call.fromName ? `${call.fromName} (${call.from})` : call.from) : '';
  const center = call?.callCenter
    ? names.has(call.callCenter)
      ? `${names.get(call.callCenter)} (${call.callCenter})`
      : call.callCenter
    : null;

  return (
    <Card title={t('softphone.title')} aria-label={t('softphone.title')}>
      {!websocket ? (
        <Alert tone="warning">
          {t('softphone.unavailable', {
            reason: data.reason ? t(`server.${data.reason}`) : t('softphone.noWebsocket'),
          })}
        </Alert>
      ) : phase.kind !== 'registered' ? (
        <Form form={form} onSubmit={signIn} className="max-w-xl" aria-label={t('softphone.signInForm')}>
          <p className="text-sm text-ink-soft">{t('softphone.description', { domain: data.domain })}</p>
          {phase.kind === 'signedOut' && phase.failure ? (
            <Alert tone="error">{t(`softphone.failed.${phase.failure}`)}</Alert>
          ) : null}
          <div className="flex flex-wrap items-start gap-4">
            <FormField<VoipSoftphoneSignIn, 'dial_id'>
              name="dial_id"
              label={t('field.dialId')}
              required
              className="w-48"
              render={({ field }) => <Input {...field} maxLength={20} autoComplete="username" />}
            />
            <FormField<VoipSoftphoneSignIn, 'password'>
              name="password"
              label={t('field.password')}
              required
              className="w-48"
              render={({ field }) => (
                <PasswordInput {...field} maxLength={20} autoComplete="current-password" />
              )}
            />
          </div>
          <div className="flex items-center gap-3">
            <SubmitButton loading={phase.kind === 'connecting'}>{t('softphone.signIn')}</SubmitButton>
            {phase.kind === 'connecting' ? (
              <span role="status" className="text-sm text-ink-soft">
                {t('softphone.connecting')}
              </span>
            ) : null}
          </div>
        </Form>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <span role="status">
              <Tag tone="success">{t('softphone.registered', { dialId: phase.dialId })}</Tag>
            </span>
            <Switch checked={micOn} onCheckedChange={toggleMic}>
              {t('softphone.microphone')}
            </Switch>
            <span className="text-xs text-ink-soft">{t('softphone.microphoneHint')}</span>
            <Button className="ml-auto" onClick={() => void signOut()}>
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
                    <Button
                      variant="primary"
                      loading={busy}
                      onClick={() => void act((current) => current.answer(micOn))}
                    >
                      {t('softphone.answer')}
                    </Button>
                    <Button
                      variant="danger"
                      disabled={busy}
                      onClick={() => void act((current) => current.reject())}
                    >
                      {t('softphone.reject')}
                    </Button>
                  </>
                ) : (
                  <Button
                    variant="danger"
                    disabled={busy}
                    onClick={() => void act((current) => current.hangUp())}
                  >
                    {t('softphone.hangUp')}
                  </Button>
                )}
              </span>
            </section>
          ) : (
            <p className="text-sm text-ink-soft">{t('softphone.idle')}</p>
          )}
        </div>
      )}
      {/* The remote party's voice; a call has no captions to offer. */}
      {/* biome-ignore lint/a11y/useMediaCaption: live telephone audio */}
      <audio ref={audio} autoPlay hidden data-testid="softphone-audio" />
    </Card>
  );
}
