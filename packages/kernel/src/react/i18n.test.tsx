import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18n } from '../i18n.js';
import { messages } from '../plugin.js';
import { flakyMessages } from '../test-support.js';
import { I18nProvider, useLanguage, useT } from './i18n.js';
import { PageErrorBoundary } from './page.js';

afterEach(cleanup);

const deviceStrings = messages('devices', {
  en: async () => ({ default: { title: 'Devices' } }),
  'zh-CN': async () => ({ default: { title: '设备' } }),
  'zh-TW': async () => ({ default: { title: '設備' } }),
});

function Title() {
  const t = useT('devices');
  return (
    <h1>
      {t('title')} ({useLanguage()})
    </h1>
  );
}

async function renderTitle(i18n: I18n) {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <Title />
        </Suspense>
      </I18nProvider>,
    );
  });
}

describe('useT and useLanguage', () => {
  it("wait (suspend) for a namespace's strings, then render them", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const i18n = new I18n('en', [deviceStrings]);
      await renderTitle(i18n);
      expect(screen.getByRole('heading').textContent).toBe('Devices (en)');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('re-render in the new language once its strings are loaded, without a loading state between', async () => {
    const i18n = new I18n('en', [deviceStrings]);
    await renderTitle(i18n);
    await act(() => i18n.changeLanguage('zh-TW'));
    expect(screen.getByRole('heading').textContent).toBe('設備 (zh-TW)');
    expect(screen.queryByText('loading')).toBeNull();
  });

  it("a namespace that fails to load reaches the page's error boundary; its retry loads it again", async () => {
    const { messages: flaky, calls } = flakyMessages('devices', { title: 'Devices' }, 'chunk failed');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <I18nProvider i18n={new I18n('en', [flaky])}>
          <PageErrorBoundary
            fallback={(error, retry) => (
              <button type="button" onClick={retry}>
                {error.message}
              </button>
            )}
          >
            <Suspense fallback={<p>loading</p>}>
              <Title />
            </Suspense>
          </PageErrorBoundary>
        </I18nProvider>,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'chunk failed' }));
      expect((await screen.findByRole('heading')).textContent).toBe('Devices (en)');
      expect(calls()).toBe(2);
    } finally {
      quiet.mockRestore();
    }
  });

  it('outside a provider, say where they must be used', () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Title />)).toThrow('inside <KernelProvider> or <I18nProvider>');
    } finally {
      console.error = quiet;
    }
  });
});
