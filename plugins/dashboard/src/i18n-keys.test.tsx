import { renderHook, waitFor } from '@testing-library/react';
import { useT } from '@vap/kernel';
import { I18n, I18nProvider } from '@vap/kernel/host';
import { type ReactNode, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import plugin from './index.js';
import en from './locales/en.json';

describe("the dashboard's translation keys are checked by tsc", () => {
  it("useT('dashboard') takes the keys of locales/en.json, and a missing key fails the typecheck", async () => {
    const i18n = new I18n('en', plugin.messages);
    await i18n.loadNamespaces('dashboard');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nProvider i18n={i18n}>
        <Suspense fallback={null}>{children}</Suspense>
      </I18nProvider>
    );
    const { result } = renderHook(() => useT('dashboard'), { wrapper });
    await waitFor(() => expect(result.current).not.toBeNull());
    const t = result.current;
    expect(t('company')).toBe(en.company);
    expect(t('pageCount', { count: 2 })).toBe('2 pages');
    // Were the key accepted, `tsc` would fail on this unused directive.
    // @ts-expect-error: not a key of the dashboard's strings
    expect(t('noSuchKey')).toBe('noSuchKey');
  });
});
