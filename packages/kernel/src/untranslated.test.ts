import { describe, expect, it } from 'vitest';
import type { Messages } from './i18n.js';
import { messages } from './plugin.js';
import { untranslatedKeys } from './untranslated.js';

const strings = (en: Messages, zhCN: Messages, zhTW: Messages) =>
  messages('area', {
    en: async () => ({ default: en }),
    'zh-CN': async () => ({ default: zhCN }),
    'zh-TW': async () => ({ default: zhTW }),
  });

describe('untranslatedKeys', () => {
  it('finds nothing when every language has every key', async () => {
    const complete = strings({ a: { b: 'B' } }, { a: { b: '乙' } }, { a: { b: '乙' } });
    expect(await untranslatedKeys([complete])).toEqual([]);
  });

  it('names each nested key a language lacks that another has, with the language', async () => {
    const gaps = strings({ a: { b: 'B', c: 'C' } }, { a: { b: '乙' } }, { a: { b: '乙', c: '丙' }, d: '丁' });
    expect((await untranslatedKeys([gaps])).sort()).toEqual(
      ['area:a.c (zh-CN)', 'area:d (en)', 'area:d (zh-CN)'].sort(),
    );
  });
});
