import type { Authorisation } from '@vap/contracts';
import { useT } from '@vap/kernel';
import type { Column } from '@vap/ui';
import { useLocalized } from '../product.js';
import { StateTag } from './state-tag.js';

type Shared = 'time' | 'sn' | 'device' | 'product' | 'state' | 'order';

/** The columns the authorisation pages share, each as all of them show it. */
export function useAuthorisationColumns(): Record<Shared, Column<Authorisation>> {
  const t = useT('algmall');
  const localized = useLocalized();
  return {
    time: { key: 'created_at', title: t('authorisations.time'), kind: 'date', sortable: true },
    sn: { key: 'sn', title: t('authorisations.sn'), kind: 'id' },
    device: { key: 'device_name', title: t('authorisations.device') },
    product: {
      key: 'product',
      title: t('authorisations.product'),
      render: (row) => localized(row.product_name),
    },
    state: {
      key: 'state',
      title: t('authorisations.state'),
      render: (row) => <StateTag state={row.state} />,
    },
    order: {
      key: 'order_number',
      title: t('authorisations.order'),
      kind: 'id',
      render: (row) => row.order_number ?? '—',
    },
  };
}
