import { LANGUAGES, type Language } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { uiMessages } from '../i18n.js';
import { uiStrings } from './test-strings.js';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

function texts(value: unknown): unknown[] {
  return typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : [value];
}

describe('ui strings', () => {
  it('the three languages have exactly the same keys', () => {
    const english = keys(uiStrings('en')).sort();
    for (const language of LANGUAGES) expect(keys(uiStrings(language)).sort()).toEqual(english);
  });

  it('every text is a non-empty string', () => {
    for (const language of LANGUAGES) {
      for (const text of texts(uiStrings(language))) {
        expect(typeof text === 'string' && text.trim().length > 0, `${language}: ${String(text)}`).toBe(true);
      }
    }
  });

  it('each lazy loader of the ui namespace returns its own language', async () => {
    const empty = async (language: Language) => {
      const { default: strings } = await uiMessages.loaders[language]();
      return (strings.data as { empty?: unknown }).empty;
    };
    expect(await empty('en')).toBe('No data');
    expect(await empty('zh-CN')).toBe('暂无数据');
    expect(await empty('zh-TW')).toBe('暫無資料');
  });
});
