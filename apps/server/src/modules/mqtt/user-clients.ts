/**
 * Who a user client is (docs/mqtt.md "User clients"): an access key signing its connection, or the
 * debug tool with a token issued to a signed-in session; which devices it may address — its
 * company's, all or of its groups (the key's, or the session's role's) — and what it may do there:
 * a key subscribes and publishes, the debug tool as its role's buttons allow (issue 29). Asked at
 * connect, and again every sweep while it stays connected: a key disabled, expired or deleted, a
 * session signed out, or a role that lost the debug tool's `connect` ends the connection; changed
 * groups change what it may reach, and a role's `subscribe` and `send` what it may do.
 */
import { MQTT_DEBUG_USERNAME_PREFIX, type PageName } from '@vap/contracts';
import type { Permissions } from '../../core/auth/permissions.js';
import { allows } from '../../core/auth/permissions.js';
import type { AuthContext } from '../../core/auth/tokens.js';
import { ApiError } from '../../core/http/errors.js';
import type { AccessKeyConnections, KeyScope } from '../access-keys/index.js';
import type { DevicePresence } from '../devices/index.js';
import type { DebugTokens } from './debug-tokens.js';

/** What a user client does on the broker, each of which a button of the debug tool may withhold. */
export type UserAct = 'subscribe' | 'publish';
const ALL_ACTS: ReadonlySet<UserAct> = new Set(['subscribe', 'publish']);

/**
 * The debug tool's page and its buttons, as the broker enforces them on the tool's connection
 * (issue 29). `connect`: the server issues the tool's credentials (POST debug_token declares it)
 * and the connection lasts while the role holds it. Each act needs its own button: without
 * `subscribe` the broker refuses every SUBSCRIBE in its SUBACK (0x80; 0x87 in MQTT 5) and delivers
 * nothing, without `send` it drops every PUBLISH (PUBACK 0x87 in MQTT 5) — whatever client presents
 * the token, not only the console that hides the panels.
 */
export const DEBUG_TOOL = {
  page: 'mqtt_debug_tool',
  connect: 'connect',
  acts: { subscribe: 'subscribe', publish: 'send' },
} as const satisfies { page: PageName; connect: string; acts: Record<UserAct, string> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Buttons of the route's page that no route checks but the broker, on the connection the
     * credentials the route issues open (POST debug_token: DEBUG_TOOL's acts). buttons.test.ts
     * counts them as checked when the broker's own table above holds them.
     */
    brokerEnforces?: readonly string[];
  }
}

export interface UserClient {
  kind: 'user';
  auth: 'access_key' | 'debug_token';
  companyId: number;
  keyId: string | null;
  userId: number | null;
  sessionId: string | null;
  /** The serials it may address, as of the last check. */
  serials: ReadonlySet<string>;
  /** What it may do, as of the last check: all for a key, the role's buttons for the debug tool. */
  acts: ReadonlySet<UserAct>;
}

/** What a connected user client may do now (UserClients.recheck). */
export interface UserGrant {
  serials: ReadonlySet<string>;
  acts: ReadonlySet<UserAct>;
}

/** Why a user client may not connect, as MQTT 3.1.1 says it: bad credentials (4), not authorised (5). */
export type UserRefusal = 'bad_credentials' | 'not_authorised';

export interface CallerSource {
  load(auth: AuthContext): Promise<{ permissions: Permissions }>;
}

interface Scope {
  companyId: number;
  allGroups: boolean;
  groupIds: readonly number[];
}

/** A signed-in session's scope, and the acts its role's debug tool buttons allow. */
interface SessionScope extends Scope {
  acts: ReadonlySet<UserAct>;
}

/** How long the devices of one scope are shared by the clients asking for them. */
const SCOPE_TTL_MS = 10_000;
/** Scopes kept at most (a company has a handful of keys and roles). */
const SCOPES_KEPT = 1000;

export class UserClients {
  /**
   * The serials of each scope lately asked, shared: the clients of one key or role hold one set,
   * not a copy each, and connecting many costs one query per scope.
   */
  private readonly scopes = new Map<string, { at: number; serials: Promise<ReadonlySet<string>> }>();

