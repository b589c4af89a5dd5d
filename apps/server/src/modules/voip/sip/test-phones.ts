/**
 * Real SIP user agents for the SIP server's tests: SIP.js over WebSocket (the transport a browser
 * softphone uses), with `ws` as its WebSocket and, there being no media in these tests, a session
 * description handler that offers and accepts a fixed audio SDP. Each phone registers with its
 * digest credentials, places calls and answers, ignores, rejects or refuses incoming ones as told,
 * noting when each rang.
 */
import {
  type Invitation,
  Inviter,
  Registerer,
  RegistererState,
  type Session,
  type SessionDescriptionHandler,
  SessionState,
  UserAgent,
} from 'sip.js';
import WebSocket from 'ws';

const SDP = [
  'v=0',
  'o=- 1 1 IN IP4 127.0.0.1',
  's=-',
  'c=IN IP4 127.0.0.1',
  't=0 0',
  'm=audio 9 RTP/AVP 0',
  'a=rtpmap:0 PCMU/8000',
  '',
].join('\r\n');

/**
 * An offer shaped as a browser's WebRTC offer (DTLS-SRTP, ICE credentials, one bundled audio m-line
 * with rtcp-mux): what a WebRTC softphone must accept, there being no media behind it here.
 */
export const WEBRTC_OFFER = [
  'v=0',
  'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=msid-semantic: WMS',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 0',
  'c=IN IP4 0.0.0.0',
  'a=rtcp:9 IN IP4 0.0.0.0',
  'a=ice-ufrag:vapT',
  'a=ice-pwd:vapTestIcePassword0123456',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 7B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08',
  'a=setup:actpass',
  'a=mid:0',
  'a=sendrecv',
  'a=rtcp-mux',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:0 PCMU/8000',
  '',
].join('\r\n');

function noMedia(sdp = SDP): SessionDescriptionHandler {
  return {
    close() {},
    async getDescription() {
      return { body: sdp, contentType: 'application/sdp' };
    },
    hasDescription: (contentType) => contentType === 'application/sdp',
    async setDescription() {},
    sendDtmf: () => false,
  };
}

/** What a phone does with a call that rings it. */
export type Answering = 'answer' | 'ignore' | 'busy' | 'reject';

export interface Ring {
  at: number;
  from: string;
  invitation: Invitation;
}

export interface CallOutcome {
  /** The final status of the INVITE: 200 answered, or the failure the caller got. */
  status: number;
  /** The body of a 200 (the callee's session description). */
  body?: string;
  /** Milliseconds from sending the INVITE to its final response. */
  after: number;
  session: Inviter;
}

export interface TestPhone {
  dialId: string;
  domain: string;
  ua: UserAgent;
  /** Calls that rang this phone, in order. */
  rings: Ring[];
  /** What the phone does with the next calls (answer at once by default). */
  answering: Answering;
  /** Milliseconds the phone rings before it answers, busies or rejects. */
  answerAfterMs: number;
  /** Registers; answers whether the server accepted it. */
  register(): Promise<boolean>;
  unregister(): Promise<void>;
  /** Calls `dialId` (of this phone's domain unless `domain`): the call, and its final response. */
  dial(
    dialId: string,
    domain?: string,
    extraHeaders?: string[],
  ): { inviter: Inviter; done: Promise<CallOutcome> };
  /** Calls `dialId` until a final response. */
  call(dialId: string, domain?: string): Promise<CallOutcome>;
  /** Hangs up every established call. */
  hangUpAll(): Promise<void>;
  stop(): Promise<void>;
}

export interface TestPhoneOptions {
  wsUrl: string;
  dialId: string;
  domain: string;
  password: string;
  /** The digest user, when it is not the dial id (registering as someone else). */
  authUser?: string;
  /** The session description this phone offers and answers with (a plain-RTP audio one by default). */
  sdp?: string;
}

/** SIP.js opens `new WebSocket(url, 'sip')` on the global; Node 20 has none until this is called. */
export function useWsAsWebSocket(): () => void {
  const global = globalThis as { WebSocket?: unknown };
  const before = global.WebSocket;
  global.WebSocket = WebSocket;
  return () => {
    global.WebSocket = before;
  };
}

