import { BIND_ACTIONS, BIND_SOURCES, type Where } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, DateRangePicker, type DateRangeValue, Input, Select } from '@vap/ui';
import { type FormEvent, useState } from 'react';

export interface BindRecordFilterValues {
  sn: string;
  /** '' for every action. */
  action: string;
  /** '' for every source. */
  source: string;
  range: DateRangeValue | null;
}

export const NO_BIND_RECORD_FILTERS: BindRecordFilterValues = { sn: '', action: '', source: '', range: null };

/** The `{k, o, v}` list of the binding records (BIND_RECORD_FILTERS): serial, action, source and days. */
export function bindRecordWheres(values: BindRecordFilterValues): Where[] {
  const wheres: Where[] = [];
  const sn = values.sn.trim();
  if (sn) wheres.push({ k: 'sn', o: 'like', v: sn });
  if (values.action !== '') wheres.push({ k: 'action', o: '=', v: values.action });
  if (values.source !== '') wheres.push({ k: 'source', o: '=', v: values.source });
  if (values.range) {
    // Whole days of local time.
    const from = new Date(values.range.from);
    from.setHours(0, 0, 0, 0);
    const to = new Date(values.range.to);
    to.setHours(23, 59, 59, 999);
    wheres.push({ k: 'created_at', o: 'between', v: [from.toISOString(), to.toISOString()] });
  }
  return wheres;
}

/** The binding records' searches, applied on Search (or Enter); Reset clears them. */
export function BindRecordFilters({ onChange }: { onChange: (values: BindRecordFilterValues) => void }) {
  const t = useT('devices');
  const [values, setValues] = useState(NO_BIND_RECORD_FILTERS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(values);
  };
  return (
    <form aria-label={t('records.filters')} className="flex flex-wrap items-center gap-3" onSubmit={submit}>
      <Input
        type="search"
        aria-label={t('device.sn')}
        placeholder={t('device.sn')}
        value={values.sn}
        maxLength={20}
        onChange={(event) => setValues({ ...values, sn: event.target.value })}
        className="w-48"
      />
      <Select
        aria-label={t('records.action')}
        placeholder={t('records.anyAction')}
        options={BIND_ACTIONS.map((action) => ({ value: action, label: t(`records.actions.${action}`) }))}
        value={values.action}
        onValueChange={(action) => setValues({ ...values, action })}
        clearable
        className="w-36"
      />
      <Select
        aria-label={t('records.source')}
        placeholder={t('records.anySource')}
        options={BIND_SOURCES.map((source) => ({ value: source, label: t(`records.sources.${source}`) }))}
        value={values.source}
        onValueChange={(source) => setValues({ ...values, source })}
        clearable
        className="w-36"
      />
      <DateRangePicker
        aria-label={t('records.time')}
        value={values.range}
        onChange={(range) => setValues({ ...values, range })}
        className="w-64"
      />
      <Button type="submit" variant="primary">
        {t('common.search')}
      </Button>
      <Button
        type="button"
        onClick={() => {
          setValues(NO_BIND_RECORD_FILTERS);
          onChange(NO_BIND_RECORD_FILTERS);
        }}
      >
        {t('common.reset')}
      </Button>
    </form>
  );
}
