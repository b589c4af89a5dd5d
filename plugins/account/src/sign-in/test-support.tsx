/** Shared pieces of the sign-in tests: jsdom gaps, the console's strings, a fake puzzle. */
import '@vap/ui/test-polyfills';
import type { PuzzleCaptcha } from '@vap/contracts';
import { messages } from '@vap/kernel';
import { consoleLoaders } from '@vap/locales/loaders';

/** The console's own strings without the signed-in shell's, as the sign-in pages have them. */
export const consoleMessages = messages('translation', consoleLoaders);

let puzzles = 0;
/** A puzzle answer as the server gives it (a tiny transparent PNG). */
export function fakePuzzle(): PuzzleCaptcha {
  puzzles++;
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  return {
    id: `00000000-0000-4000-8000-${String(puzzles).padStart(12, '0')}`,
    background: png,
    piece: png,
    y: 20,
    width: 50,
    height: 50,
  };
}
