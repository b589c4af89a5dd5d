import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALGMALL_CALLS, callKey, DEFAULT_PAGE_SIZE } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Button, Empty, FilterForm, Pagination, Skeleton } from '@vap/ui';
import { type ReactNode, useState } from 'react';
import { ProductCard } from './product-card.js';
import { useProductFilters } from './product-filters.js';

/**
 * The algorithm mall (page algmall_product_list): the products as a grid of cards, by name, filtered
 * by device kind and words, a page at a time as every list of the console. The previous page stays
 * while the next loads; a failure says why, with a retry.
 */
export default function ProductListPage() {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const filters = useProductFilters();
  // The page chosen belongs to the filter it was chosen under: another filter starts again from
  // page 1 (compared by content, as `wheres` is built afresh on each render).
  const filtersKey = JSON.stringify(filters.wheres);
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE, filtersKey });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;

  const query = { page, size: paging.size, wheres: filters.wheres, orders: [] };
  const products = useQuery({
    queryKey: callKey(ALGMALL_CALLS.products, { query }),
    // Quiet: the page says itself why the list failed, beside its retry.
    queryFn: ({ signal }) => mall.products({ query }, { signal, quiet: true }),
    placeholderData: keepPreviousData,
    // As every list of the console (DataTable): what the server has now whenever it is shown.
    staleTime: 0,
  });

  let body: ReactNode;
  if (products.isPending) {
    body = <Skeleton lines={6} />;
  } else if (products.isError && !products.isFetching) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        <span>{t('list.loadFailed', { message: products.error.message })}</span>
        <Button onClick={() => void products.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  } else if (products.data?.items.length === 0) {
    body = <Empty description={t('list.empty')} />;
  } else {
    body = (
      <ul
        aria-label={t('list.products')}
        aria-busy={products.isFetching}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
      >
        {products.data?.items.map((product) => (
          <li key={product.id} className="flex">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{t('list.title')}</h1>
      <p className="text-sm text-ink-soft">{t('list.description')}</p>
      <FilterForm label={t('list.filters')} filters={filters} />
      {body}
      {products.data && products.data.total > 0 ? (
        <Pagination
          page={page}
          size={paging.size}
          total={products.data.total}
          onChange={(next, size) => setPaging({ page: next, size, filtersKey })}
        />
      ) : null}
    </div>
  );
}
