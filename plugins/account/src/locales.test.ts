import { describe, expect, it } from 'vitest';
import accountPlugin from './index.js';
import signInEn from './locales/en.json';
import signInZhCn from './locales/zh-CN.json';
import signInZhTw from './locales/zh-TW.json';
import ownEn from './own-account/locales/en.json';
import ownZhCn from './own-account/locales/zh-CN.json';
import ownZhTw from './own-account/locales/zh-TW.json';

/** Dotted keys of a locale file, sorted. */
function localeKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value)
    .flatMap(([key, inner]) => localeKeys(inner, prefix ? `${prefix}.${key}` : key))
    .sort();
}

/** Leaves that are not a non-blank string, by dotted key. */
function emptyTexts(value: unknown, prefix = ''): string[] {
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, inner]) =>
      emptyTexts(inner, prefix ? `${prefix}.${key}` : key),
    );
  return typeof value === 'string' && value.trim() !== '' ? [] : [prefix];
}

const OWN_ACCOUNT = { en: ownEn, 'zh-CN': ownZhCn, 'zh-TW': ownZhTw };
const SIGN_IN = { en: signInEn, 'zh-CN': signInZhCn, 'zh-TW': signInZhTw };

describe('the own-account namespace', () => {
  // The console has no fallback language: a key missing in one language would show as the key.
  it('has the same keys in en, zh-CN and zh-TW, each with a text', () => {
    const english = localeKeys(ownEn);
    expect(english.length).toBeGreaterThan(0);
    for (const [language, texts] of Object.entries(OWN_ACCOUNT)) {
      expect(localeKeys(texts), language).toEqual(english);
      expect(emptyTexts(texts), `${language} has empty texts`).toEqual([]);
    }
  });

  it('is registered beside account, each with a loader per language', () => {
    const namespaces = (accountPlugin.messages ?? []).map((contribution) => contribution.namespace);
    expect(namespaces).toEqual(['account', 'own-account']);
    for (const contribution of accountPlugin.messages ?? [])
      expect(Object.keys(contribution.loaders).sort(), contribution.namespace).toEqual([
        'en',
        'zh-CN',
        'zh-TW',
      ]);
  });
});

describe('the account namespace', () => {
  // It loads with the sign-in pages: the signed-in dialogs' strings would only weigh on that load.
  it('holds none of the top-level keys of own-account', () => {
    const moved = Object.keys(ownEn);
    for (const [language, texts] of Object.entries(SIGN_IN)) {
      expect(
        Object.keys(texts).filter((key) => moved.includes(key)),
        language,
      ).toEqual([]);
    }
  });
});
