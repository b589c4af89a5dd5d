/**
 * A console plugin's own strings (`plugins/<area>/src/locales/<language>.json`), read on the server
 * where it writes what a plugin's page shows — an export's headers and values are the list's — so
 * that the two cannot say different things. Only the JSON is shared, never a plugin's code
 * (.dependency-cruiser.cjs, `server-no-front-end`).
 */
import { DEFAULT_LANGUAGE, type Language } from './i18n.js';

/** A plugin's locale files, by language. */
export type PluginMessages = Readonly<Record<Language, unknown>>;

/** A word by its dotted key as the plugin's `t()` takes it, `{{name}}` filled in. */
export type PluginWord = (key: string, values?: Readonly<Record<string, string | number>>) => string;

function lookup(messages: unknown, key: string): string | undefined {
  let node = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Whether the plugin has a text of `key` in every language. */
export const hasPluginWord = (messages: PluginMessages, key: string) =>
  Object.values(messages).every((catalogue) => lookup(catalogue, key) !== undefined);

/**
 * The plugin's words in `language`, as i18next gives them to its pages: a key missing in it falls
 * back to zh-CN, a key missing there too is itself.
 */
export function pluginWords(messages: PluginMessages, language: Language): PluginWord {
  return (key, values = {}) => {
    const text = lookup(messages[language], key) ?? lookup(messages[DEFAULT_LANGUAGE], key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(values, name) ? String(values[name]) : whole,
    );
  };
}
