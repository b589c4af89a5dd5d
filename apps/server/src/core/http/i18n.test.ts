import { describe, expect, it } from 'vitest';
import { negotiateLanguage, translate } from './i18n.js';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK,zh;q=0.8', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['fr-FR,en;q=0.5', 'en'],
    ['fr-FR', 'zh-CN'],
    ['zh-CN;q=0.4,en;q=0.8', 'en'],
    ['en;q=0,zh-TW', 'zh-TW'],
  ])('answers %j with %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });
});

describe('translate', () => {
  it('reads errors and validation messages of the shared locale files', () => {
    expect(translate('en', 'errors.not_found')).toBe('Not found');
    expect(translate('zh-CN', 'validation.phone')).toBe('请输入正确的手机号');
  });

  it("reads the server's own strings (locales/server), which the console's files no longer carry", async () => {
    expect(translate('zh-TW', 'verifyReview.revokedTitle')).not.toBe('verifyReview.revokedTitle');
    const consoleEn = (await import('@vap/locales/en.json', { with: { type: 'json' } })).default;
    expect(Object.keys(consoleEn)).not.toContain('errors');
  });

  it('the server strings have the same keys in the three languages', async () => {
    const keys = async (language: string) => {
      const file = await import(`@vap/locales/server/${language}.json`, { with: { type: 'json' } });
      return Object.entries(file.default as Record<string, Record<string, string>>)
        .flatMap(([group, texts]) => Object.keys(texts).map((key) => `${group}.${key}`))
        .sort();
    };
    const reference = await keys('zh-CN');
    expect(await keys('en')).toEqual(reference);
    expect(await keys('zh-TW')).toEqual(reference);
  });

  it('returns an unknown key unchanged rather than an empty message', () => {
    expect(translate('en', 'errors.no_such_code')).toBe('errors.no_such_code');
  });
});
