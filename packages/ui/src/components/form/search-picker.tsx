import type { FilterSpec } from '@vap/contracts';
import type { ReactNode } from 'react';
import { useUiT } from '../../i18n.js';
import { Button } from '../button.js';
import type { Filters } from '../data/use-filters.js';
import { Input } from '../input.js';
import { Skeleton } from '../overlay/skeleton.js';
import { CheckboxList, type CheckboxListOption } from './checkbox-list.js';
import { FormField } from './form.js';

/** The searched list as a query reads it (TanStack Query's result fits). */
export interface SearchPickerList {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: unknown;
  refetch: () => unknown;
}

export interface SearchPickerProps<S extends FilterSpec> {
  /** The search (`useFilters` of text fields): Enter in a field or the Search button applies it. */
  filters: Filters<S>;
  /** The search's accessible name. */
  searchLabel: string;
  /** The form field the choice is, its label and hint. */
  name: string;
  label: string;
  hint?: ReactNode;
  /** The list the search shows, read with `filters.wheres`. */
  list: SearchPickerList;
  /** A checkbox an item of the list shown. */
  options: readonly CheckboxListOption<number>[];
  /** The ids chosen, under this search or an earlier one. */
  chosen: readonly number[];
  /** The ids chosen after a toggle: those chosen under other searches, then those checked here. */
  onChoose: (ids: number[]) => void;
  /** Says the list could not be read, with the error's message. */
  failedText: (message: string) => string;
  emptyText: ReactNode;
}

/**
 * A required choice of items from a list too long to show whole (a company's devices): a search
 * over it, inside the dialog's form — Enter searches instead of submitting —, and the items it
 * finds as checkboxes; those chosen under another search stay chosen, only the shown ones toggle.
 * While the list loads it shows a skeleton; a list that could not be read says why, with a retry.
 */
export function SearchPicker<S extends FilterSpec>({
  filters,
  searchLabel,
  name,
  label,
  hint,
  list,
  options,
  chosen,
  onChoose,
  failedText,
  emptyText,
}: SearchPickerProps<S>) {
  const t = useUiT();
  const isShown = (id: number) => options.some((option) => option.value === id);
  return (
    <div className="flex flex-col gap-2">
      <search aria-label={searchLabel} className="flex flex-wrap items-center gap-2">
        {filters.fields.map((field) => (
          <Input
            key={field.key}
            type="search"
            aria-label={field.label}
            placeholder={field.label}
            value={String(field.value ?? '')}
            maxLength={field.limits.maxLength}
            onChange={(event) => field.set(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              filters.search();
            }}
            className={field.className}
          />
        ))}
        <Button onClick={filters.search}>{t('data.search')}</Button>
      </search>
      <FormField
        name={name}
        label={label}
        required
        hint={hint}
        render={() =>
          list.isPending ? (
            <Skeleton lines={3} />
          ) : list.isError && !list.data ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
              <span>{failedText(list.error?.message ?? '')}</span>
              <Button size="small" onClick={() => void list.refetch()}>
                {t('data.retry')}
              </Button>
            </div>
          ) : (
            <CheckboxList
              options={options}
              value={chosen.filter(isShown)}
              onChange={(ids) => onChoose([...chosen.filter((id) => !isShown(id)), ...ids])}
              emptyText={emptyText}
            />
          )
        }
      />
    </div>
  );
}
