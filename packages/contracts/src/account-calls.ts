/** The calls of the own account (spec §7.1, prefix /v1/pms/user). */
import { ACCOUNT_PATHS } from './api-paths.js';
import { declareCalls } from './calls.js';

const schemas = () => import('./account.js');

export const ACCOUNT_CALLS = declareCalls(schemas, ['account'], {
  userInfo: {
    method: 'GET',
    path: ACCOUNT_PATHS.user,
    access: 'user',
    summary: 'The signed-in user, their company and the menu their role allows',
    schemas: (s) => ({ response: s.userInfoSchema }),
  },
  updateProfile: {
    method: 'PUT',
    path: ACCOUNT_PATHS.user,
    access: 'user',
    audit: 'account.profile.update',
    errors: [403, 409],
    summary: 'Edit the own profile: nickname, remark, and an email no other account uses',
    schemas: (s) => ({ body: s.profileBodySchema, response: null }),
  },
  changePassword: {
    method: 'PUT',
    path: ACCOUNT_PATHS.password,
    access: 'user',
    audit: 'account.password.change',
    errors: [403, 409],
    summary: "Change the password (md5 digests); revokes the user's other sessions",
    schemas: (s) => ({ body: s.changePasswordBodySchema, response: null }),
  },
  setPassword: {
    method: 'POST',
    path: ACCOUNT_PATHS.password,
    access: 'user',
    audit: 'account.password.set',
    errors: [403, 409],
    summary: 'Set the first password of an account without one (is_password_empty)',
    schemas: (s) => ({ body: s.setPasswordBodySchema, response: null }),
  },
});
