import type { Language } from '@vap/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createI18n, I18n, LANGUAGE_STORAGE_KEY, preloadMessages, startLanguage } from './i18n.js';
import { Kernel } from './kernel.js';
import { definePlugin, messages } from './plugin.js';
import { BootError } from './registry.js';
import { countedMessages, flakyMessages } from './test-support.js';

const strings = (text: string) =>
  messages('translation', {
    en: async () => ({ default: { hello: `${text} (en)` } }),
    'zh-CN': async () => ({ default: { hello: `${text} (zh-CN)` } }),
    'zh-TW': async () => ({ default: { hello: `${text} (zh-TW)` } }),
  });
const library = messages('ui', {
  en: async () => ({ default: { empty: 'No data' } }),
  'zh-CN': async () => ({ default: { empty: '暂无数据' } }),
  'zh-TW': async () => ({ default: { empty: '暫無資料' } }),
});

/** The console's strings and a `shell` namespace extending them, of one key (`menu`), its loads counted. */
function withShell() {
  const { loaded, messages: shell } = countedMessages('shell', 'menu', {
    en: 'Menu',
    'zh-CN': '菜单',
    'zh-TW': '選單',
  });
  return { fetched: loaded, i18n: new I18n('en', [strings('console'), { ...shell, extendsDefault: true }]) };
}

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const boot = (options: Partial<Parameters<typeof Kernel.boot>[0]>) =>
  Kernel.boot({
    plugins: [],
    messages: strings('console'),
    storage: memoryStorage(),
    language: 'en',
    ...options,
  });

describe('i18n namespaces', () => {
  it("the console's strings and a shared library's namespace are both available", async () => {
    const kernel = await boot({ messages: [strings('console'), library] });
    await kernel.i18n.loadNamespaces('ui');
    expect(kernel.i18n.t('hello')).toBe('console (en)');
    expect(kernel.i18n.t('ui:empty')).toBe('No data');
    await kernel.i18n.changeLanguage('zh-TW');
    expect(kernel.i18n.t('ui:empty')).toBe('暫無資料');
  });

  it('the chosen language is remembered at once, before its strings have loaded (a reload keeps it)', async () => {
    const storage = memoryStorage();
    const kernel = await boot({ storage });
    const switching = kernel.setLanguage('zh-TW');
    expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-TW');
    await switching;
    expect(kernel.i18n.language).toBe('zh-TW');
  });

  it('an English session fetches the English strings only, never a fallback language’s', async () => {
    const { loaded, messages: tracked } = countedMessages('translation', 'hello', {
      en: 'Hello',
      'zh-CN': '你好',
      'zh-TW': '你好',
    });
    const kernel = await boot({ messages: tracked });
    expect(kernel.i18n.t('hello')).toBe('Hello');
    expect(loaded).toEqual(['en']);
  });

  it("a plugin claiming a shared library's namespace is a boot error naming it", async () => {
    const thief = definePlugin({ id: 'thief', kernel: '^2', messages: [library] });
    const failure = boot({ plugins: [thief], messages: [strings('console'), library] });
    await expect(failure).rejects.toBeInstanceOf(BootError);
    await expect(failure).rejects.toMatchObject({
      message: 'Plugin "thief" claims the message namespace "ui" of the console',
      pluginIds: ['thief'],
    });
  });
});

