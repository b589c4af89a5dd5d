import { type AppRoute, useT } from '@vap/kernel';

/** The translated title of a server route (a locale key, or literal text from the server). */
export function useRouteTitle() {
  const t = useT();
  return (route: AppRoute) => t(route.title, { defaultValue: route.title });
}
