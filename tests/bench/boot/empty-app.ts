/** The baseline: an empty React root, rendered once. */
import { createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    __firstRender?: number;
  }
}

function Empty() {
  useEffect(() => {
    window.__firstRender = performance.now();
  }, []);
  return createElement('p', null, 'empty');
}

createRoot(document.getElementById('root') as HTMLElement).render(createElement(Empty));
