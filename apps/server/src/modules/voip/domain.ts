/**
 * A company's SIP domain and an extension's digest credentials (issue 33). Each company is its own
 * SIP domain, `c{companyId}.{SIP_DOMAIN}`, so that Kamailio authenticates a dial id within its own
 * company only: an extension of one company can neither register as, nor call, nor be called by
 * another's. The console and Kamailio's configuration both follow this one rule.
 */
import { createHash } from 'node:crypto';

export function sipDomainOf(companyId: number, sipDomain: string): string {
  return `c${companyId}.${sipDomain}`;
}

/** The company a SIP domain under `sipDomain` names, or null when it names none. */
export function companyOfSipDomain(domain: string, sipDomain: string): number | null {
  const match = /^c([1-9]\d{0,9})\.(.+)$/.exec(domain.toLowerCase());
  return match && match[2] === sipDomain.toLowerCase() ? Number(match[1]) : null;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The HA1 values Kamailio's auth_db checks digests against (RFC 2617), so the password is never stored. */
export function digestCredentials(
  dialId: string,
  domain: string,
  password: string,
): { ha1: string; ha1b: string } {
  return {
    ha1: md5(`${dialId}:${domain}:${password}`),
    ha1b: md5(`${dialId}@${domain}:${domain}:${password}`),
  };
}
