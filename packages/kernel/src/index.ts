export { defineEvent, EventBus, type EventRef, type KernelEvents } from './events.js';
export {
  type Contribution,
  type ContributionOptions,
  contribute,
  createExtensionPoint,
  type ExtensionPoint,
} from './extension-points.js';
export { ApiError, HttpClient, type RequestOptions, type SchemaSource, type Where } from './http.js';
export {
  DEFAULT_NAMESPACE,
  I18n,
  initialLanguage,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  type Messages,
  type Translate,
  type TranslateOptions,
} from './i18n.js';
export { EventBusRef, HttpRef, I18nRef, Kernel, type KernelOptions, SessionRef, TabsRef } from './kernel.js';
export { loadPlugins, type PluginLoader } from './load-plugins.js';
export { type PluginManifest, pluginManifest } from './manifest.js';
export { md5Hex, md5OfBlob, md5OfBytes } from './md5.js';
export { isButtonPermitted, pathOfRoute } from './permissions.js';
export {
  type ActivationContext,
  definePlugin,
  type LazyComponent,
  type LazyDialog,
  type MenuDirContribution,
  type MessagesContribution,
  menuDir,
  messages,
  type PageContribution,
  type PageOptions,
  type Plugin,
  type PluginDefinition,
  type PublicRouteContribution,
  page,
  publicRoute,
  type TitleRule,
  type TopbarItemContribution,
  titleFromQuery,
  topbarItem,
  type UserMenuItemContribution,
  type UserMenuItemOptions,
  userMenuItem,
  whenProductEnabled,
} from './plugin.js';
export { KernelProvider, useKernel, useService, useSession, useTabs } from './react/context.js';
export { useContributions } from './react/contributions.js';
export { useDateTime } from './react/format.js';
export { I18nProvider, useI18n, useLanguage, useT } from './react/i18n.js';
export { useNavigateTo } from './react/navigation.js';
export {
  lazyPage,
  PageErrorBoundary,
  PageHost,
  Permitted,
  preloadPage,
  useCurrentRoute,
  usePermission,
} from './react/page.js';
export { BootError, PluginRegistry } from './registry.js';
export {
  type AppRoute,
  assembleRoutes,
  documentTitle,
  firstPath,
  isEmptyMenus,
  type RouteAssembly,
  routeTitle,
} from './routes.js';
export {
  type AsyncService,
  createServiceRef,
  lazyService,
  type ServiceRef,
  type ServiceResolver,
  service,
} from './services.js';
export {
  API_PATHS,
  NoAccessError,
  SessionService,
  type SessionState,
  type SessionStatus,
} from './session.js';
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
export { KERNEL_API_VERSION } from './version.js';
