import {
  Component,
  type ComponentType,
  type ContextType,
  createContext,
  createElement,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
} from 'react';
import type { I18n } from '../i18n.js';
import { isButtonPermitted } from '../permissions.js';
import type { LazyComponent } from '../plugin.js';
import type { AppRoute } from '../routes.js';
import { useSession } from './context.js';
import { I18nContext, useI18n } from './i18n.js';

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

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A promise tagged the way React's `use` reads synchronously once it has settled. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const loads = new WeakMap<Loader<never>, Tracked<{ default: ComponentType<never> }>>();
// biome-ignore lint/suspicious/noExplicitAny: one component per loader, whatever its props
const components = new WeakMap<Loader<never>, ComponentType<any>>();

function load<P>(loader: Loader<P>): Tracked<{ default: ComponentType<P> }> {
  let tracked = loads.get(loader as Loader<never>) as Tracked<{ default: ComponentType<P> }> | undefined;
  if (!tracked) {
    const promise: Tracked<{ default: ComponentType<P> }> = loader().then(
      (module) => {
        promise.status = 'fulfilled';
        promise.value = module;
        return module;
      },
      (error: unknown) => {
        promise.status = 'rejected';
        promise.reason = error;
        // A failed chunk may load on retry (e.g. after a deploy or a network blip).
        loads.delete(loader as Loader<never>);
        throw error;
      },
    );
    tracked = promise;
    loads.set(loader as Loader<never>, tracked as never);
  }
  return tracked;
}

/**
 * Fetches a page's (or dialog's) code ahead of rendering it. A preloaded component renders at
 * once, without suspending: no loading state and no Suspense reveal delay.
 */
export function preloadPage<P>(loader: Loader<P>): Promise<unknown> {
  return load(loader).catch(() => undefined);
}

/**
 * One component per loader (a page, a top bar item, a dialog): its code is fetched once, and it
 * suspends only while that code is not there yet.
 */
export function lazyPage<P extends object = Record<string, never>>(loader: Loader<P>): ComponentType<P> {
  let component = components.get(loader as Loader<never>) as ComponentType<P> | undefined;
  if (!component) {
    // React.lazy for code not fetched yet; the loaded module directly once it is there.
    const Suspending = lazy(() => load(loader));
    const Lazy = (props: P) => {
      const tracked = load(loader);
      return tracked.status === 'fulfilled' && tracked.value
        ? createElement(tracked.value.default, props)
        : createElement(Suspending as ComponentType<P>, props);
    };
    Lazy.displayName = 'LazyPage';
    component = Lazy;
    components.set(loader as Loader<never>, component);
  }
  return component;
}

interface BoundaryProps {
  fallback: (error: Error, retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps one broken page inside its own area while the rest of the console works. */
export class PageErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  static override contextType = I18nContext;
  declare context: ContextType<typeof I18nContext>;
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return this.props.fallback(this.state.error, () => {
        // Strings that failed to load are fetched again too, not only the page's code.
        this.context?.forgetFailures();
        this.setState({ error: null });
      });
    }
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

const withStrings = new WeakMap<I18n, WeakMap<Loader<never>, Loader<never>>>();

/**
 * A loader of a plugin's component (a page, a dashboard card) that fetches the plugin's strings
 * beside its code: a plugin's strings load with its screens, not with every signed-in page (issue
 * 30 §5), and fetching them together rather than once the component asks for them spares it a
 * second round trip. One loader per component and i18n, so that the component is made once.
 */
export function withMessages<P>(
  loader: Loader<P>,
  messages: readonly string[] | undefined,
  i18n: I18n,
): Loader<P> {
  if (!messages || messages.length === 0) return loader;
  let loaders = withStrings.get(i18n);
  if (!loaders) {
    loaders = new WeakMap();
    withStrings.set(i18n, loaders);
  }
  let joined = loaders.get(loader as Loader<never>) as Loader<P> | undefined;
  if (!joined) {
    joined = () => Promise.all([loader(), i18n.loadNamespaces(messages)]).then(([module]) => module);
    loaders.set(loader as Loader<never>, joined as Loader<never>);
  }
  return joined;
}

/** The loader of a route's page with its plugin's strings; none for a "coming soon" page. */
export function routePage(route: AppRoute, i18n: I18n): LazyComponent | undefined {
  return route.page ? withMessages(route.page.component, route.messages, i18n) : undefined;
}

/** Renders a route's page lazily, with its button permissions in context. */
export function PageHost({ route, comingSoon, loading, failed }: PageHostProps) {
  const loader = routePage(route, useI18n());
  const Page = loader ? lazyPage(loader) : null;
  return (
    <RouteContext.Provider value={route}>
      <PageErrorBoundary key={route.name} fallback={failed}>
        <Suspense fallback={loading}>{Page ? <Page /> : comingSoon}</Suspense>
      </PageErrorBoundary>
    </RouteContext.Provider>
  );
}
