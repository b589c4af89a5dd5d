import type { AppRoute } from '@vap/kernel';

/**
 * The menu entries whose title matches a search, with the dirs that lead to them (a dir whose own
 * title matches keeps all its entries). An empty search keeps everything.
 */
export function filterMenu(
  routes: readonly AppRoute[],
  search: string,
  title: (route: AppRoute) => string,
): AppRoute[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...routes];
  return routes.flatMap((route) => {
    if (title(route).toLocaleLowerCase().includes(needle)) return [route];
    const children = filterMenu(route.children, needle, title);
    return children.length > 0 ? [{ ...route, children }] : [];
  });
}
