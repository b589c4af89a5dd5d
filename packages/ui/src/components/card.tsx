import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../cn.js';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  extra?: ReactNode;
}

export function Card({ title, extra, className, children, ...props }: CardProps) {
  return (
    <section className={cn('rounded-md border border-line-soft bg-surface', className)} {...props}>
      {title || extra ? (
        <header className="flex items-center justify-between border-b border-line-soft px-5 py-3">
          <h2 className="text-base font-medium text-ink">{title}</h2>
          {extra}
        </header>
      ) : null}
      <div className="p-5">{children}</div>
    </section>
  );
}
