/**
 * The layout settings of spec §3/§9 (theme colour, tags view, fixed header, sidebar logo, the
 * settings button) and the `size` cookie. Persisted in this browser; a stored value that is not
 * usable falls back to its default instead of breaking the layout.
 */
import { DEFAULT_SETTINGS, type LayoutSettings } from '@vap/contracts';
import { applyThemeColour, type ControlSize } from '@vap/ui';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../cookies.js';

export const SETTINGS_STORAGE_KEY = 'vap_settings';
export const SIZE_COOKIE = 'size';
export const DEFAULT_SIZE: ControlSize = 'medium';

/** Theme colours offered in the settings panel; any other #rrggbb can be typed in. */
export const THEME_PRESETS = ['#1890ff', '#13c2c2', '#52c41a', '#fa541c', '#722ed1', '#eb2f96', '#304156'];

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export interface ShellSettings extends LayoutSettings {
  size: ControlSize;
}

function read(): ShellSettings {
  let stored: Partial<Record<keyof LayoutSettings, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) stored = parsed;
  } catch {
    // Unreadable settings: the defaults apply.
  }
  const flag = (key: Exclude<keyof LayoutSettings, 'theme'>) =>
    typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_SETTINGS[key];
  const size = readCookie(SIZE_COOKIE);
  return {
    theme:
      typeof stored.theme === 'string' && HEX_COLOUR.test(stored.theme)
        ? stored.theme
        : DEFAULT_SETTINGS.theme,
    showSettings: flag('showSettings'),
    tagsView: flag('tagsView'),
    fixedHeader: flag('fixedHeader'),
    sidebarLogo: flag('sidebarLogo'),
    size: size === 'small' || size === 'medium' ? size : DEFAULT_SIZE,
  };
}

let current: ShellSettings | null = null;
const listeners = new Set<() => void>();

export function getSettings(): ShellSettings {
  current ??= read();
  return current;
}

/** Changes settings, persists them, and applies the theme colour at once. */
export function updateSettings(change: Partial<ShellSettings>): void {
  if (change.theme !== undefined && !HEX_COLOUR.test(change.theme)) return;
  const next = { ...getSettings(), ...change };
  current = next;
  const { size, ...layout } = next;
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(layout));
  } catch {
    // Storage full or disabled: the change holds until the page is left.
  }
  writeCookie(SIZE_COOKIE, size);
  applyTheme(next.theme);
  for (const listener of listeners) listener();
}

/** Back to the defaults of spec §9. */
export function resetSettings(): void {
  updateSettings({ ...DEFAULT_SETTINGS, size: DEFAULT_SIZE });
}

/** The theme colour is a CSS variable of the design tokens: no rebuild, no reload. */
export function applyTheme(theme: string = getSettings().theme): void {
  applyThemeColour(theme);
}

export function isThemeColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): ShellSettings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}

/** Forget the cached settings (tests, or another tab changed them). */
export function reloadSettings(): void {
  current = null;
  for (const listener of listeners) listener();
}
