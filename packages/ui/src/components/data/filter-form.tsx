import type { FilterSpec } from '@vap/contracts';
import type { ReactNode } from 'react';
import { useUiT } from '../../i18n.js';
import { Button } from '../button.js';
import { DateRangePicker, type DateRangeValue } from '../form/date-range-picker.js';
import { RadioGroup } from '../form/radio-group.js';
import { Select } from '../form/select.js';
import { Input } from '../input.js';
import type { BoundFilterField, Filters } from './use-filters.js';

export interface FilterFormProps<S extends FilterSpec> {
  /** The form's accessible name. */
  label: string;
  /** The fields and their values, from `useFilters`. */
  filters: Filters<S>;
  /** Controls of the page's own before the fields (a log's time range), applied with `onSearch`. */
  children?: ReactNode;
  /** Whether the values may be searched by (the page's controls show why not); true by default. */
  valid?: boolean;
  /** Also called on Search (or Enter), when valid, and on Reset: for the page's own controls. */
  onSearch?: () => void;
  onReset?: () => void;
  /** Offers Reset (default true); a form of one search has none, emptying it is the reset. */
  resettable?: boolean;
}

function FilterControl<S extends FilterSpec>({ field }: { field: BoundFilterField<S> }) {
  const text = typeof field.value === 'string' ? field.value : '';
  switch (field.kind) {
    case 'text':
      return (
        <Input
          type="search"
          inputMode={field.limits.numeric ? 'numeric' : undefined}
          aria-label={field.label}
          placeholder={field.label}
          value={text}
          maxLength={field.limits.maxLength}
          onChange={(event) => field.set(event.target.value)}
          className={field.className}
        />
      );
    case 'select':
      return (
        <Select
          aria-label={field.label}
          placeholder={field.placeholder}
          options={field.options}
          value={text}
          onValueChange={field.set}
          clearable
          className={field.className}
        />
      );
    case 'radio':
      return (
        <RadioGroup
          aria-label={field.label}
          value={text}
          onValueChange={field.set}
          options={field.options}
          className={field.className}
        />
      );
    case 'days':
      return (
        <DateRangePicker
          aria-label={field.label}
          value={field.value as DateRangeValue | null}
          onChange={field.set}
          className={field.className}
        />
      );
  }
}

/**
 * The filter form of a list (ListPage's `filterForm`): its fields, applied together on Search (or
 * Enter) and emptied by Reset. A form whose every field applies as it changes has nothing to
 * search: it is a search landmark with Reset only.
 */
export function FilterForm<S extends FilterSpec>({
  label,
  filters,
  children,
  valid = true,
  onSearch,
  onReset,
  resettable = true,
}: FilterFormProps<S>) {
  const t = useUiT();
  const fields = filters.fields.map((field) => <FilterControl key={field.key} field={field} />);
  const reset = resettable ? (
    <Button
      type="button"
      onClick={() => {
        filters.reset();
        onReset?.();
      }}
    >
      {t('data.reset')}
    </Button>
  ) : null;
  if (!children && filters.fields.every((field) => field.instant)) {
    return (
      <search aria-label={label} className="flex flex-wrap items-center gap-3">
        {fields}
        {reset}
      </search>
    );
  }
  return (
    <form
      aria-label={label}
      className="flex flex-wrap items-center gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        filters.search();
        onSearch?.();
      }}
    >
      {children}
      {fields}
      <Button type="submit" variant="primary">
        {t('data.search')}
      </Button>
      {reset}
    </form>
  );
}
