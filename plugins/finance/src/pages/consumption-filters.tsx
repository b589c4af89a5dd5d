import { CHARGE_PRODUCTS, CONSUMPTION_FILTERS } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';

/** The charges' filters: product, reference and days, applied on Search (or Enter). */
export function useConsumptionFilters() {
  const t = useT('finance');
  return useFilters(CONSUMPTION_FILTERS, [
    {
      key: 'product',
      op: '=',
      kind: 'select',
      label: t('consumption.product'),
      placeholder: t('consumption.anyProduct'),
      options: CHARGE_PRODUCTS.map((product) => ({ value: product, label: t(`products.${product}`) })),
      className: 'w-40',
    },
    { key: 'reference', op: 'like', kind: 'text', label: t('consumption.reference'), className: 'w-48' },
    { key: 'created_at', op: 'between', kind: 'days', label: t('consumption.time'), className: 'w-64' },
  ]);
}
