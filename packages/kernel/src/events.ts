/**
 * The typed event bus. The kernel's own events are declared in `KernelEvents`. A plugin's event
 * that other plugins may hear is declared once, by that plugin, as a typed value
 * (`defineEvent<Payload>('notices.unread@1')`) exported from its points entry; emitting and
 * subscribing take that value, so no one re-declares its payload.
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
  /** The signed-in user has no page they can open (spec §4.1); the session resets the token. */
  'session.noAccess': Record<string, never>;
  /** A call failed; the console shows the message (spec §8). Quiet calls and 401s are not announced. */
  'http.error': { status: number; code: string; message: string };
  /** Navigation by route name to a page the user may not open (spec §2.3 'not permitted'). */
  'navigation.notPermitted': { name: string };
  /** A tab's page is reloaded in place (its state is dropped, its data fetched again). */
  'tabs.refresh': { key: string; name: string };
}

declare const payloadType: unique symbol;

/** A plugin's event, declared once by its owner; `T` (the payload) exists only for the type checker. */
export interface EventRef<T> {
  readonly type: string;
  readonly [payloadType]?: T;
}

const EVENT_TYPE = /^[a-z][a-z0-9-]*(?:\.[a-z][a-zA-Z0-9-]*)+@\d+$/;

/** Declares an event, named `<plugin>.<what>@<version>`: a changed payload is a new event. */
export function defineEvent<T>(type: string): EventRef<T> {
  if (!EVENT_TYPE.test(type)) {
    throw new Error(`Event type "${type}" must look like "plugin.event@1" (lower case, with a version)`);
  }
  return Object.freeze({ type });
}

interface Envelope {
  type: string;
  payload: unknown;
}

type EventKey = keyof KernelEvents | EventRef<unknown>;
type PayloadOf<E> = E extends keyof KernelEvents ? KernelEvents[E] : E extends EventRef<infer T> ? T : never;

const typeOf = (event: EventKey): string => (typeof event === 'string' ? event : event.type);

export class EventBus {
  readonly #subject = new Subject<Envelope>();

  emit<E extends EventKey>(event: E, payload: PayloadOf<E>): void {
    this.#subject.next({ type: typeOf(event), payload });
  }

  on<E extends EventKey>(event: E): Observable<PayloadOf<E>> {
    const type = typeOf(event);
    return this.#subject.pipe(
      filter((envelope) => envelope.type === type),
      map((envelope) => envelope.payload as PayloadOf<E>),
    );
  }

  subscribe<E extends EventKey>(event: E, handler: (payload: PayloadOf<E>) => void): Subscription {
    return this.on(event).subscribe(handler);
  }
}
