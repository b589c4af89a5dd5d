/**
 * A unit's check of an algorithm licence (issue 31): the Ed25519 signature against the key the
 * server publishes (GET /webapi/v1/algmall/licence_key, raw 32 bytes as base64url), then what the
 * licence says. A real device does the same with the key burnt into it at the factory.
 */
import { createPublicKey, verify } from 'node:crypto';
import { type Licence, type LicencePayload, licencePayloadSchema } from '@vap/contracts';

/** DER of an SPKI Ed25519 public key, before its 32 raw bytes (RFC 8410). */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * The payload of a licence whose signature the key verifies; undefined for any other — forged,
 * altered, signed by another server, or not a licence at all.
 */
export function verifiedLicence(licence: Licence, publicKey: string): LicencePayload | undefined {
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 32) return undefined;
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, raw]),
    format: 'der',
    type: 'spki',
  });
  const bytes = Buffer.from(licence.payload, 'base64url');
  if (!verify(null, bytes, key, Buffer.from(licence.signature, 'base64url'))) return undefined;
  try {
    const parsed = licencePayloadSchema.safeParse(JSON.parse(bytes.toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
