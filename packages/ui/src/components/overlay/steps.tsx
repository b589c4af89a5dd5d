import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';

export interface StepItem {
  title: ReactNode;
  description?: ReactNode;
}

export type StepStatus = 'wait' | 'process' | 'finish' | 'error';

export interface StepsProps {
  items: readonly StepItem[];
  /** Index (from 0) of the current step; the ones before it are finished. */
  current: number;
  /** State of the current step: working on it, failed, or done. */
  status?: 'process' | 'error' | 'finish';
  direction?: 'horizontal' | 'vertical';
  className?: string;
}

const circles: Record<StepStatus, string> = {
  wait: 'border-line text-ink-faint',
  process: 'border-primary bg-primary text-white',
  finish: 'border-primary text-primary',
  error: 'border-danger text-danger',
};

function statusOf(index: number, current: number, status: StepsProps['status']): StepStatus {
  if (index < current) return 'finish';
  if (index > current) return 'wait';
  return status ?? 'process';
}

/**
 * Progress through a multi-step task (e.g. a purchase or authorisation flow). The current step
 * carries aria-current="step"; each step's state is spelled out for screen readers.
 */
export function Steps({
  items,
  current,
  status = 'process',
  direction = 'horizontal',
  className,
}: StepsProps) {
  const t = useUiT();
  const vertical = direction === 'vertical';
  return (
    <ol className={cn('flex', vertical ? 'flex-col' : 'flex-row items-start', className)}>
      {items.map((item, index) => {
        const state = statusOf(index, current, status);
        const last = index === items.length - 1;
        return (
          <li
            // Steps are an ordered, fixed list; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            aria-current={index === current ? 'step' : undefined}
            data-status={state}
            className={cn('flex min-w-0 gap-3', vertical ? 'pb-6 last:pb-0' : 'flex-1 last:flex-none')}
          >
            <div className={cn('flex items-center', vertical ? 'flex-col' : 'flex-row')}>
              <span
                aria-hidden="true"
                className={cn(
                  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border text-sm',
                  circles[state],
                )}
              >
                {state === 'finish' ? (
                  <Check className="h-4 w-4" />
                ) : state === 'error' ? (
                  <X className="h-4 w-4" />
                ) : (
                  index + 1
                )}
              </span>
              {vertical && !last ? (
                <span
                  aria-hidden="true"
                  className={cn('mt-1 w-px flex-1', index < current ? 'bg-primary' : 'bg-line')}
                />
              ) : null}
            </div>
            <div className={cn('flex min-w-0 flex-1 flex-col gap-1', vertical ? 'pt-1' : 'pt-1 pr-3')}>
              <div className="flex items-center gap-3">
                <span
                  className={cn(
                    'text-sm whitespace-nowrap',
                    state === 'wait' ? 'text-ink-faint' : state === 'error' ? 'text-danger' : 'text-ink',
                    index === current && 'font-medium',
                  )}
                >
                  {item.title}
                </span>
                <span className="sr-only">{t(`overlay.steps.${state}`)}</span>
                {!vertical && !last ? (
                  <span
                    aria-hidden="true"
                    className={cn('h-px min-w-4 flex-1', index < current ? 'bg-primary' : 'bg-line')}
                  />
                ) : null}
              </div>
              {item.description ? <span className="text-xs text-ink-faint">{item.description}</span> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
