import '../../test-polyfills.js';

/** Gives every element a viewport so a virtualiser has somewhere to render rows into. */
export function giveElementsHeight(height = 600) {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
}
