/**
 * The deployment's root secret and what is derived from it. Every sealed box of the server comes
 * from here, one per purpose, so that a module asks for the box it needs and none handles the
 * derivation itself.
 */
import { loadServerSecret } from '../data-dir.js';
import { type SealingPurpose, SecretBox } from './secret-box.js';

export class ServerSecrets {
  readonly #boxes = new Map<SealingPurpose, SecretBox>();

  /**
   * `serverSecret`: JWT_SECRET, or the secret generated into DATA_DIR. Tokens, upload tokens and
   * the SMS codes' pepper derive their keys from it as well.
   */
  constructor(readonly serverSecret: string) {}

  /** The box of one purpose; the same box each time it is asked for. */
  box(purpose: SealingPurpose): SecretBox {
    let box = this.#boxes.get(purpose);
    if (!box) {
      box = new SecretBox(this.serverSecret, purpose);
      this.#boxes.set(purpose, box);
    }
    return box;
  }
}

/** The secrets of a configured deployment, for the operator's commands (which open no server). */
export function configuredSecrets(config: {
  serverSecret: string | undefined;
  dataDir: string;
}): ServerSecrets {
  return new ServerSecrets(config.serverSecret ?? loadServerSecret(config.dataDir));
}
