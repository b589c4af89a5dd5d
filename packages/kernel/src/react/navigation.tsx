import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { pathOfRoute } from '../permissions.js';
import { useKernel, useSession } from './context.js';

/**
 * Navigation by route name (spec §2.3): goes to the page when the user may open it; otherwise
 * announces `navigation.notPermitted` (the console shows 'not permitted') and stays.
 */
export function useNavigateTo(): (name: string, query?: Record<string, string>) => boolean {
  const navigate = useNavigate();
  const { bus } = useKernel();
  const { routes } = useSession();
  return useCallback(
    (name, query) => {
      const path = pathOfRoute(routes, name, query);
      if (path === null) {
        bus.emit('navigation.notPermitted', { name });
        return false;
      }
      navigate(path);
      return true;
    },
    [bus, navigate, routes],
  );
}

/** The address of a page the user may open, by its name (spec §2.3); null when they may not. */
export function usePagePath(name: string, query?: Record<string, string>): string | null {
  const { routes } = useSession();
  return pathOfRoute(routes, name, query);
}
