import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether an element's content is larger than the element, kept as either changes size. A region
 * that scrolls must take the keyboard's focus (WCAG 2.1.1): a list whose rows hold no control
 * could otherwise not be scrolled sideways without a mouse.
 */
export function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setOverflows(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
