/**
 * The session (spec §4.1): the token, user info, and what follows from them — the activation
 * context and the permitted routes. Loading follows the spec's order: user info, api.json, MQTT
 * version, then routes. A 401 and the no-access case (no page the user can open) reset the token;
 * any other failure (the network, the timeout, a proxy's 5xx, the page unloading mid-call) leaves
 * the user signed in, in status `failed` with the error, for the console to offer a retry. A user
 * without a company stops after user info, in status `no-company`: they hold no role and no route
 * until they create or join one (the company completion of /login). Logout and a new sign-in
 * leave nothing of the previous user behind.
 */
import {
  ACCOUNT_CALLS,
  AUTH_CALLS,
  MQTT_VERSION_PATH,
  type MqttVersion,
  OPERATIONS_PATHS,
  type UserInfo,
} from '@vap/contracts';
import { BehaviorSubject } from 'rxjs';
import { sendCall } from './calls.js';
import type { EventBus } from './events.js';
import { ApiError, type HttpClient, kernelSchemas } from './http.js';
import type { ActivationContext } from './plugin.js';
import type { PluginRegistry } from './registry.js';
import { assembleRoutes, hasOpenablePage, isEmptyMenus, type RouteAssembly } from './routes.js';
import type { TokenStore } from './token.js';

/** The calls the session makes (their paths are defined once, in @vap/contracts). */
export const API_PATHS = {
  userInfo: ACCOUNT_CALLS.userInfo.path,
  apiDoc: OPERATIONS_PATHS.apiDocument,
  mqttVersion: MQTT_VERSION_PATH,
  logout: AUTH_CALLS.logout.path,
} as const;

/**
 * `no-company`: signed in, user info loaded (`user.company` and `user.role_id` null), nothing else:
 * the console shows the company completion, never the shell. `failed`: signed in, but the load
 * failed on the way (`error` says why); loading again may succeed.
 */
export type SessionStatus = 'anonymous' | 'loading' | 'no-company' | 'failed' | 'ready';

export interface SessionState {
  readonly status: SessionStatus;
  readonly user: UserInfo | null;
  readonly mqttVersion: MqttVersion | null;
  /** The OpenAPI document of /webapi (drives the open-platform debug page). */
  readonly apiDoc: unknown;
  readonly context: ActivationContext | null;
  readonly routes: RouteAssembly | null;
  /** Why the last load failed, in status `failed`: an `ApiError` carries the server's message. */
  readonly error: Error | null;
}

const ANONYMOUS: SessionState = {
  status: 'anonymous',
  user: null,
  mqttVersion: null,
  apiDoc: null,
  context: null,
  routes: null,
  error: null,
};

/** The user's role grants no page they can open (spec §4.1, §8 `app.noAccess`). */
export class NoAccessError extends Error {
  override readonly name = 'NoAccessError';
}

export interface SessionDeps {
  http: HttpClient;
  tokens: TokenStore;
  registry: PluginRegistry;
  bus: EventBus;
}

export class SessionService {
  readonly #state = new BehaviorSubject<SessionState>(ANONYMOUS);
  #loading: Promise<SessionState> | null = null;
  /** Bumped by every reset and sign-in: a load begun before may not write the state any more. */
  #generation = 0;

  constructor(private readonly deps: SessionDeps) {}

  get state(): SessionState {
    return this.#state.value;
  }

  /** For `useSyncExternalStore`. */
  readonly subscribe = (listener: () => void): (() => void) => {
    const subscription = this.#state.subscribe(() => listener());
    return () => subscription.unsubscribe();
  };

  readonly getSnapshot = (): SessionState => this.#state.value;

  /** The usable token, if any. */
  get token(): string | null {
    return this.deps.tokens.read();
  }

