/** For the design system's own tests: render inside an i18n instance that has the `ui` strings. */
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import { LANGUAGES, type Language } from '@vap/contracts';
import { I18n, I18nProvider } from '@vap/kernel/i18n';
import { type ReactElement, type ReactNode, useState } from 'react';
import { UI_NAMESPACE } from './i18n.js';
import { uiStrings } from './locales/test-strings.js';

// TanStack Query tells components of new data a macrotask later by default; in tests a microtask,
// so that an answer resolved inside `act` shows before `act` returns.
notifyManager.setScheduler(queueMicrotask);

/** An i18n in `language` with the `ui` strings of all three languages already in place. */
export function createUiI18n(language: Language = 'en'): I18n {
  const i18n = new I18n(language);
  for (const each of LANGUAGES) i18n.addMessages(each, UI_NAMESPACE, uiStrings(each));
  // As in the console: plain keys are the console's own strings, here none.
  for (const each of LANGUAGES) i18n.addMessages(each, i18n.defaultNamespace, {});
  return i18n;
}

/** Renders `element` with the `ui` strings in `language` (English by default). */
export function renderWithUi(
  element: ReactElement,
  language: Language = 'en',
): RenderResult & { i18n: I18n; queryClient: QueryClient } {
  const i18n = createUiI18n(language);
  // A wrapper, not an element around `element`: `rerender` keeps the provider.
  // Lists load through TanStack Query, as under the console's QueryProvider; a fresh cache per render.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>
  );
  const result: RenderResult = render(element, { wrapper });
  return { i18n, queryClient: client, ...result };
}

/**
 * A value held as a controlled field's parent holds it, for a test's harness: `change` keeps the
 * next value and tells `onChange` (the test's spy) of it.
 */
export function useHeldValue<T>(initial: T, onChange?: (next: T) => void): [T, (next: T) => void] {
  const [value, setValue] = useState(initial);
  const change = (next: T) => {
    setValue(next);
    onChange?.(next);
  };
  return [value, change];
}
