/**
 * Passwords arrive as the md5 hex digest the console computes (spec §7.1) and are stored as
 * argon2id of that digest. Hashing is memory-hard (19 MiB each), so a semaphore caps how many run
 * at once: a burst of sign-ins queues instead of exhausting memory.
 */
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: m = 19 MiB, t = 2, p = 1. `algorithm: 2` is Argon2id (a const enum
// in the typings, which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resume) => this.waiting.push(resume));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export class PasswordHasher {
  private readonly slots: Semaphore;
  private dummy: Promise<string> | undefined;

  constructor(concurrency: number) {
    this.slots = new Semaphore(concurrency);
  }

  hash(md5Hex: string): Promise<string> {
    return this.slots.run(() => hash(md5Hex.toLowerCase(), OPTIONS));
  }

  async verify(stored: string, md5Hex: string): Promise<boolean> {
    return this.slots.run(() => verify(stored, md5Hex.toLowerCase()).catch(() => false));
  }

  /**
   * Spends the same work as a real check, for accounts that do not exist or have no password, so
   * that the answer time does not reveal which accounts exist.
   */
  async verifyNothing(md5Hex: string): Promise<false> {
    this.dummy ??= this.hash('0'.repeat(32));
    await this.verify(await this.dummy, md5Hex);
    return false;
  }
}
