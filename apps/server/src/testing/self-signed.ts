/** Self-signed certificates for tests that speak TLS or check signatures, made by openssl. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A self-signed certificate of `subject` (`/CN=…`), valid a day, with a new 2048-bit RSA key:
 * written as `cert.pem` and `key.pem` into `dir`. `options` are more of `openssl req`'s (a serial,
 * an extension).
 */
export function writeSelfSigned(
  dir: string,
  subject: string,
  options: readonly string[] = [],
): { certFile: string; keyFile: string } {
  const [certFile, keyFile] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      subject,
      '-days',
      '1',
      ...options,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}
