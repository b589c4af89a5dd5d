/**
 * Who may hold a device's terminal (issue 28): the sign-in session that asked for its ticket, while
 * that session is live, its user still in the company with a role that has device_maintenance's
 * `telnet` button, and the device still in the role's scope. Asked when a ticket is redeemed and
 * again whenever what callers are made of changes (watch.ts).
 */
import type { Permissions } from '../../core/auth/permissions.js';
import { allows } from '../../core/auth/permissions.js';
import type { AuthContext } from '../../core/auth/tokens.js';
import { ApiError } from '../../core/http/errors.js';
import type { Devices } from '../devices/index.js';

/** The page and button that give the terminal (the ticket route's access). */
export const TERMINAL_PAGE = 'device_maintenance';
export const TERMINAL_BUTTON = 'telnet';

/** What a terminal was granted to. */
export interface TerminalGrant {
  companyId: number;
  deviceId: number;
  userId: number;
  sessionId: string;
}

/** Where the caller of a session comes from (core/auth/caller.ts: one statement, kept per version). */
export interface CallerSource {
  load(auth: AuthContext): Promise<{ permissions: Permissions }>;
}

/** Whether a grant still holds, and why not. */
export type GrantVerdict = 'ok' | 'signed_out' | 'access_revoked';

/** A grant's holder as last checked: its company and what its role gives, as one comparable text. */
export type HolderKey = string;

export class TerminalGrants {
  constructor(
    private readonly callers: CallerSource,
    private readonly devices: Pick<Devices, 'detail'>,
  ) {}

  /**
   * Whether the grant holds now. `known` is the holder it was last found to hold with: when the
   * holder is the same, the device's scope is not read again (a caller version raised by someone
   * else's sign-out changes nothing of this grant).
   */
  async check(
    grant: TerminalGrant,
    known?: HolderKey,
  ): Promise<{ verdict: GrantVerdict; holder?: HolderKey }> {
    let permissions: Permissions;
    try {
      ({ permissions } = await this.callers.load({ userId: grant.userId, sessionId: grant.sessionId }));
    } catch (error) {
      // A session revoked, expired or gone; a database that fails is the caller's to decide on.
      if (error instanceof ApiError && error.status === 401) return { verdict: 'signed_out' };
      throw error;
    }
    const { holder, companyId } = permissions;
    if (companyId !== grant.companyId || !allows(holder, TERMINAL_PAGE, TERMINAL_BUTTON))
      return { verdict: 'access_revoked' };
    const key = `${companyId}:${JSON.stringify(holder)}`;
    if (key === known) return { verdict: 'ok', holder: key };
    try {
      const device = await this.devices.detail(permissions, grant.deviceId);
      if (device.read_only) return { verdict: 'access_revoked' };
    } catch (error) {
      // Out of the role's groups, or no longer the company's.
      if (error instanceof ApiError && error.status === 404) return { verdict: 'access_revoked' };
      throw error;
    }
    return { verdict: 'ok', holder: key };
  }
}