export async function startPhone(options: TestPhoneOptions): Promise<TestPhone> {
  const uri = UserAgent.makeURI(`sip:${options.dialId}@${options.domain}`);
  if (!uri) throw new Error(`bad SIP URI for ${options.dialId}`);
  const sessions = new Set<Session>();
  const phone: Partial<TestPhone> & { rings: Ring[]; answering: Answering } = {
    rings: [],
    answering: 'answer',
  };
  const ua = new UserAgent({
    uri,
    authorizationUsername: options.authUser ?? options.dialId,
    authorizationPassword: options.password,
    transportOptions: { server: options.wsUrl, connectionTimeout: 5 },
    sessionDescriptionHandlerFactory: () => noMedia(options.sdp),
    userAgentString: `VAP test phone ${options.dialId}`,
    logBuiltinEnabled: false,
    logLevel: 'error',
    noAnswerTimeout: 120,
    delegate: {
      onInvite(invitation) {
        phone.rings.push({ at: Date.now(), from: invitation.remoteIdentity.uri.user ?? '', invitation });
        sessions.add(invitation);
        invitation.stateChange.addListener((state) => {
          if (state === SessionState.Terminated) sessions.delete(invitation);
        });
        const answering = phone.answering;
        const act = () => {
          if (invitation.state !== SessionState.Initial) return;
          if (answering === 'answer') void invitation.accept().catch(() => {});
          else if (answering === 'busy') void invitation.reject({ statusCode: 486 }).catch(() => {});
          else if (answering === 'reject') void invitation.reject({ statusCode: 603 }).catch(() => {});
        };
        const after = phone.answerAfterMs ?? 0;
        if (after > 0) setTimeout(act, after);
        else act();
      },
    },
  });
  await ua.start();
  const registerer = new Registerer(ua, { expires: 60 });

  return Object.assign(phone, {
    dialId: options.dialId,
    domain: options.domain,
    ua,
    register() {
      return new Promise<boolean>((resolveRegister) => {
        const listener = (state: RegistererState) => {
          if (state === RegistererState.Registered) resolveRegister(true);
        };
        registerer.stateChange.addListener(listener);
        void registerer
          .register({
            requestDelegate: {
              onReject: () => resolveRegister(false),
            },
          })
          .catch(() => resolveRegister(false));
        setTimeout(() => resolveRegister(false), 5000);
      });
    },
    async unregister() {
      await new Promise<void>((resolveUnregister) => {
        void registerer
          .unregister({
            requestDelegate: { onAccept: () => resolveUnregister(), onReject: () => resolveUnregister() },
          })
          .catch(() => resolveUnregister());
        setTimeout(resolveUnregister, 5000);
      });
    },
    call(dialId: string, domain = options.domain) {
      return (phone as TestPhone).dial(dialId, domain).done;
    },
    dial(dialId: string, domain = options.domain, extraHeaders: string[] = []) {
      const target = UserAgent.makeURI(`sip:${dialId}@${domain}`);
      if (!target) throw new Error(`bad SIP URI for ${dialId}`);
      const inviter = new Inviter(ua, target, { extraHeaders });
      sessions.add(inviter);
      inviter.stateChange.addListener((state) => {
        if (state === SessionState.Terminated) sessions.delete(inviter);
      });
      const sent = Date.now();
      const done = new Promise<CallOutcome>((resolveCall, reject) => {
        void inviter
          .invite({
            requestDelegate: {
              onAccept: (response) =>
                resolveCall({
                  status: 200,
                  body: response.message.body,
                  after: Date.now() - sent,
                  session: inviter,
                }),
              onReject: (response) =>
                resolveCall({
                  status: response.message.statusCode ?? 0,
                  after: Date.now() - sent,
                  session: inviter,
                }),
            },
          })
          .catch(reject);
      });
      return { inviter, done };
    },
    async hangUpAll() {
      await Promise.all(
        [...sessions].map(async (session) => {
          if (session.state === SessionState.Established) await session.bye().catch(() => {});
        }),
      );
    },
    async stop() {
      await phone.hangUpAll?.();
      await ua.stop().catch(() => {});
    },
  }) as TestPhone;
}
