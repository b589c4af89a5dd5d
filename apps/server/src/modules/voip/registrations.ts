/**
 * An extension's status, IP and UA, read from the SIP server's registrations (issue 33): Kamailio's
 * `kam_location` rows, written through by its usrloc module. An extension is online while a row of
 * its dial id and domain has not expired; Kamailio writes `expires` without a zone in the SIP
 * server's local time, which is UTC (docs/voip.md). Live status needs a SIP server (SIP_SERVER) and
 * the PostgreSQL engine the SIP server shares: otherwise every extension says why it is not read,
 * and none pretends to be online.
 */
import type { VoipExtensionStatus } from '@vap/contracts';
import { and, desc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { kamLocation } from './schema.js';

/** Whether status is read live, and why not when it is not. */
export type StatusSource = { live: true } | { live: false; reason: 'not_connected' | 'needs_postgres' };

export function statusSourceOf(engine: 'pglite' | 'postgres', sipServer: string | undefined): StatusSource {
  if (engine !== 'postgres') return { live: false, reason: 'needs_postgres' };
  if (!sipServer) return { live: false, reason: 'not_connected' };
  return { live: true };
}

/** What the lists show of an extension's registration. */
export interface Registration {
  status: VoipExtensionStatus;
  ip: string | null;
  ua: string | null;
}

/**
 * The host and port of a SIP URI as Kamailio keeps it in `received` (`sip:203.0.113.7:5060`) or a
 * contact (`<sip:1001@192.0.2.10:5062;transport=udp>`): its user, parameters and brackets left out.
 */
export function addressOfUri(uri: string | null | undefined): string | null {
  if (!uri) return null;
  let text = uri.trim().replace(/^<|>$/g, '');
  text = text.replace(/^sips?:/i, '');
  const at = text.lastIndexOf('@');
  if (at >= 0) text = text.slice(at + 1);
  const host = text.split(/[;?>]/)[0]?.trim() ?? '';
  return host === '' ? null : host;
}

const key = (dialId: string, domain: string) => `${dialId}\u0000${domain.toLowerCase()}`;

/** Reads the registrations of extensions, by dial id and domain. */
export class Registrations {
  constructor(
    private readonly db: Db,
    readonly source: StatusSource,
  ) {}

  /** Each extension's registration: the newest unexpired row of its dial id and domain. */
  async of(
    extensions: readonly { dialId: string; domain: string }[],
  ): Promise<(extension: { dialId: string; domain: string }) => Registration> {
    const { source } = this;
    if (!source.live) {
      const none: Registration = { status: source.reason, ip: null, ua: null };
      return () => none;
    }
    const found = new Map<string, Registration>();
    if (extensions.length > 0) {
      const rows = await this.db
        .select({
          username: kamLocation.username,
          domain: kamLocation.domain,
          received: kamLocation.received,
          contact: kamLocation.contact,
          userAgent: kamLocation.userAgent,
        })
        .from(kamLocation)
        .where(
          and(
            inArray(kamLocation.username, [...new Set(extensions.map((extension) => extension.dialId))]),
            inArray(kamLocation.domain, [...new Set(extensions.map((extension) => extension.domain))]),
            sql`${kamLocation.expires} > (now() at time zone 'UTC')`,
          ),
        )
        .orderBy(desc(kamLocation.lastModified), desc(kamLocation.id));
      for (const row of rows) {
        const at = key(row.username, row.domain ?? '');
        if (found.has(at)) continue;
        found.set(at, {
          status: 'online',
          ip: addressOfUri(row.received) ?? addressOfUri(row.contact),
          ua: row.userAgent || null,
        });
      }
    }
    const offline: Registration = { status: 'offline', ip: null, ua: null };
    return (extension) => found.get(key(extension.dialId, extension.domain)) ?? offline;
  }
}
