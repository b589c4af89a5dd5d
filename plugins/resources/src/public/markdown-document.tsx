import type { Language } from '@vap/contracts';
import { useKernel, useLanguage, useT } from '@vap/kernel';
import { LanguageSelect, Spinner } from '@vap/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PublicFrame } from './link-state.js';

/**
 * A document of the public pages (spec §2.1 `/protocol`, `/ipcfile`): Markdown of this package in
 * the console's language, rendered by `marked` — loaded with the page, never on another —, in a
 * column readable on a phone. The Markdown is this package's own text, not a visitor's: its HTML
 * is trusted as written.
 */
export function MarkdownDocument({ texts }: { texts: Record<Language, string> }) {
  const t = useT('resources');
  const tc = useT();
  const kernel = useKernel();
  const language = useLanguage();
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('marked').then(({ marked }) => {
      const rendered = marked.parse(texts[language], { async: false, gfm: true });
      if (current) setHtml(rendered);
    });
    return () => {
      current = false;
    };
  }, [texts, language]);
  return (
    <PublicFrame>
      <nav className="flex items-center justify-between gap-2 text-sm">
        <Link to="/register" className="text-primary hover:underline">
          ← {t('documents.back')}
        </Link>
        <LanguageSelect
          label={tc('navbar.language')}
          value={language}
          onChange={(next) => void kernel.setLanguage(next)}
        />
      </nav>
      {html === null ? (
        <div role="status" className="flex items-center gap-2 py-16 text-sm text-ink-soft">
          <Spinner /> {t('documents.loading')}
        </div>
      ) : (
        <article
          className={[
            'text-sm leading-relaxed text-ink break-words',
            '[&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:font-semibold',
            '[&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-medium',
            '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
            '[&_li]:my-1 [&_strong]:font-semibold',
            '[&_table]:my-3 [&_table]:block [&_table]:overflow-x-auto [&_table]:border-collapse',
            '[&_th]:border [&_th]:border-line [&_th]:px-3 [&_th]:py-1 [&_th]:text-left',
            '[&_td]:border [&_td]:border-line [&_td]:px-3 [&_td]:py-1',
          ].join(' ')}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the package's own Markdown, rendered by marked.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </PublicFrame>
  );
}
