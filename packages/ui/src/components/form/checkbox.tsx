import * as Primitive from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../cn.js';

export interface CheckboxProps extends Omit<ComponentProps<typeof Primitive.Root>, 'children'> {
  /** The label beside the box; it names the checkbox and toggles it when clicked. */
  children?: ReactNode;
}

/** A checkbox (Radix); `checked` may be 'indeterminate' for a partly selected group. */
export function Checkbox({ className, children, id, ...props }: CheckboxProps) {
  const autoId = useId();
  const boxId = id ?? autoId;
  const box = (
    <Primitive.Root
      id={boxId}
      className={cn(
        'peer inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-sm border border-line bg-surface text-white',
        'hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger',
        className,
      )}
      {...props}
    >
      <Primitive.Indicator className="group flex items-center justify-center">
        <Check
          aria-hidden="true"
          className="h-3 w-3 group-data-[state=indeterminate]:hidden"
          strokeWidth={3}
        />
        <Minus
          aria-hidden="true"
          className="hidden h-3 w-3 group-data-[state=indeterminate]:block"
          strokeWidth={3}
        />
      </Primitive.Indicator>
    </Primitive.Root>
  );
  if (children === undefined || children === null) return box;
  return (
    <span className="inline-flex items-center gap-2">
      {box}
      <label
        htmlFor={boxId}
        className="text-sm text-ink peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
      >
        {children}
      </label>
    </span>
  );
}
