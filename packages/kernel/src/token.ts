/** The session token in local storage (spec §3, §9): valid until its `exp` claim plus 600 s. */
import { TOKEN_GRACE_SECONDS, TOKEN_STORAGE_KEY } from '@vap/contracts';

/** The `exp` claim of a JWT in seconds, or null when the token is not a readable JWT. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export class TokenStore {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  /** The stored token while it is usable; an expired or unreadable one is removed. */
  read(): string | null {
    const token = this.storage.getItem(TOKEN_STORAGE_KEY);
    if (!token) return null;
    const exp = tokenExpiry(token);
    if (exp === null || (exp + TOKEN_GRACE_SECONDS) * 1000 <= this.now()) {
      this.clear();
      return null;
    }
    return token;
  }

  write(token: string): void {
    this.storage.setItem(TOKEN_STORAGE_KEY, token);
  }

  clear(): void {
    this.storage.removeItem(TOKEN_STORAGE_KEY);
  }
}
