/**
 * Where to go after signing in: the `redirect` query parameter when it is a path inside the
 * console (never another site, never back to /login), else the dashboard.
 */
export function redirectTarget(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return '/dashboard';
  }
  if (redirect === '/login' || redirect.startsWith('/login?') || redirect === '/') return '/dashboard';
  return redirect;
}
