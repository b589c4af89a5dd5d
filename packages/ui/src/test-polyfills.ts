/**
 * jsdom lacks a few browser APIs that Radix primitives and the virtualiser call (ResizeObserver,
 * pointer capture, scrollIntoView). Imported at the top of the tests that need them, never from
 * shared config, so every other test runs on plain jsdom.
 */
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
const proto = Element.prototype as unknown as Record<string, unknown>;
proto.scrollIntoView ??= () => {};
proto.hasPointerCapture ??= () => false;
proto.releasePointerCapture ??= () => {};
proto.setPointerCapture ??= () => {};
