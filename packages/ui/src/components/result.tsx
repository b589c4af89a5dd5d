import type { ReactNode } from 'react';
import { cn } from '../cn.js';

export type ResultStatus = '404' | '401' | '403' | 'error' | 'info';

const marks: Record<ResultStatus, string> = {
  '404': '404',
  '401': '401',
  '403': '403',
  error: '!',
  info: 'i',
};

export interface ResultProps {
  status: ResultStatus;
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
  className?: string;
}

/** A whole-area outcome: error pages, no access, "coming soon". */
export function Result({ status, title, subtitle, extra, className }: ResultProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 px-6 py-16 text-center', className)}>
      <div
        aria-hidden="true"
        className={cn(
          'flex h-20 min-w-20 items-center justify-center rounded-full px-4 text-2xl font-semibold',
          status === 'error' ? 'bg-danger-soft text-danger' : 'bg-primary-soft text-primary',
        )}
      >
        {marks[status]}
      </div>
      <h1 className="text-xl font-medium text-ink">{title}</h1>
      {subtitle ? <p className="max-w-md text-sm text-ink-soft">{subtitle}</p> : null}
      {extra ? <div className="mt-2 flex gap-2">{extra}</div> : null}
    </div>
  );
}
