import { renderHook, waitFor } from '@testing-library/react';
import { type Translate, useT } from '@vap/kernel';
import { I18n, I18nProvider } from '@vap/kernel/host';
import en from '@vap/locales/en.json';
import shellEn from '@vap/locales/shell/en.json';
import { useUiT } from '@vap/ui';
import { type ReactNode, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { sharedMessages } from './messages.js';

// The `@ts-expect-error` lines are the proof: were a missing key accepted, `tsc` (the console's
// typecheck) would fail on an unused directive.
describe("the console's translation keys are checked by tsc", () => {
  async function renderT<T>(hook: () => T): Promise<T> {
    const i18n = new I18n('en', sharedMessages);
    await i18n.loadNamespaces(['translation', 'shell', 'ui']);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nProvider i18n={i18n}>
        <Suspense fallback={null}>{children}</Suspense>
      </I18nProvider>
    );
    const { result } = renderHook(hook, { wrapper });
    await waitFor(() => expect(result.current).not.toBeNull());
    return result.current;
  }

  it("useT() takes the keys of the console's strings and of the shell strings that extend them, no other", async () => {
    const t = await renderT(() => useT());
    expect(t('app.noAccess')).toBe(en.app.noAccess);
    expect(t('menu.dashboard')).toBe(shellEn.menu.dashboard);
    // @ts-expect-error: not a key of locales/en.json nor of locales/shell/en.json
    expect(t('app.noSuchKey')).toBe('app.noSuchKey');
  });

  it("useUiT() takes the keys of the design system's strings, no other", async () => {
    const t = await renderT(() => useUiT());
    expect(t('overlay.cancel')).toBe('Cancel');
    // @ts-expect-error: not a key of the `ui` namespace
    expect(t('overlay.noSuchKey')).toBe('overlay.noSuchKey');
  });

  it('useT(namespace) takes only a namespace some package declared; an undeclared one shows its keys', async () => {
    expect((await renderT(() => useT('ui')))('data.empty')).toBe('No data');
    // @ts-expect-error: no package declares a `no-such-namespace` namespace
    const t: Translate = await renderT(() => useT('no-such-namespace'));
    expect(t('title')).toBe('title');
  });
});
