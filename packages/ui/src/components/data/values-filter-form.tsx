import { type ReactNode, useState } from 'react';
import { useUiT } from '../../i18n.js';
import { Button } from '../button.js';

export interface ValuesFilterFormProps<Values> {
  /** The form's accessible name. */
  label: string;
  /** The values with no filter, where Reset goes back to. */
  empty: Values;
  /** The values to search by: on Search (or Enter), and the empty ones on Reset. */
  onChange: (values: Values) => void;
  /** The fields, given the values being typed and their setter. */
  children: (values: Values, set: (change: Partial<Values>) => void) => ReactNode;
  /** Whether the values may be searched by (the fields show why not); always by default. */
  valid?: (values: Values) => boolean;
}

/**
 * The filter form of the pages not yet on `useFilters`, which hold their own values; it goes once
 * they are all moved (issue 30).
 */
export function ValuesFilterForm<Values>({
  label,
  empty,
  onChange,
  children,
  valid,
}: ValuesFilterFormProps<Values>) {
  const t = useUiT();
  const [values, setValues] = useState(empty);
  return (
    <form
      aria-label={label}
      className="flex flex-wrap items-center gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid?.(values) ?? true) onChange(values);
      }}
    >
      {children(values, (change) => setValues((previous) => ({ ...previous, ...change })))}
      <Button type="submit" variant="primary">
        {t('data.search')}
      </Button>
      <Button
        type="button"
        onClick={() => {
          setValues(empty);
          onChange(empty);
        }}
      >
        {t('data.reset')}
      </Button>
    </form>
  );
}
