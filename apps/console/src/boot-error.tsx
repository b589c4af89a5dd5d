import { startLanguage } from '@vap/kernel/host';
import { useEffect, useState } from 'react';
import { consoleMessages } from './messages.js';

/**
 * Shown when the kernel refuses to boot (a plugin for another kernel, two plugins claiming a
 * page, a plugin failing at start-up): the reason names the plugin, never a white screen.
 */
export function BootErrorScreen({ error }: { error: unknown }) {
  const [texts, setTexts] = useState<{ bootError: string; retry: string } | null>(null);
  useEffect(() => {
    // The console's own strings, the chunk the kernel would have loaded for this language.
    consoleMessages.loaders[startLanguage(localStorage)]().then(
      (locale) => setTexts((locale.default as { app: { bootError: string; retry: string } }).app),
      () => setTexts(null),
    );
  }, []);
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <main role="alert" className="flex min-h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-medium text-danger">{texts?.bootError ?? 'The console failed to start'}</h1>
      <pre className="max-w-2xl whitespace-pre-wrap rounded bg-surface p-4 text-left text-sm text-ink">
        {reason}
      </pre>
      <button type="button" className="text-primary underline" onClick={() => window.location.reload()}>
        {texts?.retry ?? 'Retry'}
      </button>
    </main>
  );
}
