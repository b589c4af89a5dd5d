/**
 * Keeps the `vap_language` cookie equal to the console's language, so that the server's index.html
 * preloads the strings of the language a returning visitor will see (the choice itself lives in
 * local storage, which the server cannot read). A year, like a saved choice; the value is one of
 * the three language codes, which need no encoding.
 */
import { LANGUAGE_COOKIE, type Language } from '@vap/contracts';

const YEAR_SECONDS = 365 * 24 * 3600;

export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function saveLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the console supports (Safari before 18.4)
  document.cookie = languageCookie(language, window.location.protocol === 'https:');
}
