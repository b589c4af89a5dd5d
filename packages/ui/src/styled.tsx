import type { ComponentProps, ElementType } from 'react';
import { cn } from './cn.js';

/**
 * A part (a Radix primitive, an element) drawn with the design system's classes: `classes` first,
 * then the caller's `className`, which overrides them (cn). Every other prop, `ref` included, passes
 * through unchanged.
 */
export function styled<T extends ElementType>(Part: T, ...classes: string[]) {
  function Styled(props: ComponentProps<T>) {
    const { className, ...rest } = props as { className?: string };
    const Element: ElementType = Part;
    return <Element className={cn(...classes, className)} {...rest} />;
  }
  return Styled;
}
