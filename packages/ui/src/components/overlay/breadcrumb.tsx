import type { MouseEvent, ReactNode } from 'react';
import { useUiT } from '../../i18n.js';

export interface BreadcrumbItem {
  label: ReactNode;
  href?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

export interface BreadcrumbProps {
  items: readonly BreadcrumbItem[];
  /** Accessible name of the navigation; defaults to the translated "Breadcrumb". */
  label?: string;
  separator?: ReactNode;
  className?: string;
}

const linkClass =
  'rounded text-ink-faint transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-primary';

/** Where the user is: a trail of links ending in the current page (aria-current="page"). */
export function Breadcrumb({ items, label, separator = '/', className }: BreadcrumbProps) {
  const t = useUiT();
  return (
    <nav aria-label={label ?? t('overlay.breadcrumb')} className={className}>
      <ol className="flex flex-wrap items-center gap-2 text-sm">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          let content: ReactNode;
          if (last) {
            content = (
              <span aria-current="page" className="text-ink">
                {item.label}
              </span>
            );
          } else if (item.href !== undefined) {
            content = (
              <a href={item.href} onClick={item.onClick} className={linkClass}>
                {item.label}
              </a>
            );
          } else if (item.onClick) {
            content = (
              <button type="button" onClick={item.onClick} className={linkClass}>
                {item.label}
              </button>
            );
          } else {
            content = <span className="text-ink-faint">{item.label}</span>;
          }
          return (
            // Items are a fixed trail; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="inline-flex items-center gap-2">
              {content}
              {last ? null : (
                <span aria-hidden="true" className="text-ink-faint">
                  {separator}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
