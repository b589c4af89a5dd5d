import { useQuery } from '@tanstack/react-query';
import { ALGMALL_CALLS, callKey } from '@vap/contracts';
import { useClient } from '@vap/kernel';
import { useLocalized } from '../product.js';

/**
 * The mall's whole catalogue is the vendor's handful of algorithms: one page of the largest size,
 * by name, holds them all.
 */
const PRODUCTS_INPUT = {
  query: { page: 1, size: 100, wheres: [], orders: [{ k: 'name' as const, o: 'asc' as const }] },
};

/**
 * The products as a select's options, named in the console's language: the filters and dialogs
 * that choose a product. Quiet: without them (still loading, or refused to a role whose menu lacks
 * the product list) a select only offers its placeholder, and the page still shows.
 */
export function useProductOptions(): { value: string; label: string }[] {
  const mall = useClient(ALGMALL_CALLS);
  const localized = useLocalized();
  const products = useQuery({
    queryKey: callKey(ALGMALL_CALLS.products, PRODUCTS_INPUT),
    queryFn: ({ signal }) => mall.products(PRODUCTS_INPUT, { signal, quiet: true }),
  });
  return (products.data?.items ?? []).map((product) => ({
    value: String(product.id),
    label: localized(product.name),
  }));
}