  /**
   * Stores a new token and loads its session; nothing of a previous user survives. A sign-in that
   * fails to load keeps no token: the form that signed in shows the failure, and is where the
   * user tries again.
   */
  async signIn(token: string): Promise<SessionState> {
    this.deps.http.cancelAll();
    this.#loading = null;
    this.#generation += 1;
    this.#state.next(ANONYMOUS);
    this.deps.bus.emit('session.cleared', {});
    this.deps.tokens.write(token);
    let state: SessionState;
    try {
      state = await this.load();
    } catch (error) {
      if (this.#state.value.status === 'failed') this.reset();
      throw error;
    }
    if (state.user) this.deps.bus.emit('session.login', { userId: state.user.id });
    return state;
  }

  /**
   * Sign-in by a token handed over in the address (`?token=…`, spec §4.1): the token is stored,
   * user info loaded, and the answer is where to reload — the root, without the token in the
   * address. Null when the address carries no token. A token that fails to load still ends at the
   * root: with the session stored before, if there was one (a link with a stale token does not sign
   * out the user who follows it), else at sign-in.
   */
  async adoptTokenFromAddress(href: string): Promise<string | null> {
    const url = new URL(href, 'http://localhost');
    const token = url.searchParams.get('token');
    if (!token) return null;
    const before = this.deps.tokens.read();
    await this.signIn(token).catch((error: unknown) => {
      console.warn('The token in the address could not be used', error);
      if (before && before !== token) this.deps.tokens.write(before);
    });
    return '/';
  }

  /** Loads user info, api.json, the MQTT version and the routes; concurrent callers share one load. */
  load(): Promise<SessionState> {
    if (this.#loading) return this.#loading;
    const loading = this.#load().finally(() => {
      // A sign-in or reset since may have begun another load, which stays the shared one.
      if (this.#loading === loading) this.#loading = null;
    });
    this.#loading = loading;
    return loading;
  }

  async #load(): Promise<SessionState> {
    const { http, registry } = this.deps;
    const generation = this.#generation;
    const before = this.#state.value;
    this.#state.next({ ...before, status: 'loading', error: null });
    // Whoever shows the failure (the console's retry state, a form) shows its message: no toast too.
    const quiet = true;
    try {
      const user = await sendCall(http, ACCOUNT_CALLS.userInfo, {}, { quiet });
      if (user.company === null) {
        // Checked before the menus: such a user has none, and that is not the no-access case.
        return this.#settle(generation, { ...ANONYMOUS, status: 'no-company', user });
      }
      // Spared the calls below: no menu grants no page.
      if (isEmptyMenus(user.menus)) throw new NoAccessError('no access');
      const apiDoc = await http.get<unknown>(API_PATHS.apiDoc, { quiet });
      const mqttVersion = await http.get(API_PATHS.mqttVersion, {
        quiet,
        schema: () => kernelSchemas().then((schemas) => schemas.mqttVersionSchema),
      });
      const context: ActivationContext = { user, products: user.company?.products ?? {}, mqttVersion };
      const routes = assembleRoutes(user.menus, registry, context);
      // Menus whose every page is hidden from this company (product flags, empty dirs) open an
      // empty shell: that is no access too.
      if (!hasOpenablePage(routes.tree)) throw new NoAccessError('no access');
      const state: SessionState = {
        status: 'ready',
        user,
        mqttVersion,
        apiDoc,
        context,
        routes,
        error: null,
      };
      return this.#settle(generation, state);
    } catch (error) {
      // A load begun before a sign-in, logout or reset answers its caller but leaves the state be.
      if (generation !== this.#generation) throw error;
      if (error instanceof NoAccessError) {
        this.deps.bus.emit('session.noAccess', {});
        this.reset();
      } else if (error instanceof ApiError && error.status === 401) {
        this.reset();
      } else if (before.status === 'ready' || before.status === 'no-company') {
        // A reload that failed: the session loaded before still holds, and the caller shows why.
        this.#state.next(before);
      } else {
        this.#state.next({ ...ANONYMOUS, status: 'failed', error: toError(error) });
      }
      throw error;
    }
  }

  /** Makes `state` the session's, unless a sign-in, logout or reset came since the load began. */
  #settle(generation: number, state: SessionState): SessionState {
    if (generation === this.#generation) this.#state.next(state);
    return state;
  }

  /**
   * Reloads user info and routes, e.g. after the profile or the company changed. A load already
   * under way may have read user info before the change, so it is not shared: the reload waits for
   * it and loads again (reloads asked meanwhile share that new load).
   */
  async reload(): Promise<SessionState> {
    const earlier = this.#loading;
    if (earlier) await earlier.catch(() => undefined);
    return this.load();
  }

  /** Forgets the token and everything derived from it, without calling the server. */
  reset(): void {
    this.#generation += 1;
    this.#loading = null;
    this.deps.tokens.clear();
    this.#state.next(ANONYMOUS);
    this.deps.bus.emit('session.cleared', {});
  }

  /** Ends the session on the server too, cancelling whatever is still pending (spec §4.1). */
  async logout(): Promise<void> {
    const { http } = this.deps;
    http.cancelAll();
    if (this.token) {
      // The server revokes the token; a failure here must not keep the user signed in.
      await sendCall(http, AUTH_CALLS.logout, {}).catch(() => undefined);
    }
    this.reset();
    this.deps.bus.emit('session.logout', {});
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
