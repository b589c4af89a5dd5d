import type { AppOptions } from '../app.js';
import type { PasswordHasher } from '../core/auth/passwords.js';
import type { TokenService } from '../core/auth/tokens.js';
import type { Database } from '../core/db/client.js';
import type { AccountService } from './account/service.js';

/** What every route module gets from the app: storage, credentials, accounts and the options. */
export interface ModuleDeps {
  database: Database;
  passwords: PasswordHasher;
  tokens: TokenService;
  accounts: AccountService;
  options: AppOptions;
}