  constructor(
    private readonly keys: AccessKeyConnections,
    private readonly tokens: DebugTokens,
    private readonly callers: CallerSource,
    private readonly presence: DevicePresence,
  ) {}

  async authenticate(
    clientId: string,
    username: string,
    password: string,
  ): Promise<UserClient | UserRefusal> {
    if (username.startsWith(MQTT_DEBUG_USERNAME_PREFIX)) {
      const grant = this.tokens.verify(username, clientId, password);
      if (!grant) return 'bad_credentials';
      const scope = await this.sessionScope(grant.userId, grant.sessionId, grant.companyId);
      if (typeof scope === 'string') return scope;
      return {
        kind: 'user',
        auth: 'debug_token',
        companyId: grant.companyId,
        keyId: null,
        userId: grant.userId,
        sessionId: grant.sessionId,
        serials: await this.serialsOf(scope),
        acts: scope.acts,
      };
    }
    const key = await this.keys.authenticate(username, clientId, password);
    if (typeof key === 'string') return key === 'bad_credentials' ? key : 'not_authorised';
    return {
      kind: 'user',
      auth: 'access_key',
      companyId: key.companyId,
      keyId: key.keyId,
      userId: null,
      sessionId: null,
      serials: await this.serialsOf(key),
      acts: ALL_ACTS,
    };
  }

  private serialsOf(scope: Scope): Promise<ReadonlySet<string>> {
    const key = `${scope.companyId}:${scope.allGroups ? 'all' : [...scope.groupIds].sort().join(',')}`;
    const kept = this.scopes.get(key);
    if (kept && Date.now() - kept.at < SCOPE_TTL_MS) return kept.serials;
    const serials = this.presence.serialsOf(scope);
    serials.catch(() => this.scopes.delete(key));
    this.scopes.delete(key);
    if (this.scopes.size >= SCOPES_KEPT) this.scopes.delete(this.scopes.keys().next().value as string);
    this.scopes.set(key, { at: Date.now(), serials });
    return serials;
  }

  /** What a connected user client may address and do now, or null when it must go. */
  async recheck(client: UserClient): Promise<UserGrant | null> {
    let scope: Scope | string;
    let acts = ALL_ACTS;
    if (client.auth === 'access_key') {
      const key: KeyScope | string = await this.keys.current(client.keyId ?? '');
      scope = typeof key === 'string' || key.companyId !== client.companyId ? 'gone' : key;
    } else {
      const session = await this.sessionScope(client.userId ?? 0, client.sessionId ?? '', client.companyId);
      scope = session;
      if (typeof session !== 'string') acts = session.acts;
    }
    return typeof scope === 'string' ? null : { serials: await this.serialsOf(scope), acts };
  }

  /** The company of an enabled key; null for a key that is no one's or may not connect anyway. */
  async ownerOfKey(keyId: string): Promise<number | null> {
    const key = await this.keys.current(keyId);
    return typeof key === 'string' ? null : key.companyId;
  }

  /**
   * The session's scope while it is live, in that company, with the debug tool's connect button,
   * and the acts the role's other buttons of the tool allow.
   */
  private async sessionScope(
    userId: number,
    sessionId: string,
    companyId: number,
  ): Promise<SessionScope | UserRefusal> {
    let permissions: Permissions;
    try {
      ({ permissions } = await this.callers.load({ userId, sessionId }));
    } catch (error) {
      // A session gone is the client's fault; a database that fails is not: the caller decides.
      if (error instanceof ApiError && error.status === 401) return 'bad_credentials';
      throw error;
    }
    const { holder } = permissions;
    if (permissions.companyId !== companyId || !allows(holder, DEBUG_TOOL.page, DEBUG_TOOL.connect))
      return 'not_authorised';
    const acts = new Set(
      (Object.keys(DEBUG_TOOL.acts) as UserAct[]).filter((act) =>
        allows(holder, DEBUG_TOOL.page, DEBUG_TOOL.acts[act]),
      ),
    );
    return holder === 'all'
      ? { companyId, allGroups: true, groupIds: [], acts }
      : { companyId, allGroups: holder.is_access_all_group, groupIds: holder.group_ids, acts };
  }
}
