/**
 * Open views as tabs (spec §2.4): visited pages, the pinned (affix) dashboard, close / close others /
 * close all, refresh through `/redirect/…`, the kept-alive pages, and the open tabs restored after a
 * reload. Router-agnostic: operations answer where to go, and the console navigates.
 */
import { BehaviorSubject } from 'rxjs';
import type { EventBus } from './events.js';
import type { AppRoute, RouteAssembly } from './routes.js';

export interface TabView {
  /** The tab's identity: the path, plus the `name` query parameter when there is one. */
  readonly key: string;
  /** The route name of the page. */
  readonly name: string;
  readonly path: string;
  /** Path with its query, to return to the tab as it was left. */
  readonly fullPath: string;
  /** Locale key (or literal) of the route title; pages with a title rule use `label`. */
  readonly title: string;
  /** A title taken from the address, e.g. the `name` query parameter (spec §2.3). */
  readonly label?: string;
  readonly affix: boolean;
  readonly keepAlive: boolean;
}

export interface TabsState {
  readonly views: readonly TabView[];
  readonly activeKey: string | null;
}

export interface TabLocation {
  pathname: string;
  search: string;
}

/** Where the storage keeps the open tabs of this browser tab. */
export const TABS_STORAGE_KEY = 'vap_tabs';

/** The path that refreshes a view: the console remounts the page behind it (spec §2.1). */
export const REDIRECT_PREFIX = '/redirect';

export function tabKey(location: TabLocation): string {
  const name = new URLSearchParams(location.search).get('name');
  return name ? `${location.pathname}?name=${name}` : location.pathname;
}

const EMPTY: TabsState = { views: [], activeKey: null };

export class TabsService {
  readonly #state = new BehaviorSubject<TabsState>(EMPTY);
  /** How each tab's kept-alive page tells whether it holds unsaved work (`useLeaveGuard`). */
  readonly #guards = new Map<string, () => boolean>();

  constructor(
    private readonly storage: Storage,
    private readonly bus: EventBus,
  ) {}

  get state(): TabsState {
    return this.#state.value;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    const subscription = this.#state.subscribe(() => listener());
    return () => subscription.unsubscribe();
  };

  readonly getSnapshot = (): TabsState => this.#state.value;

  /** Names of the open pages that keep their state while hidden. */
  get cachedNames(): readonly string[] {
    return [...new Set(this.state.views.filter((view) => view.keepAlive).map((view) => view.name))];
  }

  /**
   * Starts the tabs of a loaded session: the affix pages first, then the tabs open before a reload
   * that the user may still open. Anything else is dropped (another user, another role).
   */
  start(routes: RouteAssembly): void {
    const affix = [...routes.byName.values()]
      .filter((route) => route.page?.affix)
      .map((route) => viewOf(route, { pathname: route.path, search: '' }));
    const saved = this.#read().flatMap((view) => {
      const route = routes.byName.get(view.name);
      if (!route || route.path !== view.path || route.page?.affix) return [];
      return [{ ...view, title: route.title, keepAlive: route.page?.keepAlive ?? false, affix: false }];
    });
    this.#set({ views: [...affix, ...saved], activeKey: null });
  }

  /** Records a visit: opens the route's tab or updates it to the address now shown. */
  open(route: AppRoute, location: TabLocation): void {
    const view = viewOf(route, location);
    const views = this.state.views;
    const index = views.findIndex((existing) => existing.key === view.key);
    const next =
      index < 0
        ? [...views, view]
        : views.map((existing, i) => (i === index ? { ...view, affix: existing.affix } : existing));
    this.#set({ views: next, activeKey: view.key });
  }

  /** Closes a tab; answers where to go when it was the active one (the last tab left, or `/`). */
  close(key: string): string | null {
    const { views, activeKey } = this.state;
    const index = views.findIndex((view) => view.key === key);
    const closing = views[index];
    if (!closing || closing.affix) return null;
    const rest = views.filter((view) => view.key !== key);
    const wasActive = activeKey === key;
    const target = wasActive ? (rest.at(-1)?.fullPath ?? '/') : null;
    this.#set({ views: rest, activeKey: wasActive ? (rest.at(-1)?.key ?? null) : activeKey });
    return target;
  }

  /** Keeps the affix tabs and this one; answers where to go when the active tab was closed. */
  closeOthers(key: string): string | null {
    const { views, activeKey } = this.state;
    const keep = views.find((view) => view.key === key);
    if (!keep) return null;
    const rest = views.filter((view) => view.affix || view.key === key);
    this.#set({ views: rest, activeKey: key });
    return activeKey === key ? null : keep.fullPath;
  }

  /** Keeps only the affix tabs; answers where to go (the last affix tab, or `/`). */
  closeAll(): string {
    const rest = this.state.views.filter((view) => view.affix);
    const active = rest.find((view) => view.key === this.state.activeKey);
    const target = active ?? rest.at(-1);
    this.#set({ views: rest, activeKey: target?.key ?? null });
    return target?.fullPath ?? '/';
  }

  /** The address that reloads a tab's page in place, announced on the bus as `tabs.refresh`. */
  refresh(key: string): string | null {
    const view = this.state.views.find((candidate) => candidate.key === key);
    if (!view) return null;
    this.bus.emit('tabs.refresh', { key: view.key, name: view.name });
    return `${REDIRECT_PREFIX}${view.fullPath}`;
  }

  /**
   * Registers how the page of a tab tells whether it holds work not yet saved; answers the
   * unregistering. The console hosts it for every kept-alive page (`LeaveGuardScope`).
   */
  guard(key: string, unsaved: () => boolean): () => void {
    this.#guards.set(key, unsaved);
    return () => {
      if (this.#guards.get(key) === unsaved) this.#guards.delete(key);
    };
  }

  /**
   * The tabs among `keys` (every open tab when absent) whose page holds unsaved work: the console
   * asks before closing, refreshing or signing out of them (issue 32, the ad design page).
   */
  unsaved(keys?: readonly string[]): TabView[] {
    const wanted = keys ? new Set(keys) : null;
    return this.state.views.filter(
      (view) => (!wanted || wanted.has(view.key)) && (this.#guards.get(view.key)?.() ?? false),
    );
  }

  /** Forgets every tab, e.g. on logout or when another user signs in. */
  reset(): void {
    this.#set(EMPTY);
  }

  #set(state: TabsState): void {
    this.#state.next(state);
    const persisted = state.views.filter((view) => !view.affix);
    try {
      if (persisted.length > 0) this.storage.setItem(TABS_STORAGE_KEY, JSON.stringify(persisted));
      else this.storage.removeItem(TABS_STORAGE_KEY);
    } catch {
      // Storage full or disabled: tabs still work, they just will not survive a reload.
    }
  }

  #read(): TabView[] {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(TABS_STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isTabView) : [];
    } catch {
      return [];
    }
  }
}

function viewOf(route: AppRoute, location: TabLocation): TabView {
  const label = route.page?.title?.({ query: new URLSearchParams(location.search) });
  return {
    key: tabKey(location),
    name: route.name,
    path: route.path,
    fullPath: `${location.pathname}${location.search}`,
    title: route.title,
    ...(label ? { label } : {}),
    affix: route.page?.affix ?? false,
    keepAlive: route.page?.keepAlive ?? false,
  };
}

function isTabView(value: unknown): value is TabView {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Record<string, unknown>;
  return (
    typeof view.key === 'string' &&
    typeof view.name === 'string' &&
    typeof view.path === 'string' &&
    typeof view.fullPath === 'string' &&
    view.fullPath.startsWith('/') &&
    typeof view.title === 'string'
  );
}
