import { useQuery } from '@tanstack/react-query';
import { ALGMALL_CALLS, ALGMALL_ORDER_FILTERS, callKey } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';
import { useLocalized } from '../product.js';

/**
 * The products the filter offers: the mall's whole catalogue is the vendor's handful of algorithms,
 * so one page of the largest size, by name, holds them all.
 */
const PRODUCTS_INPUT = {
  query: { page: 1, size: 100, wheres: [], orders: [{ k: 'name' as const, o: 'asc' as const }] },
};

/**
 * The orders' filters (ALGMALL_ORDER_FILTERS): words of the order number, the product (chosen among
 * the mall's products, named in the console's language) and the days of purchase, applied on Search
 * (or Enter).
 */
export function useOrderFilters() {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const localized = useLocalized();
  // Without the products (still loading, or refused to a role whose menu lacks the product list,
  // whose page the call needs) the select only offers "all products"; the orders still show.
  const products = useQuery({
    queryKey: callKey(ALGMALL_CALLS.products, PRODUCTS_INPUT),
    queryFn: ({ signal }) => mall.products(PRODUCTS_INPUT, { signal, quiet: true }),
  });
  return useFilters(ALGMALL_ORDER_FILTERS, [
    { key: 'number', op: 'like', kind: 'text', label: t('orders.number'), className: 'w-48' },
    {
      key: 'product_id',
      op: '=',
      kind: 'select',
      label: t('orders.product'),
      placeholder: t('orders.anyProduct'),
      options: (products.data?.items ?? []).map((product) => ({
        value: String(product.id),
        label: localized(product.name),
      })),
      className: 'w-48',
    },
    { key: 'created_at', op: 'between', kind: 'days', label: t('orders.time'), className: 'w-64' },
  ]);
}
