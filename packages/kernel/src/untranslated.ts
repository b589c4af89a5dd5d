/**
 * The keys a plugin's strings have in one language and lack in another. The console has no fallback
 * language (a fallback's strings would be fetched on every first load and never read), so a key
 * missing in one language would show as itself there: `vap-plugin-manifest` refuses to build a
 * plugin while this finds any.
 */
import { LANGUAGES } from '@vap/contracts';
import type { MessagesContribution } from './plugin.js';

function keysOf(messages: unknown, prefix = ''): string[] {
  if (typeof messages !== 'object' || messages === null) return [prefix.slice(0, -1)];
  return Object.entries(messages).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`));
}

/** `namespace:key (language)` for each key some language of the namespace has and this one lacks. */
export async function untranslatedKeys(contributions: readonly MessagesContribution[]): Promise<string[]> {
  const missing: string[] = [];
  for (const { namespace, loaders } of contributions) {
    const keys = await Promise.all(
      LANGUAGES.map(async (language) => new Set(keysOf((await loaders[language]()).default))),
    );
    const every = new Set(keys.flatMap((set) => [...set]));
    LANGUAGES.forEach((language, index) => {
      for (const key of every) if (!keys[index]?.has(key)) missing.push(`${namespace}:${key} (${language})`);
    });
  }
  return missing;
}
