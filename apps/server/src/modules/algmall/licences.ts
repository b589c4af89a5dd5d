/**
 * Licences of the algorithm mall (issue 31): what a device installs to run a product, signed by the
 * server with Ed25519 so that a device — online or never connected — can tell a licence of ours
 * from a forged one with only the public key, which the server publishes (`licenceKey`).
 *
 * Devices verify them as the simulator does (apps/device-sim, licence.ts).
 *
 * The key pair is derived from the deployment's root secret (HKDF, a purpose of its own): every
 * node of a deployment signs alike, nothing more is stored, and a restart keeps the key devices know.
 */
import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign } from 'node:crypto';
import type { Licence, LicencePayload } from '@vap/contracts';

/** DER of a PKCS #8 Ed25519 private key, before its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** DER of an SPKI Ed25519 public key, before its 32 raw bytes. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export class LicenceSigner {
  readonly #privateKey: KeyObject;
  /** The public key, raw 32 bytes as base64url: what devices are given. */
  readonly publicKey: string;

  constructor(serverSecret: string) {
    const seed = Buffer.from(hkdfSync('sha256', serverSecret, '', 'vap algmall licence ed25519', 32));
    this.#privateKey = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const spki = createPublicKey(this.#privateKey).export({ format: 'der', type: 'spki' });
    this.publicKey = spki.subarray(SPKI_ED25519_PREFIX.length).toString('base64url');
  }

  sign(payload: LicencePayload): Licence {
    const bytes = Buffer.from(JSON.stringify(payload));
    return {
      payload: bytes.toString('base64url'),
      signature: sign(null, bytes, this.#privateKey).toString('base64url'),
    };
  }
}
