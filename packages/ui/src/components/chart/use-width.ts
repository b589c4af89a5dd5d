import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The drawing's width: `fixed` when given, otherwise the element's own width, followed as its
 * container resizes.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, fixed: number | undefined): number {
  const [measured, setMeasured] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (fixed !== undefined || !element) return;
    setMeasured(element.getBoundingClientRect().width);
    // Where it is missing (jsdom) the first measure stands.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setMeasured(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, fixed]);
  return fixed ?? measured;
}
