/**
 * A unit's check of an algorithm licence (issue 31): the Ed25519 signature against the key the
 * server publishes (GET /webapi/v1/algmall/licence_key, raw 32 bytes as base64url), then what the
 * licence says. A real device does the same with the key burnt into it at the factory.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import {
  type Fingerprint,
  type Licence,
  type LicencePayload,
  licencePayloadSchema,
  licenceSchema,
} from '@vap/contracts';

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

/** A unit's hardware id: fixed by its serial and model, as a board's is. */
export const hardwareIdOf = (sn: string, model: string) =>
  createHash('sha256').update(`${sn}/${model}`).digest('hex').slice(0, 32);

/** The fingerprint file a unit that never reaches the platform writes for its owner to carry. */
export function fingerprintFile(unit: { sn: string; model: string }): string {
  const fingerprint: Fingerprint = {
    v: 1,
    sn: unit.sn,
    model: unit.model,
    hardware_id: hardwareIdOf(unit.sn, unit.model),
  };
  return JSON.stringify(fingerprint);
}

/**
 * What a unit makes of a licence file carried to it: the licence when the key verifies it and it
 * names this unit's serial and hardware id; else why not (`bad_file`, `bad_signature`, `wrong_device`).
 */
export function checkLicenceFile(
  text: string,
  publicKey: string,
  unit: { sn: string; model: string },
): { ok: true; licence: LicencePayload } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'bad_file' };
  }
  const file = licenceSchema.safeParse(parsed);
  if (!file.success) return { ok: false, reason: 'bad_file' };
  const licence = verifiedLicence(file.data, publicKey);
  if (!licence) return { ok: false, reason: 'bad_signature' };
  if (licence.sn !== unit.sn || licence.hardware_id !== hardwareIdOf(unit.sn, unit.model))
    return { ok: false, reason: 'wrong_device' };
  return { ok: true, licence };
}
