import {
  Component,
  type ComponentType,
  createContext,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
} from 'react';
import { isButtonPermitted } from '../permissions.js';
import type { AppRoute } from '../routes.js';
import { useSession } from './context.js';

const RouteContext = createContext<AppRoute | null>(null);

/** The server route of the page being rendered. */
export function useCurrentRoute(): AppRoute | null {
  return useContext(RouteContext);
}

/**
 * Whether the current page's button list allows `button` (spec §6): the owner always may;
 * others only for the buttons their role lists on this page.
 */
export function usePermission(button: string): boolean {
  const route = useCurrentRoute();
  const { user } = useSession();
  return isButtonPermitted(user, route, button);
}

export function Permitted({ button, children }: { button: string; children: ReactNode }) {
  return usePermission(button) ? children : null;
}

// biome-ignore lint/suspicious/noExplicitAny: one cache for loaders of components with any props
type AnyLoader = () => Promise<{ default: ComponentType<any> }>;
// biome-ignore lint/suspicious/noExplicitAny: see above
const lazyComponents = new WeakMap<AnyLoader, LazyExoticComponent<ComponentType<any>>>();

/** One `React.lazy` per loader (a page, a top bar item, a dialog), so its code is fetched once. */
export function lazyPage<P extends object = Record<string, never>>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  let component = lazyComponents.get(loader);
  if (!component) {
    component = lazy(loader);
    lazyComponents.set(loader, component);
  }
  return component as LazyExoticComponent<ComponentType<P>>;
}

interface BoundaryProps {
  fallback: (error: Error, retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps one broken page inside its own area while the rest of the console works. */
export class PageErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, () => this.setState({ error: null }));
    return this.props.children;
  }
}

export interface PageHostProps {
  route: AppRoute;
  /** Shown for a page no built plugin claims yet. */
  comingSoon: ReactNode;
  loading: ReactNode;
  failed: BoundaryProps['fallback'];
}

/** Renders a route's page lazily, with its button permissions in context. */
export function PageHost({ route, comingSoon, loading, failed }: PageHostProps) {
  const Page = route.page ? lazyPage(route.page.component) : null;
  return (
    <RouteContext.Provider value={route}>
      <PageErrorBoundary key={route.name} fallback={failed}>
        <Suspense fallback={loading}>{Page ? <Page /> : comingSoon}</Suspense>
      </PageErrorBoundary>
    </RouteContext.Provider>
  );
}
