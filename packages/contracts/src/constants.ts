/** Business constants and limits of spec §9, shared by the console and the server. */

/** Local-storage key of the session token (spec §3). */
export const TOKEN_STORAGE_KEY = 'vap_web_token';
/** A token stays usable until its `exp` claim plus this many seconds (spec §9). */
export const TOKEN_GRACE_SECONDS = 600;
/** Every /webapi call times out after this (spec §7). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Base path of every API call (spec §7). */
export const API_BASE = '/webapi';

export const LANGUAGES = ['zh-CN', 'en', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
/**
 * The cookie that tells the server the language a browser last chose (the console keeps the choice
 * in local storage, which the server cannot read): index.html then preloads that language's strings.
 */
export const LANGUAGE_COOKIE = 'vap_language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * What the console's build writes beside index.html for the server (`first-load.json`): the
 * language whose sign-in strings index.html preloads, and the address of each language's.
 */
export const FIRST_LOAD_FILE = 'first-load.json';
export interface FirstLoadFile {
  defaultLanguage: string;
  /** Language → the address of its sign-in messages chunk. */
  messages: Record<string, string>;
}

export const DEFAULT_THEME_COLOR = '#1890ff';
/** Layout settings of spec §3 "Settings". */
export interface LayoutSettings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}
/** Their defaults (spec §9). */
export const DEFAULT_SETTINGS: Readonly<LayoutSettings> = {
  theme: DEFAULT_THEME_COLOR,
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
};

export const POLL_INTERVAL_MS = 3000;

/**
 * `state` of a notice (for the caller) or a message: 0 unread, 1 read (spec §7.4 `state = 0`). Here,
 * free of zod, because the unread dots' poll runs from the notices plugin's entry: a constant of a
 * schema module would bring that module, all its schemas and zod onto every visitor's first load
 * once its area's declared calls are used.
 */
export const READ_STATE = { unread: 0, read: 1 } as const;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const TAB_CONTEXT_MENU_WIDTH_PX = 105;

export const PASSWORD_MIN_LENGTH = 6;
export const LOGO_MAX_BYTES = 1_048_576;
export const VERIFY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The largest firmware package (issue 16). */
export const FIRMWARE_MAX_BYTES = 100 * 1024 * 1024;
/** A hologram parking scheme's file: a TAR archive of at most 100 MB (spec §5.6). */
export const HOLOGRAM_SCHEME_MAX_BYTES = 100 * 1024 * 1024;
export const VERIFY_IMAGE_MAX_PX = 5000;
export const COMPANY_NAME_MAX_LENGTH = 100;
export const RECHARGE_MAX_YUAN = 999_999.99;
export const LOG_EXPORT_MAX_ROWS = 5000;
/** Rows a device export answers at most (the export's summary in devices-calls.ts names it). */
export const DEVICE_EXPORT_MAX_ROWS = 100_000;

/** role_id of the company owner (spec §6). */
export const OWNER_ROLE_ID = 0;

/**
 * Whether a signed-in user is their company's owner (spec §6): role 0 within a company. A user
 * without a company holds no role (role_id null) and is nobody's owner; the company is checked as
 * well so that no reading of user info can take a stray 0 for the owner.
 */
export function isOwner(user: { readonly role_id: number | null; readonly company: object | null }): boolean {
  return user.company !== null && user.role_id === OWNER_ROLE_ID;
}

/** Company product flags (spec §3); 0 means enabled. */
export const PRODUCT_FLAGS = ['cbs', 'lvlm_lab', 'rsrc_mgt', 'voip'] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];

// The kinds and cloud states of a device, here rather than in devices.ts: the cloud packages'
// schemas (cbs.ts) use them too, and a dashboard card or a cbs page would otherwise load every
// device schema with its own (issue 30 §5).
export const DEVICE_KINDS = ['ipc', 'nvr'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
/**
 * Cloud backup and cloud video state of a device (its package of plugin `cbs`): none, running,
 * suspended for want of balance, or closed.
 */
export const CLOUD_STATES = ['none', 'active', 'suspended', 'expired'] as const;
export type CloudState = (typeof CLOUD_STATES)[number];
