import { createTestKernel, testMenuItem, testUser } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

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

describe('the algorithm mall plugin', () => {
  it('routes the product list, the product detail and the orders of the server menu', async () => {
    const { kernel } = await createTestKernel({
      plugins: [plugin],
      user: testUser({
        menus: [
          testMenuItem({ id: 1, name: 'algmall_product_list', type: 'page', path: 'algmall-list' }),
          testMenuItem({ id: 2, name: 'algmall_product_detail', type: 'page', path: 'algmall-detail' }),
          testMenuItem({ id: 3, name: 'algmall_order', type: 'page', path: 'algmall-order' }),
        ],
      }),
    });
    const routes = kernel.session.state.routes;
    expect(routes?.byName.get('algmall_product_list')?.page).toBeDefined();
    expect(routes?.byName.get('algmall_product_detail')?.page).toBeDefined();
    expect(routes?.byName.get('algmall_order')?.page).toBeDefined();
  });

  it('titles the product detail by the query parameter name (spec §2.3), the list by its menu title', () => {
    const detail = plugin.pages?.find((page) => page.name === 'algmall_product_detail');
    expect(detail?.title?.({ query: new URLSearchParams('id=3&name=%E5%AE%89%E5%85%A8%E5%B8%BD') })).toBe(
      '安全帽',
    );
    // Without a name the menu's title applies.
    expect(detail?.title?.({ query: new URLSearchParams('id=3') })).toBeUndefined();
    expect(plugin.pages?.find((page) => page.name === 'algmall_product_list')?.title).toBeUndefined();
  });

  // The console has no fallback language: a key missing in one language would show as the key.
  it('has the same keys in en, zh-CN and zh-TW, each with a text', () => {
    const english = localeKeys(en);
    expect(english.length).toBeGreaterThan(0);
    for (const [language, texts] of Object.entries({ en, 'zh-CN': zhCN, 'zh-TW': zhTW })) {
      expect(localeKeys(texts), language).toEqual(english);
      expect(emptyTexts(texts), `${language} has empty texts`).toEqual([]);
    }
  });
});
