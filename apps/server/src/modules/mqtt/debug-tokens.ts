/**
 * The debug tool's MQTT credentials (page `mqtt_debug_tool`): a token naming the signed-in user's
 * session and a client id, valid for MQTT_DEBUG_TOKEN_TTL_SECONDS to connect, signed with a key
 * derived from the server secret — so any node sharing the secret accepts it, and nothing is
 * stored. What the connection may then do is the session's: checked at connect and again while it
 * lasts (user-clients.ts), so a signed-out session or a narrowed role ends or narrows it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  MQTT_DEBUG_TOKEN_TTL_SECONDS,
  MQTT_DEBUG_USERNAME_PREFIX,
  type MqttDebugToken,
} from '@vap/contracts';
import { WEBSOCKET_PATH } from './topics.js';

export interface DebugGrant {
  userId: number;
  sessionId: string;
  companyId: number;
  clientId: string;
}

interface Claims {
  u: number;
  s: string;
  c: number;
  i: string;
  /** Unix ms after which it no longer connects. */
  e: number;
}

const VERSION = 'd1';

export class DebugTokens {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = createHmac('sha256', serverSecret).update('vap mqtt debug token v1').digest();
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.key).update(`${VERSION}.${body}`).digest();
  }

  /** Credentials for one connection of the debug tool. */
  issue(grant: Omit<DebugGrant, 'clientId'>): MqttDebugToken {
    const clientId = `debug-${grant.userId}-${randomBytes(4).toString('hex')}`;
    const expires = this.now() + MQTT_DEBUG_TOKEN_TTL_SECONDS * 1000;
    const claims: Claims = {
      u: grant.userId,
      s: grant.sessionId,
      c: grant.companyId,
      i: clientId,
      e: expires,
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return {
      path: WEBSOCKET_PATH,
      client_id: clientId,
      username: `${MQTT_DEBUG_USERNAME_PREFIX}${grant.userId}`,
      password: `${VERSION}.${body}.${this.sign(body).toString('base64url')}`,
      expires_at: new Date(expires).toISOString(),
    };
  }

  /** The grant of a token presented with this username and client id, while it is valid; else null. */
  verify(username: string, clientId: string, password: string): DebugGrant | null {
    const [version, body, signature, ...rest] = password.split('.');
    if (version !== VERSION || !body || !signature || rest.length > 0) return null;
    const expected = this.sign(body);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: Claims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
    } catch {
      return null;
    }
    if (claims.e <= this.now() || claims.i !== clientId) return null;
    if (username !== `${MQTT_DEBUG_USERNAME_PREFIX}${claims.u}`) return null;
    return { userId: claims.u, sessionId: claims.s, companyId: claims.c, clientId: claims.i };
  }
}
