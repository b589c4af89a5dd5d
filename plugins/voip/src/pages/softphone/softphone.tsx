import { useQuery } from '@tanstack/react-query';
import { VOIP_CALLS, type VoipSoftphoneSignIn, voipSoftphoneSignInSchema } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Alert, Form, FormField, Input, PasswordInput, SubmitButton, useZodForm } from '@vap/ui';
import { type ComponentType, useCallback, useEffect, useId, useRef, useState } from 'react';
import { SERVER_KEY } from '../live.js';
import type { Call, SignedInProps } from './signed-in.js';
import type { SignInFailure, SipPhone } from './sip-phone.js';

type Failure = SignInFailure | 'lost';

type Phase =
  | { kind: 'signedOut'; failure?: Failure }
  | { kind: 'connecting'; dialId: string }
  | { kind: 'registered'; dialId: string; View: ComponentType<SignedInProps> };

/**
 * The agent's browser softphone (issue 33): signs in to the agent's own extension (dial id and
 * password, kept nowhere but in the SIP user agent while signed in) over the SIP server's WebSocket,
 * shows the registration, an incoming call — who calls and through which call center —, answers,
 * rejects and hangs up, with the call's duration. The microphone is off until the agent turns it
 * on; only then does the browser ask for it. SIP.js and the signed-in view (sip-phone.ts,
 * signed-in.tsx) load when the agent signs in, not with the page. The agent phones page is kept
 * alive as a tab, so the softphone stays signed in while its tab is open.
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
  const titleId = useId();
  const form = useZodForm(voipSoftphoneSignInSchema, { defaultValues: { dial_id: '', password: '' } });

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
      // SIP.js and the signed-in view load now, not with the page.
      const [{ signIn: register }, { SignedIn }] = await Promise.all([
        import('./sip-phone.js'),
        import('./signed-in.js'),
      ]);
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
      setPhase({ kind: 'registered', dialId: values.dial_id, View: SignedIn });
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

  return (
    // A card of its own markup (not the UI kit's Card): the page's first load stays light.
    <section aria-labelledby={titleId} className="rounded-md border border-line-soft bg-surface">
      <h2 id={titleId} className="border-b border-line-soft px-5 py-3 text-base font-medium text-ink">
        {t('softphone.title')}
      </h2>
      <div className="p-5">
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
          <phase.View
            dialId={phase.dialId}
            call={call}
            micOn={micOn}
            busy={busy}
            onMicrophone={toggleMic}
            onAnswer={() => void act((current) => current.answer(micOn))}
            onReject={() => void act((current) => current.reject())}
            onHangUp={() => void act((current) => current.hangUp())}
            onSignOut={() => void signOut()}
          />
        )}
        {/* The remote party's voice; a call has no captions to offer. */}
        {/* biome-ignore lint/a11y/useMediaCaption: live telephone audio */}
        <audio ref={audio} autoPlay hidden data-testid="softphone-audio" />
      </div>
    </section>
  );
}
