import { type PublicRouteContribution, publicRoute } from '@vap/kernel';

/**
 * The public routes of signing in, signing up and resetting a password (spec §2.1), and the page the
 * server's scan callback ends at in the messaging app's window (`SCAN_DONE_PAGE` of the contracts,
 * which the server redirects to; scan-done.test.tsx checks the two agree).
 */
export const signInRoutes: PublicRouteContribution[] = [
  publicRoute('/login', () => import('../pages/login.js'), 'account:login.title'),
  publicRoute('/register', () => import('../pages/register.js'), 'account:register.title'),
  publicRoute('/forgetPwd', () => import('../pages/forget-pwd.js'), 'account:reset.title'),
  publicRoute('/scan-done', () => import('../pages/scan-done.js'), 'account:scanDone.title'),
];
