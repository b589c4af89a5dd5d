/**
 * The company whose device or access key a refused connect named (issue 28): its MQTT dashboard
 * counts the refusals, so a company sees guesses at its devices' secrets and its keys' signatures.
 * A name that is no one's (an unknown serial, a made-up key id, the debug tool's) counts for no
 * company; the server's log has every refusal all the same.
 */
import { accessKeyIdPattern, isDeviceSerial } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import type { UserClients } from './user-clients.js';

/** How long an owner found is trusted: a unit rebound or a key deleted shows within a minute. */
const KEPT_MS = 60_000;
/** Names kept at most: a guesser's made-up names must not grow it without end. */
const KEPT_NAMES = 10_000;

export class CredentialOwners {
  private readonly kept = new Map<string, { at: number; companyId: number | null }>();

  constructor(
    private readonly db: Db,
    private readonly users: UserClients,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The company, known without asking the database; undefined when not known. */
  known(username: string): number | null | undefined {
    const kept = this.kept.get(username);
    return kept && this.now() - kept.at < KEPT_MS ? kept.companyId : undefined;
  }

  async of(username: string): Promise<number | null> {
    const known = this.known(username);
    if (known !== undefined) return known;
    const companyId = await this.look(username);
    this.kept.delete(username);
    if (this.kept.size >= KEPT_NAMES) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(username, { at: this.now(), companyId });
    return companyId;
  }

  private async look(username: string): Promise<number | null> {
    if (isDeviceSerial(username)) {
      const [row] = await this.db
        .select({ companyId: devices.companyId })
        .from(devices)
        .where(eq(devices.sn, username))
        .limit(1);
      return row?.companyId ?? null;
    }
    if (!accessKeyIdPattern.test(username)) return null;
    return this.users.ownerOfKey(username);
  }
}