describe('the translation engine', () => {
  const engine = (language: Language = 'en') => {
    const i18n = new I18n(language);
    i18n.addMessages('en', 'translation', {
      greeting: 'Hello, {{name}}',
      nested: { deeper: { key: 'Deep' } },
      item_one: '{{count}} item',
      item_other: '{{count}} items',
      only: 'No plural forms',
    });
    i18n.addMessages('zh-CN', 'translation', { item_other: '{{count}} 项', greeting: '你好，{{name}}' });
    i18n.addMessages('en', 'ui', { empty: 'No data' });
    return i18n;
  };

  it('reads nested keys with dots and fills placeholders', () => {
    const i18n = engine();
    expect(i18n.t('nested.deeper.key')).toBe('Deep');
    expect(i18n.t('greeting', { name: 'Ann' })).toBe('Hello, Ann');
  });

  it('picks the plural form by the language’s rules, `_other` where a language has no `_one`', () => {
    const i18n = engine();
    expect(i18n.t('item', { count: 1 })).toBe('1 item');
    expect(i18n.t('item', { count: 0 })).toBe('0 items');
    expect(i18n.t('item', { count: 2 })).toBe('2 items');
    expect(i18n.t('only', { count: 3 })).toBe('No plural forms');
  });

  it('names another namespace with `ns:key`, and a colon in a sentence is no namespace', () => {
    const i18n = engine();
    expect(i18n.t('ui:empty')).toBe('No data');
    expect(i18n.namespaceT('ui')('empty')).toBe('No data');
    const sentence = 'Phone: already taken';
    expect(i18n.t(sentence, { defaultValue: sentence })).toBe(sentence);
  });

  it('a missing key shows the key, or the default value when one is given', () => {
    const i18n = engine();
    expect(i18n.t('nowhere.to.be.found')).toBe('nowhere.to.be.found');
    expect(i18n.t('nested')).toBe('nested');
    expect(i18n.t('missing', { defaultValue: 'Fallback' })).toBe('Fallback');
  });

  it('a key missing in the chosen language shows as itself: there is no fallback language', () => {
    const i18n = engine();
    i18n.addMessages('zh-CN', 'translation', { onlyChinese: '仅中文' });
    expect(i18n.t('onlyChinese')).toBe('onlyChinese');
    expect(i18n.t('inNoLanguage')).toBe('inNoLanguage');
  });

  it('is i18next: the instance translates the same keys', () => {
    const i18n = engine();
    expect(i18n.instance.t('greeting', { name: 'Ann' })).toBe('Hello, Ann');
    expect(i18n.instance.t('ui:empty')).toBe('No data');
  });

  it('a placeholder without a value stays visible rather than vanishing', () => {
    expect(engine().t('greeting')).toBe('Hello, {{name}}');
  });

  it('switching language tells subscribers once the strings are there', async () => {
    const i18n = engine();
    const seen: string[] = [];
    i18n.subscribe(() => seen.push(i18n.t('greeting', { name: '安' })));
    await i18n.changeLanguage('zh-CN');
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['你好，安']));
    expect(i18n.t('item', { count: 1 })).toBe('1 项');
  });

  it('of two overlapping language switches, the last one wins', async () => {
    const slow = messages('translation', {
      en: async () => ({ default: { hello: 'Hello' } }),
      'zh-CN': () => new Promise((resolve) => setTimeout(() => resolve({ default: { hello: '你好' } }), 20)),
      'zh-TW': async () => ({ default: { hello: '您好' } }),
    });
    const i18n = await createI18n([slow], 'en');
    const first = i18n.changeLanguage('zh-CN');
    const second = i18n.changeLanguage('zh-TW');
    await Promise.all([first, second]);
    expect(i18n.language).toBe('zh-TW');
    expect(i18n.t('hello')).toBe('您好');
  });

  it('a key naming a namespace not loaded yet loads it, and subscribers hear when its text is there', async () => {
    const labels = messages('own-account', {
      en: async () => ({ default: { profile: { title: 'Profile' } } }),
      'zh-CN': async () => ({ default: {} }),
      'zh-TW': async () => ({ default: {} }),
    });
    const i18n = new I18n('en', [labels]);
    const loaded = new Promise<void>((resolve) => i18n.subscribe(resolve));
    expect(i18n.t('own-account:profile.title')).toBe('profile.title');
    await loaded;
    expect(i18n.t('own-account:profile.title')).toBe('Profile');
  });

  it('keys the default namespace lacks are read from the namespaces that extend it', async () => {
    const shell = {
      ...messages('shell', {
        en: async () => ({ default: { menu: { dashboard: 'Dashboard' }, hello: 'Shadowed' } }),
        'zh-CN': async () => ({ default: {} }),
        'zh-TW': async () => ({ default: {} }),
      }),
      extendsDefault: true,
    };
    const own = messages('translation', {
      en: async () => ({ default: { hello: 'Hello' } }),
      'zh-CN': async () => ({ default: {} }),
      'zh-TW': async () => ({ default: {} }),
    });
    const i18n = await createI18n([own, shell], 'en');
    expect(i18n.extensions).toEqual(['shell']);
    expect(i18n.hasLoadedNamespace('shell')).toBe(false);
    await i18n.loadNamespaces(i18n.extensions);
    expect(i18n.t('menu.dashboard')).toBe('Dashboard');
    expect(i18n.t('hello')).toBe('Hello');
  });

  it('a key the loaded default namespace lacks loads the namespaces extending it, and shows once they are there', async () => {
    const { fetched, i18n } = withShell();
    await i18n.loadNamespaces('translation');
    const t = i18n.namespaceT('translation');
    const loaded = new Promise<void>((resolve) => i18n.subscribe(resolve));
    expect(t('menu')).toBe('menu');
    await loaded;
    expect(fetched).toEqual(['en']);
    expect(t('menu')).toBe('Menu');
  });

  it('a key asked for while the default namespace is still loading loads no namespace extending it', async () => {
    const { fetched, i18n } = withShell();
    const t = i18n.namespaceT('translation');
    const loading = i18n.loadNamespaces('translation');
    expect(t('hello')).toBe('hello');
    await loading;
    expect(t('hello')).toBe('console (en)');
    expect(fetched).toEqual([]);
    expect(i18n.hasLoadedNamespace('shell')).toBe(false);
  });

  it('a namespace nobody registered loads as empty: its keys show as themselves', async () => {
    const i18n = new I18n('en');
    await i18n.loadNamespaces('unknown');
    expect(i18n.namespaceT('unknown')('title')).toBe('title');
  });

  it('loading a namespace twice while it loads asks once, and a failed load is retried', async () => {
    const { messages: flaky, calls } = flakyMessages('flaky', { ok: 'Loaded' }, 'offline');
    const i18n = new I18n('en', [flaky]);
    const first = i18n.loadNamespaces('flaky');
    const second = i18n.loadNamespaces('flaky');
    await expect(first).rejects.toThrow('offline');
    await expect(second).rejects.toThrow('offline');
    expect(calls()).toBe(1);
    expect(i18n.failure('flaky')).toBeInstanceOf(Error);
    await i18n.loadNamespaces('flaky');
    expect(i18n.failure('flaky')).toBeUndefined();
    expect(calls()).toBe(2);
    expect(i18n.t('flaky:ok')).toBe('Loaded');
  });

  it('strings preloaded before the i18n exists are fetched once, in the language only', async () => {
    const { loaded: fetched, messages: counted } = countedMessages('counted', 'ok', {
      en: 'Ready',
      'zh-CN': '就绪',
      'zh-TW': '就緒',
    });
    preloadMessages([counted], 'en');
    expect(fetched).toEqual(['en']);
    const i18n = new I18n('en', [counted]);
    await i18n.loadNamespaces('counted');
    expect(fetched).toEqual(['en']);
    expect(i18n.t('counted:ok')).toBe('Ready');
  });

  it('a first visit starts in zh-CN whatever the browser’s language; a saved choice wins', () => {
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US', 'en'] });
    try {
      const storage = memoryStorage();
      expect(startLanguage(storage)).toBe('zh-CN');
      storage.setItem(LANGUAGE_STORAGE_KEY, 'en');
      expect(startLanguage(storage)).toBe('en');
      storage.setItem(LANGUAGE_STORAGE_KEY, 'zh-TW');
      expect(startLanguage(storage)).toBe('zh-TW');
      storage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
      expect(startLanguage(storage)).toBe('zh-CN');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
