import { useT } from '@vap/kernel';
import { Button } from '@vap/ui';
import { type ReactNode, useState } from 'react';

interface FilterFormProps<Values> {
  /** The form's accessible name. */
  label: string;
  /** The values with no filter, where Reset goes back to. */
  empty: Values;
  /** The values to search by: on Search (or Enter), and the empty ones on Reset. */
  onChange: (values: Values) => void;
  /** The fields, given the values being typed and their setter. */
  children: (values: Values, set: (change: Partial<Values>) => void) => ReactNode;
}

/** A list's searches: fields applied together on Search (or Enter), Reset clearing them. */
export function FilterForm<Values>({ label, empty, onChange, children }: FilterFormProps<Values>) {
  const t = useT('devices');
  const [values, setValues] = useState(empty);
  return (
    <form
      aria-label={label}
      className="flex flex-wrap items-center gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(values);
      }}
    >
      {children(values, (change) => setValues((previous) => ({ ...previous, ...change })))}
      <Button type="submit" variant="primary">
        {t('common.search')}
      </Button>
      <Button
        type="button"
        onClick={() => {
          setValues(empty);
          onChange(empty);
        }}
      >
        {t('common.reset')}
      </Button>
    </form>
  );
}
