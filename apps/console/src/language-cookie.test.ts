import { afterEach, describe, expect, it } from 'vitest';
import { languageCookie, saveLanguageCookie } from './language-cookie.js';

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'vap_language=; Path=/; Max-Age=0';
});

describe('the language cookie', () => {
  it('names the language for a year on every path of the console, sent on same-site loads only', () => {
    expect(languageCookie('en', false)).toBe('vap_language=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('is Secure when the console is served over HTTPS', () => {
    expect(languageCookie('zh-TW', true)).toMatch(/; Secure$/);
  });

  it('is what the browser sends after a language is chosen', () => {
    saveLanguageCookie('zh-TW');
    expect(document.cookie).toContain('vap_language=zh-TW');
  });
});
