import * as Primitive from '@radix-ui/react-switch';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../cn.js';

export interface SwitchProps extends Omit<ComponentProps<typeof Primitive.Root>, 'children'> {
  /** The label beside the switch; it names the switch and toggles it when clicked. */
  children?: ReactNode;
}

/** An on/off switch (Radix, role `switch`) for settings that apply at once. */
export function Switch({ className, children, id, ...props }: SwitchProps) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const control = (
    <Primitive.Root
      id={switchId}
      className={cn(
        'peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-ink-faint/50 p-0.5 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        'data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <Primitive.Thumb className="block h-4 w-4 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-4" />
    </Primitive.Root>
  );
  if (children === undefined || children === null) return control;
  return (
    <span className="inline-flex items-center gap-2">
      {control}
      <label
        htmlFor={switchId}
        className="text-sm text-ink peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
      >
        {children}
      </label>
    </span>
  );
}
