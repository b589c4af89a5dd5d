import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown>;

function composeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Renders its single child element with the slot's props merged in (`asChild`): the child's own
 * props win, but event handlers both run (the child's first), class names join, styles merge and
 * refs compose. Radix's Slot does the same; ours keeps it off the sign-in page's first load.
 */
export function Slot({ children, ...props }: Props & { children?: ReactNode }) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props>;
  const own = child.props;
  const merged: Props = { ...props, ...own };
  for (const [key, value] of Object.entries(props)) {
    const childValue = own[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof childValue === 'function') {
      merged[key] = (...args: unknown[]) => {
        childValue(...args);
        value(...args);
      };
    } else if (key === 'className' && childValue) {
      merged.className = `${value} ${childValue}`;
    } else if (key === 'style' && childValue) {
      merged.style = { ...(value as object), ...(childValue as object) };
    } else if (key === 'ref' && childValue) {
      merged.ref = composeRefs(value as Ref<unknown>, childValue as Ref<unknown>);
    }
  }
  return cloneElement(child, merged);
}
