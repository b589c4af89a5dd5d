import type { AppOptions } from '../app.js';
import type { Database } from '../db/client.js';
import type { AccountService } from './account/service.js';
import type { PasswordHasher } from './auth/passwords.js';
import type { TokenService } from './auth/tokens.js';

/** What every route module gets from the app: storage, credentials, accounts and the options. */
export interface ModuleDeps {
  database: Database;
  passwords: PasswordHasher;
  tokens: TokenService;
  accounts: AccountService;
  options: AppOptions;
}
