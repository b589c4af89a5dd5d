/**
 * `@vap/kernel`: the API plugin authors write against — defining a plugin and its contributions,
 * extension points and events, services, HTTP, the session, permissions, i18n and the React hooks.
 * What only the console that hosts plugins needs is `@vap/kernel/host`.
 */
export { type CallArgs, type Client, clientOf, sendCall } from './calls.js';
export { defineEvent, type EventBus, type EventRef, type KernelEvents } from './events.js';
export {
  type Contribution,
  type ContributionOptions,
  contribute,
  createExtensionPoint,
  type ExtensionPoint,
} from './extension-points.js';
export {
  ApiError,
  type CallOptions,
  type HttpClient,
  type RequestOptions,
  type SchemaSource,
  type Where,
} from './http.js';
export type { Translate, TranslateOptions } from './i18n.js';
export type { Namespace, TranslateOf, TranslationKey, VapResources } from './i18n-keys.js';
export { EventBusRef, HttpRef, I18nRef, type Kernel, SessionRef, TabsRef } from './kernel.js';
export { type PluginManifest, pluginManifest } from './manifest.js';
export { md5Hex, md5OfBlob, md5OfBytes } from './md5.js';
export {
  type ActivationContext,
  type CatalogueDir,
  definePlugin,
  type LazyComponent,
  type LazyDialog,
  type MenuDirContribution,
  type MenuPlacement,
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
export { useClient } from './react/client.js';
export { useKernel, useService, useSession, useTabs } from './react/context.js';
export { useContributions } from './react/contributions.js';
export { useDateTime } from './react/format.js';
export { useLanguage, useT } from './react/i18n.js';
export { type ComponentExport, lazyExport } from './react/lazy-export.js';
export { useLeaveGuard } from './react/leave-guard.js';
export { useNavigateTo, usePagePath } from './react/navigation.js';
export {
  lazyPage,
  PageErrorBoundary,
  Permitted,
  preloadPage,
  routePage,
  useCurrentRoute,
  usePermission,
  withMessages,
} from './react/page.js';
export type { AppRoute } from './routes.js';
export {
  type AsyncService,
  createServiceRef,
  lazyService,
  type ServiceRef,
  type ServiceResolver,
  service,
} from './services.js';
export { NoAccessError, type SessionService, type SessionState } from './session.js';
export { untranslatedKeys } from './untranslated.js';
export { KERNEL_API_VERSION } from './version.js';
