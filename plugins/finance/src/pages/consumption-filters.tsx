import { CHARGE_PRODUCTS, type Where } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { DateRangePicker, type DateRangeValue, FilterForm, Input, Select, wholeDays } from '@vap/ui';

export interface ConsumptionFilterValues {
  /** '' for every product. */
  product: string;
  reference: string;
  range: DateRangeValue | null;
}

export const NO_CONSUMPTION_FILTERS: ConsumptionFilterValues = { product: '', reference: '', range: null };

/** The `{k, o, v}` list of the charges (CONSUMPTION_FILTERS): product, reference and days. */
export function consumptionWheres(values: ConsumptionFilterValues): Where[] {
  const wheres: Where[] = [];
  if (values.product !== '') wheres.push({ k: 'product', o: '=', v: values.product });
  const reference = values.reference.trim();
  if (reference) wheres.push({ k: 'reference', o: 'like', v: reference });
  // Whole days of local time.
  if (values.range) wheres.push({ k: 'created_at', o: 'between', v: wholeDays(values.range) });
  return wheres;
}

/** The charges' searches, applied on Search (or Enter); Reset clears them. */
export function ConsumptionFilters({ onChange }: { onChange: (values: ConsumptionFilterValues) => void }) {
  const t = useT('finance');
  return (
    <FilterForm label={t('consumption.filters')} empty={NO_CONSUMPTION_FILTERS} onChange={onChange}>
      {(values, set) => (
        <>
          <Select
            aria-label={t('consumption.product')}
            placeholder={t('consumption.anyProduct')}
            options={CHARGE_PRODUCTS.map((product) => ({ value: product, label: t(`products.${product}`) }))}
            value={values.product}
            onValueChange={(product) => set({ product })}
            clearable
            className="w-40"
          />
          <Input
            type="search"
            aria-label={t('consumption.reference')}
            placeholder={t('consumption.reference')}
            value={values.reference}
            maxLength={64}
            onChange={(event) => set({ reference: event.target.value })}
            className="w-48"
          />
          <DateRangePicker
            aria-label={t('consumption.time')}
            value={values.range}
            onChange={(range) => set({ range })}
            className="w-64"
          />
        </>
      )}
    </FilterForm>
  );
}
