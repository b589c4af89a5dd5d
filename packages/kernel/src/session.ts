/**
 * The session (spec §4.1): the token, user info, and what follows from them — the activation
 * context and the permitted routes. Loading follows the spec's order: user info, api.json, MQTT
 * version, then routes. Any failure resets the token; menus as an empty object are the
 * no-access case. A user without a company stops after user info, in status `no-company`: they
 * hold no role and no route until they create or join one (the company completion of /login).
 * Logout and a new sign-in leave nothing of the previous user behind.
 */
import {
  ACCOUNT_PATHS,
  AUTH_PATHS,
  MQTT_PATHS,
  type MqttVersion,
  OPERATIONS_PATHS,
  type UserInfo,
} from '@vap/contracts';
import { BehaviorSubject } from 'rxjs';
import type { EventBus } from './events.js';
import { type HttpClient, kernelSchemas } from './http.js';
import type { ActivationContext } from './plugin.js';
import type { PluginRegistry } from './registry.js';
import { assembleRoutes, isEmptyMenus, type RouteAssembly } from './routes.js';
import type { TokenStore } from './token.js';

/** The calls the session makes (their paths are defined once, in @vap/contracts). */
export const API_PATHS = {
  userInfo: ACCOUNT_PATHS.user,
  apiDoc: OPERATIONS_PATHS.apiDocument,
  mqttVersion: MQTT_PATHS.version,
  logout: AUTH_PATHS.logout,
} as const;

/**
 * `no-company`: signed in, user info loaded (`user.company` and `user.role_id` null), nothing else:
 * the console shows the company completion, never the shell.
 */
export type SessionStatus = 'anonymous' | 'loading' | 'no-company' | 'ready';

export interface SessionState {
  readonly status: SessionStatus;
  readonly user: UserInfo | null;
  readonly mqttVersion: MqttVersion | null;
  /** The OpenAPI document of /webapi (drives the open-platform debug page). */
  readonly apiDoc: unknown;
  readonly context: ActivationContext | null;
  readonly routes: RouteAssembly | null;
}

const ANONYMOUS: SessionState = {
  status: 'anonymous',
  user: null,
  mqttVersion: null,
  apiDoc: null,
  context: null,
  routes: null,
};

/** The user's role grants no menu at all (spec §4.1, §8 `app.noAccess`). */
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

  /** Stores a new token and loads its session; nothing of a previous user survives. */
  async signIn(token: string): Promise<SessionState> {
    this.deps.http.cancelAll();
    this.#loading = null;
    this.#state.next(ANONYMOUS);
    this.deps.bus.emit('session.cleared', {});
    this.deps.tokens.write(token);
    const state = await this.load();
    if (state.user) this.deps.bus.emit('session.login', { userId: state.user.id });
    return state;
  }

  /**
   * Sign-in by a token handed over in the address (`?token=…`, spec §4.1): the token is stored,
   * user info loaded, and the answer is where to reload — the root, without the token in the
   * address. Null when the address carries no token. A token that fails to load still ends at the
   * root, where the console leads to sign-in.
   */
  async adoptTokenFromAddress(href: string): Promise<string | null> {
    const url = new URL(href, 'http://localhost');
    const token = url.searchParams.get('token');
    if (!token) return null;
    await this.signIn(token).catch((error: unknown) => {
      console.warn('The token in the address could not be used', error);
    });
    return '/';
  }

  /** Loads user info, api.json, the MQTT version and the routes; concurrent callers share one load. */
  load(): Promise<SessionState> {
    this.#loading ??= this.#load().finally(() => {
      this.#loading = null;
    });
    return this.#loading;
  }

  async #load(): Promise<SessionState> {
    const { http, registry } = this.deps;
    this.#state.next({ ...this.#state.value, status: 'loading' });
    try {
      const user = await http.get(API_PATHS.userInfo, {
        schema: () => kernelSchemas().then((schemas) => schemas.userInfoSchema),
      });
      if (user.company === null) {
        // Checked before the menus: such a user has none, and that is not the no-access case.
        const state: SessionState = { ...ANONYMOUS, status: 'no-company', user };
        this.#state.next(state);
        return state;
      }
      if (isEmptyMenus(user.menus)) {
        this.deps.bus.emit('session.noAccess', {});
        throw new NoAccessError('no access');
      }
      const apiDoc = await http.get<unknown>(API_PATHS.apiDoc);
      const mqttVersion = await http.get(API_PATHS.mqttVersion, {
        schema: () => kernelSchemas().then((schemas) => schemas.mqttVersionSchema),
      });
      const context: ActivationContext = { user, products: user.company?.products ?? {}, mqttVersion };
      const routes = assembleRoutes(user.menus, registry, context);
      const state: SessionState = { status: 'ready', user, mqttVersion, apiDoc, context, routes };
      this.#state.next(state);
      return state;
    } catch (error) {
      this.reset();
      throw error;
    }
  }

  /** Reloads user info and routes, e.g. after the profile or the company changed. */
  reload(): Promise<SessionState> {
    return this.load();
  }

  /** Forgets the token and everything derived from it, without calling the server. */
  reset(): void {
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
      await http.post(API_PATHS.logout).catch(() => undefined);
    }
    this.reset();
    this.deps.bus.emit('session.logout', {});
  }
}
