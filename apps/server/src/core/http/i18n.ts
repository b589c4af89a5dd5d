/**
 * Server-side messages in the language the caller asks for (Accept-Language), zh-CN by default as
 * in the console: the `validation.*` and `menu.*` strings it shares with the console, and its own
 * `errors.*` and `verifyReview.*` in locales/server, which the console never downloads.
 */
import en from '@vap/locales/en.json' with { type: 'json' };
import serverEn from '@vap/locales/server/en.json' with { type: 'json' };
import serverZhCN from '@vap/locales/server/zh-CN.json' with { type: 'json' };
import serverZhTW from '@vap/locales/server/zh-TW.json' with { type: 'json' };
import shellEn from '@vap/locales/shell/en.json' with { type: 'json' };
import shellZhCN from '@vap/locales/shell/zh-CN.json' with { type: 'json' };
import shellZhTW from '@vap/locales/shell/zh-TW.json' with { type: 'json' };
import zhCN from '@vap/locales/zh-CN.json' with { type: 'json' };
import zhTW from '@vap/locales/zh-TW.json' with { type: 'json' };

export const LANGUAGES = ['zh-CN', 'en', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

type Messages = Record<string, Record<string, string>>;
const catalogues: Record<Language, Messages> = {
  en: { ...en, ...shellEn, ...serverEn } as unknown as Messages,
  'zh-CN': { ...zhCN, ...shellZhCN, ...serverZhCN } as unknown as Messages,
  'zh-TW': { ...zhTW, ...shellZhTW, ...serverZhTW } as unknown as Messages,
};

function languageOf(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (/^zh-(tw|hk|mo|hant)/.test(lower)) return 'zh-TW';
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  return undefined;
}

/** The best of our languages for an Accept-Language header, by its q-values. */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const entry of ranked) {
    const language = languageOf(entry.tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** `errors.not_found` → its text; a key without a text is returned as it is. */
export function translate(language: Language, key: string): string {
  const dot = key.indexOf('.');
  if (dot < 0) return key;
  const text = catalogues[language][key.slice(0, dot)]?.[key.slice(dot + 1)];
  return text ?? catalogues[DEFAULT_LANGUAGE][key.slice(0, dot)]?.[key.slice(dot + 1)] ?? key;
}

export const isMessageKey = (value: string) => /^(errors|validation)\.\w+$/.test(value);
