import { AUTHORISATION_FILTERS, AUTHORISATION_MODES, AUTHORISATION_STATES } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';
import { useProductOptions } from './product-options.js';

/**
 * The authorisations' filters (AUTHORISATION_FILTERS) of the three authorisation pages: the serial,
 * the state and the mode where the page shows more than one, the product and the days.
 */
export function useAuthorisationFilters({
  state = false,
  mode = false,
}: {
  state?: boolean;
  mode?: boolean;
}) {
  const t = useT('algmall');
  const products = useProductOptions();
  return useFilters(AUTHORISATION_FILTERS, [
    { key: 'sn', op: 'like', kind: 'text', label: t('authorisations.sn'), className: 'w-48' },
    ...(mode
      ? [
          {
            key: 'mode' as const,
            op: '=' as const,
            kind: 'select' as const,
            label: t('authorisations.mode'),
            placeholder: t('authorisations.anyMode'),
            options: AUTHORISATION_MODES.map((value) => ({
              value,
              label: t(`authorisations.modes.${value}`),
            })),
            className: 'w-36',
          },
        ]
      : []),
    ...(state
      ? [
          {
            key: 'state' as const,
            op: '=' as const,
            kind: 'select' as const,
            label: t('authorisations.state'),
            placeholder: t('authorisations.anyState'),
            options: AUTHORISATION_STATES.map((value) => ({
              value,
              label: t(`authorisations.states.${value}`),
            })),
            className: 'w-40',
          },
        ]
      : []),
    {
      key: 'product_id',
      op: '=',
      kind: 'select',
      label: t('authorisations.product'),
      placeholder: t('authorisations.anyProduct'),
      options: products,
      className: 'w-48',
    },
    { key: 'created_at', op: 'between', kind: 'days', label: t('authorisations.time'), className: 'w-64' },
  ]);
}
