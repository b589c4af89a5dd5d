import { messages } from '@vap/kernel';
import { TokenStore } from '@vap/kernel/host';
import { consoleLoaders, shellLoaders } from '@vap/locales/loaders';
import { uiMessages } from '@vap/ui';

/** The console's own strings (the default namespace), one lazy chunk per language. */
export const consoleMessages = messages('translation', consoleLoaders);

/** The signed-in screens' strings: keys of the default namespace, loaded once a session starts. */
export const shellMessages = { ...messages('shell', shellLoaders), extendsDefault: true };

/** Every namespace that is not a plugin's: the console's strings and the design system's. */
export const sharedMessages = [consoleMessages, shellMessages, uiMessages] as const;

/**
 * The shared strings the first screen reads, to load while the boot code runs: the shell's only
 * with a usable session token, whose first screen is a signed-in one. Without one the first
 * screen is the sign-in page (or another public page), which reads none of them: preloading them
 * there fetched a chunk it never used.
 */
export function firstScreenMessages(storage: Storage) {
  return new TokenStore(storage).read() === null
    ? sharedMessages.filter((namespace) => namespace !== shellMessages)
    : sharedMessages;
}
