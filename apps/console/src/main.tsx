import './styles.css';
import { Kernel, preloadMessages, startLanguage } from '@vap/kernel/host';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { BootErrorScreen } from './boot-error.js';
import { saveLanguageCookie } from './language-cookie.js';
import { firstScreenMessages, sharedMessages } from './messages.js';
import { loadConsolePlugins } from './plugins.js';
import { preparePublicPage } from './public-page.js';
import { applyTheme } from './shell/settings.js';

async function boot() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // The chosen theme colour from the first paint on, the sign-in page included.
  applyTheme();
  const root = createRoot(container);
  try {
    // The first screen's strings load beside the plugins' code, not after it (public-page.tsx).
    const language = startLanguage(localStorage);
    preloadMessages(firstScreenMessages(localStorage), language);
    const plugins = await loadConsolePlugins();
    const booting = Kernel.boot({ plugins, messages: sharedMessages, language });
    const publicPage = preparePublicPage(plugins, window.location.pathname, language, booting);
    const kernel = await booting;
    // A token handed over in the address signs in, then the console reloads at the root (spec §4.1).
    const reloadAt = await kernel.session.adoptTokenFromAddress(window.location.href);
    if (reloadAt) {
      window.location.replace(reloadAt);
      return;
    }
    let synced: string | undefined;
    const syncLanguage = () => {
      if (synced === kernel.i18n.language) return;
      synced = kernel.i18n.language;
      document.documentElement.lang = synced;
      saveLanguageCookie(kernel.i18n.language);
    };
    syncLanguage();
    kernel.i18n.subscribe(syncLanguage);
    await publicPage;
    root.render(
      <StrictMode>
        <App kernel={kernel} />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    root.render(<BootErrorScreen error={error} />);
  }
}

void boot();
