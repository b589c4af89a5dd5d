import type { AppRoute } from '@vap/kernel';
import type { RouteAssembly } from '@vap/kernel/host';

/** The route at `pathname` and its ancestors, outermost first; empty when none matches. */
export function routeTrail(routes: RouteAssembly, pathname: string): AppRoute[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const search = (nodes: readonly AppRoute[], ancestors: AppRoute[]): AppRoute[] | null => {
    for (const node of nodes) {
      if (node.type !== 'link' && node.path === path) return [...ancestors, node];
      const inner = search(node.children, [...ancestors, node]);
      if (inner) return inner;
    }
    return null;
  };
  const inTree = search(routes.tree, []);
  if (inTree) return inTree;
  const page = [...routes.byName.values()].find((route) => route.path === path);
  return page ? [page] : [];
}
