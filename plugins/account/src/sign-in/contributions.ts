import { type PublicRouteContribution, publicRoute } from '@vap/kernel';

/** The public routes of signing in, signing up and resetting a password (spec §2.1). */
export const signInRoutes: PublicRouteContribution[] = [
  publicRoute('/login', () => import('../pages/login.js'), 'account:login.title'),
  publicRoute('/register', () => import('../pages/register.js'), 'account:register.title'),
  publicRoute('/forgetPwd', () => import('../pages/forget-pwd.js'), 'account:reset.title'),
];
