import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './i18n.js';
import { Kernel } from './kernel.js';
import { definePlugin, messages } from './plugin.js';
import { BootError } from './registry.js';

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

  it('an English session fetches only the English strings, never another language as fallback', async () => {
    const loaded: string[] = [];
    const loader = (language: string, hello: string) => async () => {
      loaded.push(language);
      return { default: { hello } };
    };
    const tracked = messages('translation', {
      en: loader('en', 'Hello'),
      'zh-CN': loader('zh-CN', '你好'),
      'zh-TW': loader('zh-TW', '你好'),
    });
    const kernel = await boot({ messages: tracked });
    expect(kernel.i18n.t('hello')).toBe('Hello');
    expect(loaded).toEqual(['en']);
  });

  it("a plugin claiming a shared library's namespace is a boot error naming it", async () => {
    const thief = definePlugin({ id: 'thief', kernel: '^1', messages: [library] });
    const failure = boot({ plugins: [thief], messages: [strings('console'), library] });
    await expect(failure).rejects.toBeInstanceOf(BootError);
    await expect(failure).rejects.toMatchObject({
      message: 'Plugin "thief" claims the message namespace "ui" of the console',
      pluginIds: ['thief'],
    });
  });
});
