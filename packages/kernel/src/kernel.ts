/**
 * The kernel: one object holding the registry, the service container and the core services.
 * `Kernel.boot` checks the plugins, starts their services and the i18n; every failure there is
 * a `BootError` naming the plugin, which the console shows instead of a white screen.
 */
import type { Language } from '@vap/contracts';
import { EventBus } from './events.js';
import { HttpClient, type LocalErrorCode } from './http.js';
import { createI18n, type I18n, LANGUAGE_STORAGE_KEY, startLanguage } from './i18n.js';
import type { MessagesContribution, Plugin } from './plugin.js';
import { BootError, PluginRegistry } from './registry.js';
import { createServiceRef, ServiceContainer, type ServiceRef } from './services.js';
import { SessionService, type SessionState } from './session.js';
import { TabsService } from './tabs.js';
import { TokenStore } from './token.js';

export const HttpRef: ServiceRef<HttpClient> = createServiceRef('http');
export const SessionRef: ServiceRef<SessionService> = createServiceRef('session');
export const EventBusRef: ServiceRef<EventBus> = createServiceRef('events');
export const I18nRef: ServiceRef<I18n> = createServiceRef('i18n');
export const TabsRef: ServiceRef<TabsService> = createServiceRef('tabs');

export interface KernelOptions {
  plugins: readonly Plugin[];
  /**
   * The console's own strings (the default namespace), then the namespaces of shared libraries
   * that are not plugins, such as `uiMessages` of `@vap/ui`.
   */
  messages: MessagesContribution | readonly MessagesContribution[];
  storage?: Storage;
  /** Where open tabs survive a reload of this browser tab; `sessionStorage` by default. */
  tabStorage?: Storage;
  fetch?: typeof globalThis.fetch;
  /** Base of every API call; `/webapi` by default (spec §7). */
  apiBase?: string;
  /** Overrides the saved language (a first visit starts in zh-CN). */
  language?: Language;
  /** Where the app runs; the 401 rule skips the official download page (spec §8). */
  location?: () => string;
  kernelVersion?: string;
}

const LOCAL_MESSAGE_KEYS: Record<LocalErrorCode, string> = {
  network: 'app.networkError',
  timeout: 'app.timeout',
  // Cancelled requests give the expiry message (spec §8).
  cancelled: 'app.authExpiredShort',
  invalid_response: 'app.invalidResponse',
};

export class Kernel {
  private constructor(
    readonly registry: PluginRegistry,
    readonly services: ServiceContainer,
    readonly i18n: I18n,
    readonly http: HttpClient,
    readonly session: SessionService,
    readonly bus: EventBus,
    readonly storage: Storage,
    readonly tabs: TabsService,
  ) {}

  static async boot(options: KernelOptions): Promise<Kernel> {
    const registry = new PluginRegistry(options.plugins, options.kernelVersion);
    const storage = options.storage ?? globalThis.localStorage;
    const location = options.location ?? (() => globalThis.location?.href ?? '');
    const language = options.language ?? startLanguage(storage);
    const shared = [options.messages].flat();
    for (const plugin of registry.plugins) {
      const taken = plugin.messages?.find((own) => shared.some((ns) => ns.namespace === own.namespace));
      if (taken) {
        throw new BootError(
          `Plugin "${plugin.id}" claims the message namespace "${taken.namespace}" of the console`,
          [plugin.id],
        );
      }
    }
    // Only the console's own strings may extend the default namespace, not a plugin's.
    const pluginMessages = registry.messages().map(({ namespace, loaders }) => ({ namespace, loaders }));
    const i18n = await createI18n([...shared, ...pluginMessages], language);
    const bus = new EventBus();
    const tokens = new TokenStore(storage);
    let expiredNotified = false;
    const http = new HttpClient({
      ...(options.apiBase ? { baseURL: options.apiBase } : {}),
      token: () => tokens.read(),
      language: () => i18n.language,
      localMessage: (code) => i18n.t(LOCAL_MESSAGE_KEYS[code]),
      onUnauthorized: () => {
        if (location().includes('official') || expiredNotified) return;
        expiredNotified = true;
        bus.emit('session.expired', { message: i18n.t('app.authExpired') });
      },
      onError: ({ status, code, message }) => bus.emit('http.error', { status, code, message }),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    const session = new SessionService({ http, tokens, registry, bus });
    bus.subscribe('session.login', () => {
      expiredNotified = false;
    });
    const tabs = new TabsService(options.tabStorage ?? globalThis.sessionStorage ?? storage, bus);
    bus.subscribe('session.cleared', () => tabs.reset());
    let tabsFor: SessionState['routes'] = null;
    session.subscribe(() => {
      const { routes } = session.state;
      if (routes && routes !== tabsFor) tabs.start(routes);
      tabsFor = routes;
    });

    const services = new ServiceContainer();
    services.provide(HttpRef, http);
    services.provide(SessionRef, session);
    services.provide(EventBusRef, bus);
    services.provide(I18nRef, i18n);
    services.provide(TabsRef, tabs);
    for (const plugin of registry.plugins) {
      for (const contribution of plugin.services ?? []) {
        try {
          services.register(contribution, plugin.id);
        } catch (error) {
          throw new BootError(`Plugin "${plugin.id}": ${(error as Error).message}`, [plugin.id]);
        }
      }
    }
    // A plugin's services live while it is active for the signed-in user and company.
    const activate = () => {
      let active: readonly Plugin[];
      try {
        active = registry.active(session.state.context);
      } catch {
        return; // A throwing activation rule fails the session's load, which reports it.
      }
      services.activate(active.map((plugin) => plugin.id));
    };
    activate();
    session.subscribe(activate);
    // The signed-in screens resolve services and read the strings that extend the default
    // namespace (the shell's): both load as soon as a session starts.
    session.subscribe(() => {
      if (session.state.status === 'anonymous') return;
      i18n.loadNamespaces(i18n.extensions).catch(() => undefined);
      if (services.loaded) return;
      services.load().catch((error: unknown) => console.warn('The services could not be loaded', error));
    });
    return new Kernel(registry, services, i18n, http, session, bus, storage, tabs);
  }

  /** Switches the language; the choice is remembered at once, before its strings have loaded. */
  async setLanguage(language: Language): Promise<void> {
    this.storage.setItem(LANGUAGE_STORAGE_KEY, language);
    await this.i18n.changeLanguage(language);
  }
}
