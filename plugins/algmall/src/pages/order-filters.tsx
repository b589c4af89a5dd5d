import { ALGMALL_ORDER_FILTERS } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';
import { useProductOptions } from './product-options.js';

/**
 * The orders' filters (ALGMALL_ORDER_FILTERS): words of the order number, the product (chosen among
 * the mall's products, named in the console's language) and the days of purchase, applied on Search
 * (or Enter).
 */
export function useOrderFilters() {
  const t = useT('algmall');
  const products = useProductOptions();
  return useFilters(ALGMALL_ORDER_FILTERS, [
    { key: 'number', op: 'like', kind: 'text', label: t('orders.number'), className: 'w-48' },
    {
      key: 'product_id',
      op: '=',
      kind: 'select',
      label: t('orders.product'),
      placeholder: t('orders.anyProduct'),
      options: products,
      className: 'w-48',
    },
    { key: 'created_at', op: 'between', kind: 'days', label: t('orders.time'), className: 'w-64' },
  ]);
}
