import { DEVICE_KINDS, PRODUCT_FILTERS } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';

/**
 * The product list's filters (PRODUCT_FILTERS): the device kind a product runs on, applied as it is
 * chosen, and words of its name or summary in any language, applied on Search (or Enter); the
 * text's length limit is the contract's.
 */
export function useProductFilters() {
  const t = useT('algmall');
  return useFilters(PRODUCT_FILTERS, [
    {
      key: 'kind',
      op: '=',
      kind: 'select',
      label: t('list.kind'),
      placeholder: t('list.anyKind'),
      options: DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) })),
      className: 'w-44',
      instant: true,
    },
    { key: 'text', op: 'like', kind: 'text', label: t('list.text'), className: 'w-56' },
  ]);
}
