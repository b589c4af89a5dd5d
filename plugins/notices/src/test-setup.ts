/** For the tests that open dialogs, radios and popovers: jsdom lacks what Radix calls. */
import '@vap/ui/test-polyfills';

/** Makes `document.visibilityState` answer `state` and tells the listeners. */
export function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}
