/** For the design system's own tests: render inside an i18n instance that has the `ui` strings. */
import { type RenderResult, render } from '@testing-library/react';
import type { Language } from '@vap/contracts';
import i18next, { type i18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { UI_NAMESPACE } from './i18n.js';
import { uiStrings } from './locales/index.js';

export function createUiI18n(language: Language = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'zh-CN',
    ns: [UI_NAMESPACE],
    // As in the console: plain keys are the console's own strings.
    defaultNS: 'translation',
    resources: {
      en: { [UI_NAMESPACE]: uiStrings('en') },
      'zh-CN': { [UI_NAMESPACE]: uiStrings('zh-CN') },
      'zh-TW': { [UI_NAMESPACE]: uiStrings('zh-TW') },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Renders `element` with the `ui` strings in `language` (English by default). */
export function renderWithUi(
  element: ReactElement,
  language: Language = 'en',
): RenderResult & { i18n: i18n } {
  const i18n = createUiI18n(language);
  return { i18n, ...render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>) };
}
