/**
 * The unread numbers behind the bell and the message icon (spec §2.2, §7.4, §9): both count calls
 * every POLL_INTERVAL_MS while someone shows them, the session is ready and the tab is visible.
 * Poll failures are only logged (spec §8); polling stops on logout and while the tab is hidden, and
 * resumes after. Every change is announced on the bus as `NoticesUnread` (points.ts).
 */
import {
  encodeListParam,
  type NOTICE_CALLS,
  POLL_INTERVAL_MS,
  READ_STATE,
  type UnreadCounts,
  type Where,
} from '@vap/contracts';
import {
  type Client,
  createServiceRef,
  type EventBus,
  type ServiceRef,
  type SessionService,
} from '@vap/kernel';
import { NoticesUnread } from './points.js';

/** The filter of the message dot (spec §7.4: `{k, o, v}` meaning state equals 0). */
export const UNREAD_FILTER: readonly Where[] = [{ k: 'state', o: '=', v: READ_STATE.unread }];
const UNREAD_FILTER_PARAM = encodeListParam(UNREAD_FILTER);

export class UnreadService {
  #counts: UnreadCounts | null = null;
  readonly #listeners = new Set<() => void>();
  #timer: ReturnType<typeof setInterval> | null = null;
  #inFlight = false;
  /** Bumped whenever polling stops, so that an answer for a finished session is dropped. */
  #generation = 0;
  #stopWatching: (() => void) | null = null;

  constructor(
    /** The client of the notices' calls, loaded with the first poll (see index.ts). */
    private readonly notices: () => Promise<Client<typeof NOTICE_CALLS>>,
    private readonly session: SessionService,
    private readonly bus: EventBus,
    private readonly document: Document | undefined = globalThis.document,
  ) {}

  /** The last numbers, null before the first answer (and after logout). */
  get counts(): UnreadCounts | null {
    return this.#counts;
  }

  readonly getSnapshot = (): UnreadCounts | null => this.#counts;

  /** For `useSyncExternalStore`: the first listener starts the polling, the last one stops it. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#watch();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#unwatch();
    };
  };

  /** Asks both counts now (after the user read something): the dots change at once. */
  async refresh(): Promise<void> {
    await this.#poll(true);
  }

  /** Whether a poll timer runs. */
  get polling(): boolean {
    return this.#timer !== null;
  }

  #watch(): void {
    const unsubscribeSession = this.session.subscribe(() => this.#update());
    const onVisibility = () => this.#update();
    this.document?.addEventListener('visibilitychange', onVisibility);
    this.#stopWatching = () => {
      unsubscribeSession();
      this.document?.removeEventListener('visibilitychange', onVisibility);
    };
    this.#update();
  }

  #unwatch(): void {
    this.#stopWatching?.();
    this.#stopWatching = null;
    this.#stop();
  }

  #shouldPoll(): boolean {
    return (
      this.#listeners.size > 0 &&
      this.session.state.status === 'ready' &&
      this.document?.visibilityState !== 'hidden'
    );
  }

  #update(): void {
    if (this.session.state.status === 'anonymous' && this.#counts !== null) {
      // Signed out: nothing of the previous user stays on screen (a reload only pauses the polling).
      this.#counts = null;
      this.#notify();
    }
    if (this.#shouldPoll()) {
      if (this.#timer === null) {
        this.#timer = setInterval(() => void this.#poll(false), POLL_INTERVAL_MS);
        void this.#poll(false);
      }
    } else this.#stop();
  }

  #stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    this.#generation++;
    this.#inFlight = false;
  }

  async #poll(force: boolean): Promise<void> {
    // A slow answer is not overtaken by the next tick; a refresh after a read always asks.
    if (this.#inFlight && !force) return;
    if (this.session.state.status !== 'ready') return;
    const generation = this.#generation;
    this.#inFlight = true;
    const client = this.notices();
    const [notices, messages] = await Promise.allSettled([
      // Polls are quiet: a failure is only logged (spec §8).
      client.then((calls) => calls.unreadNotices(undefined, { quiet: true })).then(({ unread }) => unread),
      client
        .then((calls) => calls.countMessages({ query: { wheres: UNREAD_FILTER_PARAM } }, { quiet: true }))
        .then(({ count }) => count),
    ]);
    if (generation !== this.#generation) return;
    this.#inFlight = false;
    // Failures were logged by the quiet calls; the numbers that did arrive are kept.
    const next: UnreadCounts = {
      notices: notices.status === 'fulfilled' ? notices.value : (this.#counts?.notices ?? 0),
      messages: messages.status === 'fulfilled' ? messages.value : (this.#counts?.messages ?? 0),
    };
    if (notices.status === 'rejected' && messages.status === 'rejected') return;
    const changed = next.notices !== this.#counts?.notices || next.messages !== this.#counts?.messages;
    if (!changed && !force) return;
    this.#counts = next;
    this.#notify();
    this.bus.emit(NoticesUnread, next);
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }
}

export const UnreadRef: ServiceRef<UnreadService> = createServiceRef<UnreadService>('notices.unread');
