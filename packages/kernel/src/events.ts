/**
 * The typed event bus. Event types are declared in `KernelEvents`; plugins add their own by
 * declaration merging (`declare module '@vap/kernel' { interface KernelEvents { … } }`).
 */
import { filter, map, type Observable, Subject, type Subscription } from 'rxjs';

export interface KernelEvents {
  /** A user signed in (a new token is stored). */
  'session.login': { userId: number };
  /** The session ended by the user's own logout. */
  'session.logout': Record<string, never>;
  /** Everything derived from the previous session is to be dropped (logout, failure, another sign-in). */
  'session.cleared': Record<string, never>;
  /** The server answered 401 to a signed-in call (spec §8). */
  'session.expired': { message: string };
  /** The signed-in user has no menus at all (spec §4.1). */
  'session.noAccess': Record<string, never>;
  /** A call failed; the console shows the message (spec §8). Quiet calls and 401s are not announced. */
  'http.error': { status: number; code: string; message: string };
  /** Navigation by route name to a page the user may not open (spec §2.3 'not permitted'). */
  'navigation.notPermitted': { name: string };
  /** A tab's page is reloaded in place (its state is dropped, its data fetched again). */
  'tabs.refresh': { key: string; name: string };
}

interface Envelope {
  type: keyof KernelEvents;
  payload: unknown;
}

export class EventBus {
  readonly #subject = new Subject<Envelope>();

  emit<K extends keyof KernelEvents>(type: K, payload: KernelEvents[K]): void {
    this.#subject.next({ type, payload });
  }

  on<K extends keyof KernelEvents>(type: K): Observable<KernelEvents[K]> {
    return this.#subject.pipe(
      filter((event) => event.type === type),
      map((event) => event.payload as KernelEvents[K]),
    );
  }

  subscribe<K extends keyof KernelEvents>(
    type: K,
    handler: (payload: KernelEvents[K]) => void,
  ): Subscription {
    return this.on(type).subscribe(handler);
  }
}
