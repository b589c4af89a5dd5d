import { messages } from '@vap/kernel';
import { consoleLoaders, shellLoaders } from '@vap/locales/loaders';
import { uiMessages } from '@vap/ui';

/** The console's own strings (the default namespace), one lazy chunk per language. */
export const consoleMessages = messages('translation', consoleLoaders);

/** The signed-in screens' strings: keys of the default namespace, loaded once a session starts. */
export const shellMessages = { ...messages('shell', shellLoaders), extendsDefault: true };

/** Every namespace that is not a plugin's: the console's strings and the design system's. */
export const sharedMessages = [consoleMessages, shellMessages, uiMessages] as const;
