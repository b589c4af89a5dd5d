/**
 * Permissions (spec §6) and navigation by route name (spec §2.3). Pure rules; the React hooks in
 * `react/` apply them to the current session and route.
 */
import { isOwner, type UserInfo } from '@vap/contracts';
import type { AppRoute, RouteAssembly } from './routes.js';

/**
 * The owner (role_id 0 of a company) may use every button; others the buttons their role lists on
 * the page. A user without a company (role_id null) is nobody's owner.
 */
export function isButtonPermitted(
  user: Pick<UserInfo, 'role_id' | 'company'> | null,
  route: Pick<AppRoute, 'buttons'> | null,
  button: string,
): boolean {
  if (!user) return false;
  if (isOwner(user)) return true;
  return route?.buttons.includes(button) ?? false;
}

/**
 * The address of a permitted route by its name, with an optional query; null when the user may
 * not open it (the console then shows 'not permitted').
 */
export function pathOfRoute(
  routes: RouteAssembly | null,
  name: string,
  query?: Record<string, string> | URLSearchParams,
): string | null {
  const route = routes?.byName.get(name);
  if (route?.type !== 'page') return null;
  const search = new URLSearchParams(query).toString();
  return search ? `${route.path}?${search}` : route.path;
}
