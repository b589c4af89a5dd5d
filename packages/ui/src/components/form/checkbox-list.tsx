import { type ReactNode, useId, useState } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { Input } from '../input.js';
import { Checkbox } from './checkbox.js';

/** One choice of a `CheckboxList`. `label` names its checkbox and is what the filter matches. */
export interface CheckboxListOption<V extends string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface CheckboxListProps<V extends string | number> {
  options: readonly CheckboxListOption<V>[];
  /** The chosen values (controlled). */
  value: readonly V[];
  /** The chosen values after a toggle: a checked value is added at the end, an unchecked one removed. */
  onChange: (value: V[]) => void;
  /** Disables every checkbox and the filter; the chosen values stay as they are. */
  disabled?: boolean;
  /** Shows a filter box above the options and how many are chosen. */
  filterable?: boolean;
  /** The filter box's accessible name; "Search" by default. */
  filterLabel?: string;
  filterPlaceholder?: string;
  /** Shown in place of the options when there are none. */
  emptyText?: ReactNode;
  className?: string;
  /** Set by `Field`: the group is named by the field's label and described by its message. */
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

/**
 * A multiple choice as a list of labelled checkboxes in a named group (a `fieldset`), with an
 * optional filter box for long lists. Each checkbox is a tab stop toggled by Space; the filter only
 * hides options, so choices it hides stay chosen.
 */
export function CheckboxList<V extends string | number>({
  options,
  value,
  onChange,
  disabled,
  filterable,
  filterLabel,
  filterPlaceholder,
  emptyText,
  className,
  id,
  'aria-invalid': invalid,
  'aria-required': _required,
  ...aria
}: CheckboxListProps<V>) {
  const t = useUiT();
  const baseId = useId();
  const [filter, setFilter] = useState('');
  const term = filter.trim().toLocaleLowerCase();
  // Each option keeps its place in `options` for its checkbox's id, whatever the filter hides.
  const shown = options
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => !term || option.label.toLocaleLowerCase().includes(term));
  const chosen = new Set(value);

  const toggle = (option: CheckboxListOption<V>, checked: boolean) => {
    if (checked) {
      if (!chosen.has(option.value)) onChange([...value, option.value]);
    } else onChange(value.filter((item) => item !== option.value));
  };

  return (
    <fieldset
      id={id}
      {...aria}
      aria-invalid={invalid}
      disabled={disabled}
      className={cn('flex min-w-0 flex-col gap-2', className)}
    >
      {filterable && options.length > 0 ? (
        <div className="flex items-center gap-3">
          <Input
            type="search"
            aria-label={filterLabel ?? t('data.search')}
            placeholder={filterPlaceholder ?? filterLabel ?? t('data.search')}
            value={filter}
            disabled={disabled}
            onChange={(event) => setFilter(event.target.value)}
            className="flex-1"
          />
          <span className="shrink-0 text-xs text-ink-faint" aria-live="polite">
            {t('data.selected', { count: value.length })}
          </span>
        </div>
      ) : null}
      {options.length === 0 ? (
        emptyText ? (
          <p className="text-sm text-ink-faint">{emptyText}</p>
        ) : null
      ) : shown.length === 0 ? (
        <p className="px-2 py-2 text-sm text-ink-faint">{t('data.noMatch')}</p>
      ) : (
        <ul
          className={cn(
            'flex max-h-60 flex-col gap-1.5 overflow-auto rounded border border-line p-2',
            invalid && 'border-danger',
          )}
        >
          {shown.map(({ option, index }) => (
            <li key={option.value}>
              <Checkbox
                id={`${baseId}-${index}`}
                checked={chosen.has(option.value)}
                disabled={disabled || option.disabled}
                onCheckedChange={(checked) => toggle(option, checked === true)}
              >
                {option.label}
              </Checkbox>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
