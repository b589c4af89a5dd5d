import * as Primitive from '@radix-ui/react-radio-group';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../cn.js';

export interface RadioOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps extends ComponentProps<typeof Primitive.Root> {
  /** Shorthand for the items; give either `options` or `RadioGroupItem` children. */
  options?: readonly RadioOption[];
}

/**
 * A group of radio buttons (Radix): one tab stop, arrow keys move and select. Id and aria
 * attributes from `Field` land on the group, so the field label names it.
 */
export function RadioGroup({ className, options, children, orientation, ...props }: RadioGroupProps) {
  return (
    <Primitive.Root
      orientation={orientation}
      className={cn(
        'flex gap-x-4 gap-y-2',
        orientation === 'vertical' ? 'flex-col' : 'flex-row flex-wrap items-center',
        className,
      )}
      {...props}
    >
      {options
        ? options.map((option) => (
            <RadioGroupItem key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </RadioGroupItem>
          ))
        : children}
    </Primitive.Root>
  );
}

export interface RadioGroupItemProps extends Omit<ComponentProps<typeof Primitive.Item>, 'children'> {
  /** The label beside the radio; it names the radio and selects it when clicked. */
  children?: ReactNode;
}

export function RadioGroupItem({ className, children, id, ...props }: RadioGroupItemProps) {
  const autoId = useId();
  const itemId = id ?? autoId;
  const radio = (
    <Primitive.Item
      id={itemId}
      className={cn(
        'peer inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-line bg-surface',
        'hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        'data-[state=checked]:border-primary disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <Primitive.Indicator className="block h-2 w-2 rounded-full bg-primary" />
    </Primitive.Item>
  );
  if (children === undefined || children === null) return radio;
  return (
    <span className="inline-flex items-center gap-2">
      {radio}
      <label
        htmlFor={itemId}
        className="text-sm text-ink peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
      >
        {children}
      </label>
    </span>
  );
}
