import * as Primitive from '@radix-ui/react-select';
import { Check, ChevronDown, X } from 'lucide-react';
import { type ReactNode, type Ref, useState } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { controlSizeClass, useControlSize } from '../../size.js';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps {
  options: readonly SelectOption[];
  /** The chosen value; '' (or undefined with no defaultValue) shows the placeholder. */
  value?: string;
  defaultValue?: string;
  /** Called with the chosen value, or '' when cleared. */
  onValueChange?: (value: string) => void;
  /** Shown while nothing is chosen; a translated "Select" by default. */
  placeholder?: string;
  disabled?: boolean;
  /** Offers a button that empties the choice. */
  clearable?: boolean;
  /** Name of the hidden native select, for plain HTML form submission. */
  name?: string;
  onBlur?: () => void;
  className?: string;
  /** Reaches the trigger, so that form libraries can focus the select. */
  ref?: Ref<HTMLButtonElement>;
  // Set by `Field`: they land on the trigger so that the field label names it.
  id?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/**
 * A single-choice dropdown (Radix Select). The trigger is a combobox that follows the control
 * size; it opens with Enter, Space or the arrow keys and the options are picked with the keyboard.
 */
export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  disabled,
  clearable,
  name,
  onBlur,
  className,
  ref,
  ...triggerProps
}: SelectProps) {
  const t = useUiT();
  const size = useControlSize();
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;

  const change = (next: string) => {
    setOwn(next);
    onValueChange?.(next);
  };
  const showClear = clearable && !disabled && current !== '';

  return (
    <div className={cn('relative w-full', className)}>
      <Primitive.Root value={current} onValueChange={change} disabled={disabled} name={name}>
        <Primitive.Trigger
          ref={ref}
          onBlur={onBlur}
          className={cn(
            controlSizeClass[size],
            'flex w-full items-center justify-between gap-2 rounded border border-line bg-surface text-left text-ink',
            'hover:border-primary focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20',
            'disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-faint',
            'aria-invalid:border-danger aria-invalid:focus:ring-danger/20 data-[placeholder]:text-ink-faint',
            showClear && 'pr-12',
          )}
          {...triggerProps}
        >
          <span className="truncate">
            <Primitive.Value placeholder={placeholder ?? t('form.selectPlaceholder')} />
          </span>
          <Primitive.Icon asChild>
            <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0 text-ink-faint" />
          </Primitive.Icon>
        </Primitive.Trigger>
        <Primitive.Portal>
          <Primitive.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-line-soft bg-surface shadow-md"
          >
            <Primitive.Viewport className="p-1">
              {options.map((option) => (
                <Primitive.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className={cn(
                    'relative flex cursor-pointer items-center rounded py-1.5 pr-8 pl-3 text-ink outline-none select-none',
                    size === 'small' ? 'text-xs' : 'text-sm',
                    'data-[highlighted]:bg-primary-soft data-[state=checked]:font-medium data-[state=checked]:text-primary',
                    'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
                  )}
                >
                  <Primitive.ItemText>{option.label}</Primitive.ItemText>
                  <Primitive.ItemIndicator className="absolute right-2 inline-flex items-center">
                    <Check aria-hidden="true" className="h-4 w-4" />
                  </Primitive.ItemIndicator>
                </Primitive.Item>
              ))}
            </Primitive.Viewport>
          </Primitive.Content>
        </Primitive.Portal>
      </Primitive.Root>
      {showClear ? (
        // A sibling of the trigger, not inside it: a button may not contain another button.
        <button
          type="button"
          aria-label={t('form.clearSelection')}
          onClick={() => change('')}
          className="absolute inset-y-0 right-6 my-auto flex h-5 w-5 items-center justify-center rounded text-ink-faint hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
        >
          <X aria-hidden="true" className="h-3.5 w-3.5" />
        </button>
      ) : null}
    </div>
  );
}
