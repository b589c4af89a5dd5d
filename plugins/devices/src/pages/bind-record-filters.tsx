import { BIND_ACTIONS, BIND_SOURCES, type Where } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { DateRangePicker, type DateRangeValue, FilterForm, Input, Select, wholeDays } from '@vap/ui';

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
  // Whole days of local time.
  if (values.range) wheres.push({ k: 'created_at', o: 'between', v: wholeDays(values.range) });
  return wheres;
}

/** The binding records' searches, applied on Search (or Enter); Reset clears them. */
export function BindRecordFilters({ onChange }: { onChange: (values: BindRecordFilterValues) => void }) {
  const t = useT('devices');
  return (
    <FilterForm label={t('records.filters')} empty={NO_BIND_RECORD_FILTERS} onChange={onChange}>
      {(values, set) => (
        <>
          <Input
            type="search"
            aria-label={t('device.sn')}
            placeholder={t('device.sn')}
            value={values.sn}
            maxLength={20}
            onChange={(event) => set({ sn: event.target.value })}
            className="w-48"
          />
          <Select
            aria-label={t('records.action')}
            placeholder={t('records.anyAction')}
            options={BIND_ACTIONS.map((action) => ({ value: action, label: t(`records.actions.${action}`) }))}
            value={values.action}
            onValueChange={(action) => set({ action })}
            clearable
            className="w-36"
          />
          <Select
            aria-label={t('records.source')}
            placeholder={t('records.anySource')}
            options={BIND_SOURCES.map((source) => ({ value: source, label: t(`records.sources.${source}`) }))}
            value={values.source}
            onValueChange={(source) => set({ source })}
            clearable
            className="w-36"
          />
          <DateRangePicker
            aria-label={t('records.time')}
            value={values.range}
            onChange={(range) => set({ range })}
            className="w-64"
          />
        </>
      )}
    </FilterForm>
  );
}
