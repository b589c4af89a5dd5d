import { LANGUAGES, PAGE_NAMES } from '@vap/contracts';
import en from '@vap/locales/en.json';
import shellEn from '@vap/locales/shell/en.json';
import shellZhCN from '@vap/locales/shell/zh-CN.json';
import shellZhTW from '@vap/locales/shell/zh-TW.json';
import zhCN from '@vap/locales/zh-CN.json';
import zhTW from '@vap/locales/zh-TW.json';
import { describe, expect, it } from 'vitest';

/** The default namespace with the `shell` strings that extend it once signed in. */
const files: Record<(typeof LANGUAGES)[number], object> = {
  en: { ...en, ...shellEn },
  'zh-CN': { ...zhCN, ...shellZhCN },
  'zh-TW': { ...zhTW, ...shellZhTW },
};

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null ? keys(inner, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('console locales', () => {
  it('the three languages have exactly the same keys', () => {
    const reference = keys(files['zh-CN']).sort();
    for (const language of LANGUAGES) expect(keys(files[language]).sort(), language).toEqual(reference);
  });

  it('no text is empty', () => {
    for (const language of LANGUAGES) {
      const empty = keys(files[language]).filter((key) => {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], files[language]);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty, language).toEqual([]);
    }
  });

  it('the two parts of the default namespace share no top-level key (neither hides the other)', () => {
    expect(Object.keys(en).filter((key) => key in shellEn)).toEqual([]);
  });

  it('every known page name of spec §2.3 has a menu title', () => {
    const titles = new Set(
      keys(files.en)
        .filter((key) => key.startsWith('menu.'))
        .map((key) => key.slice(5)),
    );
    expect(PAGE_NAMES.filter((name) => !titles.has(name))).toEqual([]);
  });
});
