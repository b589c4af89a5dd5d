import { useKernel, useLanguage, useT } from '@vap/kernel';
import { LanguageSelect } from '@vap/ui';
import type { ReactNode } from 'react';

/** The frame of the public account pages: language choice, product title, a card. */
export function AuthLayout({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const kernel = useKernel();
  const tc = useT();
  const language = useLanguage();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-canvas px-4 py-8">
      <div className="absolute top-4 right-4">
        <LanguageSelect
          label={tc('navbar.language')}
          value={language}
          onChange={(language) => void kernel.setLanguage(language)}
        />
      </div>
      <div className="w-full max-w-sm rounded-lg bg-surface p-8 shadow-sm">
        <h1 className="text-center text-2xl font-semibold text-ink">{tc('app.title')}</h1>
        <p className="mt-1 mb-6 text-center text-sm text-ink-soft">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}
