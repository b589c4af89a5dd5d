import { READ_STATE, type Where } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, DateRangePicker, type DateRangeValue, Input, RadioGroup } from '@vap/ui';
import { type FormEvent, useState } from 'react';

export type StateChoice = 'all' | 'unread' | 'read';

export interface FilterValues {
  state: StateChoice;
  title: string;
  range: DateRangeValue | null;
}

export const NO_FILTERS: FilterValues = { state: 'all', title: '', range: null };

/** The `{k, o, v}` list of spec §3 for these choices; `dateKey` is the list's date column. */
export function toWheres(values: FilterValues, dateKey: 'published_at' | 'created_at'): Where[] {
  const wheres: Where[] = [];
  if (values.state !== 'all') {
    wheres.push({ k: 'state', o: '=', v: values.state === 'unread' ? READ_STATE.unread : READ_STATE.read });
  }
  const title = values.title.trim();
  if (title) wheres.push({ k: 'title', o: 'like', v: title });
  if (values.range) {
    // Whole days in the user's time zone, both ends included.
    const from = new Date(values.range.from);
    from.setHours(0, 0, 0, 0);
    const to = new Date(values.range.to);
    to.setHours(23, 59, 59, 999);
    wheres.push({ k: dateKey, o: 'between', v: [from.toISOString(), to.toISOString()] });
  }
  return wheres;
}

interface ListFiltersProps {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
}

/** Read state, a title search (applied on Enter or Search) and a date range. */
export function ListFilters({ values, onChange }: ListFiltersProps) {
  const t = useT('notices');
  const [title, setTitle] = useState(values.title);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...values, title });
  };
  return (
    <form aria-label={t('filter.label')} className="flex flex-wrap items-center gap-3" onSubmit={search}>
      <RadioGroup
        aria-label={t('filter.state')}
        value={values.state}
        onValueChange={(state) => onChange({ ...values, state: state as StateChoice })}
        options={[
          { value: 'all', label: t('state.all') },
          { value: 'unread', label: t('state.unread') },
          { value: 'read', label: t('state.read') },
        ]}
      />
      <Input
        type="search"
        aria-label={t('filter.title')}
        placeholder={t('filter.title')}
        value={title}
        maxLength={200}
        onChange={(event) => setTitle(event.target.value)}
        className="w-56"
      />
      <DateRangePicker
        aria-label={t('filter.range')}
        value={values.range}
        onChange={(range) => onChange({ ...values, range })}
        className="w-64"
      />
      <Button type="submit" variant="primary">
        {t('filter.search')}
      </Button>
      <Button
        type="button"
        onClick={() => {
          setTitle('');
          onChange(NO_FILTERS);
        }}
      >
        {t('filter.reset')}
      </Button>
    </form>
  );
}
