/**
 * The softphone's SIP side (issue 33, "beyond the anchors"): SIP.js over the SIP server's WebSocket
 * listener, registered as one agent extension with its digest credentials. Loaded only when an agent
 * signs in (a dynamic import), so the agent-phones page's first load does not carry SIP.js. Media is
 * SIP.js's WebRTC session description handler: the microphone is asked for only when the agent has
 * turned it on (constraints {audio: micOn}); with it off, the answer receives audio and sends none.
 */
import {
  type Invitation,
  Registerer,
  RegistererState,
  type Session,
  SessionState,
  UserAgent,
  type Web,
} from 'sip.js';

/** Why signing in failed: the password (or dial id) refused, the server not reached, or anything else. */
export type SignInFailure = 'wrong_password' | 'unreachable' | 'refused';

export interface IncomingCall {
  /** The caller's dial id (the From user). */
  from: string;
  /** The caller's display name, when the From header carries one. */
  fromName: string | null;
  /** The call center that rang this agent (Kamailio's X-Call-Center), or null for a direct call. */
  callCenter: string | null;
}

export type CallState = 'ringing' | 'connecting' | 'established' | 'ended';

export interface PhoneEvents {
  /** Registered; or the registration was lost (the server gone, expired). */
  onRegistered(registered: boolean): void;
  onIncoming(call: IncomingCall): void;
  onCallState(state: CallState): void;
}

export interface SignInOptions {
  websocket: string;
  domain: string;
  dialId: string;
  password: string;
  /** The <audio> element the remote party is played through. */
  audio: () => HTMLAudioElement | null;
  events: PhoneEvents;
}

export interface SipPhone {
  /** Answers the ringing call, asking for the microphone only when `micOn`. */
  answer(micOn: boolean): Promise<void>;
  /** Rejects the ringing call (603 Decline). */
  reject(): Promise<void>;
  /** Hangs up the established call (BYE), or cancels one being answered. */
  hangUp(): Promise<void>;
  /** Turns the microphone on or off in the established call. */
  setMicrophone(on: boolean): Promise<void>;
  /** Unregisters and closes the connection. */
  signOut(): Promise<void>;
}

/** Registers `dialId@domain` at `websocket`; resolves once registered, rejects with a SignInFailure. */
export async function signIn(options: SignInOptions): Promise<SipPhone> {
  const { events } = options;
  const uri = UserAgent.makeURI(`sip:${options.dialId}@${options.domain}`);
  if (!uri) throw 'refused' satisfies SignInFailure;
  let current: Invitation | null = null;
  let stopped = false;

  const playRemote = (session: Session) => {
    const handler = session.sessionDescriptionHandler as Web.SessionDescriptionHandler | undefined;
    const audio = options.audio();
    if (!handler || !audio) return;
    audio.srcObject = handler.remoteMediaStream;
    void audio.play().catch(() => {});
  };

  const ua = new UserAgent({
    uri,
    authorizationUsername: options.dialId,
    authorizationPassword: options.password,
    transportOptions: { server: options.websocket, connectionTimeout: 8 },
    userAgentString: 'VAP Console softphone',
    // No public STUN server (SIP.js's default is Google's): the host's own candidates, as on the
    // network the SIP server serves; gathering is not waited for long.
    sessionDescriptionHandlerFactoryOptions: {
      peerConnectionConfiguration: { iceServers: [] },
      iceGatheringTimeout: 2000,
    },
    logBuiltinEnabled: false,
    logLevel: 'error',
    delegate: {
      onInvite(invitation) {
        if (current) {
          // One call at a time: a second call finds the agent busy.
          void invitation.reject({ statusCode: 486 }).catch(() => {});
          return;
        }
        current = invitation;
        invitation.stateChange.addListener((state) => {
          if (state === SessionState.Establishing) events.onCallState('connecting');
          else if (state === SessionState.Established) {
            playRemote(invitation);
            events.onCallState('established');
          } else if (state === SessionState.Terminated) {
            if (current === invitation) current = null;
            const audio = options.audio();
            if (audio) audio.srcObject = null;
            events.onCallState('ended');
          }
        });
        const identity = invitation.remoteIdentity;
        events.onIncoming({
          from: identity.uri.user ?? '',
          fromName: identity.displayName || null,
          callCenter: invitation.request.getHeader('X-Call-Center')?.trim() || null,
        });
      },
      onDisconnect() {
        if (!stopped) events.onRegistered(false);
      },
    },
  });

  try {
    await ua.start();
  } catch {
    throw 'unreachable' satisfies SignInFailure;
  }
  const registerer = new Registerer(ua, { expires: 300 });
  const registered = await new Promise<boolean | SignInFailure>((resolve) => {
    const timer = setTimeout(() => resolve('unreachable'), 10_000);
    registerer.stateChange.addListener((state) => {
      if (state === RegistererState.Registered) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    void registerer
      .register({
        requestDelegate: {
          onReject(response) {
            clearTimeout(timer);
            const status = response.message.statusCode ?? 0;
            resolve(status === 401 || status === 403 || status === 407 ? 'wrong_password' : 'refused');
          },
        },
      })
      .catch(() => resolve('refused'));
  });
  if (registered !== true) {
    stopped = true;
    await ua.stop().catch(() => {});
    throw registered;
  }
  registerer.stateChange.addListener((state) => {
    if (!stopped) events.onRegistered(state === RegistererState.Registered);
  });

  const handlerOf = () => current?.sessionDescriptionHandler as Web.SessionDescriptionHandler | undefined;

  return {
    async answer(micOn) {
      const call = current;
      if (!call || call.state !== SessionState.Initial) return;
      await call.accept({
        sessionDescriptionHandlerOptions: { constraints: { audio: micOn, video: false } },
      });
    },
    async reject() {
      const call = current;
      if (!call || call.state !== SessionState.Initial) return;
      await call.reject({ statusCode: 603 });
    },
    async hangUp() {
      const call = current;
      if (!call) return;
      if (call.state === SessionState.Established) await call.bye();
      else if (call.state === SessionState.Initial) await call.reject({ statusCode: 603 });
      else if (call.state === SessionState.Establishing) call.dispose();
    },
    async setMicrophone(on) {
      const call = current;
      const handler = handlerOf();
      if (!call || !handler || call.state !== SessionState.Established) return;
      if (!on) {
        // Off: nothing is sent, and the microphone is released.
        handler.enableSenderTracks(false);
        for (const track of handler.localMediaStream.getAudioTracks()) track.stop();
        return;
      }
      const sender = handler.peerConnection?.getSenders().find((each) => each.track?.kind === 'audio');
      if (sender) {
        // Turned on again: a new microphone track in the same sender, no renegotiation.
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
        const track = stream.getAudioTracks()[0];
        if (track) await sender.replaceTrack(track);
        handler.enableSenderTracks(true);
        return;
      }
      // Answered without a microphone: a re-INVITE that now sends audio.
      await call.invite({
        sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } },
      });
    },
    async signOut() {
      stopped = true;
      const call = current;
      if (call?.state === SessionState.Established) await call.bye().catch(() => {});
      else if (call?.state === SessionState.Initial) await call.reject({ statusCode: 486 }).catch(() => {});
      await registerer.unregister().catch(() => {});
      await ua.stop().catch(() => {});
    },
  };
}
