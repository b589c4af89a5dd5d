/**
 * `@vap/kernel/host`: what the console that hosts the plugins uses, and plugin authors do not —
 * booting the kernel, loading plugin packages, the registry, route assembly, the page host, the
 * i18n engine, the tabs and token stores. `@vap/kernel` is the plugin authors' API.
 */

export {
  DEFAULT_NAMESPACE,
  I18n,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  type Messages,
  preloadMessages,
  splitNamespace,
  startLanguage,
} from './i18n.js';
export { Kernel, type KernelOptions } from './kernel.js';
export { loadPlugins, type PluginLoader } from './load-plugins.js';
export { isButtonPermitted, pathOfRoute } from './permissions.js';
export { KernelProvider } from './react/context.js';
export { I18nProvider, useI18n } from './react/i18n.js';
export { LeaveGuardScope } from './react/leave-guard.js';
export { PageHost } from './react/page.js';
export { BootError, PluginRegistry } from './registry.js';
export {
  assembleRoutes,
  documentTitle,
  firstPath,
  isEmptyMenus,
  type RouteAssembly,
  routeTitle,
} from './routes.js';
export { API_PATHS, type SessionStatus } from './session.js';
export {
  REDIRECT_PREFIX,
  TABS_STORAGE_KEY,
  type TabLocation,
  TabsService,
  type TabsState,
  type TabView,
  tabKey,
} from './tabs.js';
export { TokenStore, tokenExpiry } from './token.js';
