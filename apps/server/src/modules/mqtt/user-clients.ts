/**
 * Who a user client is (docs/mqtt.md "User clients"): an access key signing its connection, or the
 * debug tool with a token issued to a signed-in session; and which devices it may address — its
 * company's, all or of its groups (the key's, or the session's role's). Asked at connect, and again
 * every sweep while it stays connected: a key disabled, expired or deleted, a session signed out,
 * or a role that lost the debug tool ends the connection; changed groups change what it may reach.
 */
import { MQTT_DEBUG_USERNAME_PREFIX } from '@vap/contracts';
import type { Permissions } from '../../core/auth/permissions.js';
import { allows } from '../../core/auth/permissions.js';
import type { AuthContext } from '../../core/auth/tokens.js';
import { ApiError } from '../../core/http/errors.js';
import type { AccessKeyConnections, KeyScope } from '../access-keys/index.js';
import type { DevicePresence } from '../devices/index.js';
import type { DebugTokens } from './debug-tokens.js';

/** The page whose `connect` button lets a role use the debug tool. */
const DEBUG_PAGE = 'mqtt_debug_tool';
const DEBUG_BUTTON = 'connect';

export interface UserClient {
  kind: 'user';
  auth: 'access_key' | 'debug_token';
  companyId: number;
  keyId: string | null;
  userId: number | null;
  sessionId: string | null;
  /** The serials it may address, as of the last check. */
  serials: ReadonlySet<string>;
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

  /** What a connected user client may address now, or null when it must go. */
  async recheck(client: UserClient): Promise<ReadonlySet<string> | null> {
    let scope: Scope | string;
    if (client.auth === 'access_key') {
      const key: KeyScope | string = await this.keys.current(client.keyId ?? '');
      scope = typeof key === 'string' || key.companyId !== client.companyId ? 'gone' : key;
    } else {
      scope = await this.sessionScope(client.userId ?? 0, client.sessionId ?? '', client.companyId);
    }
    return typeof scope === 'string' ? null : this.serialsOf(scope);
  }

  /** The company of an enabled key; null for a key that is no one's or may not connect anyway. */
  async ownerOfKey(keyId: string): Promise<number | null> {
    const key = await this.keys.current(keyId);
    return typeof key === 'string' ? null : key.companyId;
  }

  /** The session's scope while it is live, in that company, with the debug tool's connect button. */
  private async sessionScope(
    userId: number,
    sessionId: string,
    companyId: number,
  ): Promise<Scope | UserRefusal> {
    let permissions: Permissions;
    try {
      ({ permissions } = await this.callers.load({ userId, sessionId }));
    } catch (error) {
      // A session gone is the client's fault; a database that fails is not: the caller decides.
      if (error instanceof ApiError && error.status === 401) return 'bad_credentials';
      throw error;
    }
    const { holder } = permissions;
    if (permissions.companyId !== companyId || !allows(holder, DEBUG_PAGE, DEBUG_BUTTON))
      return 'not_authorised';
    return holder === 'all'
      ? { companyId, allGroups: true, groupIds: [] }
      : { companyId, allGroups: holder.is_access_all_group, groupIds: holder.group_ids };
  }
}
