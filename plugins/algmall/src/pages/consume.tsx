import type { Authorisation } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { type Column, Tag } from '@vap/ui';
import { useLocalized } from '../product.js';
import { useAuthorisationFilters } from './authorisation-filters.js';
import { AuthorisationList } from './authorisation-list.js';
import { StateTag } from './state-tag.js';

/**
 * The consumption of authorisations (spec §2.3 algmall_consume): every authorisation the company's
 * devices took, online or offline — when, which device, which product, from which order, and where
 * it stands (a failed one's was given back) — filtered, paged and exported (the role's `export`).
 */
export default function ConsumePage() {
  const t = useT('algmall');
  const localized = useLocalized();
  const filters = useAuthorisationFilters({ state: true, mode: true });
  const columns: Column<Authorisation>[] = [
    { key: 'created_at', title: t('authorisations.time'), kind: 'date', sortable: true },
    {
      key: 'mode',
      title: t('authorisations.mode'),
      render: (row) => <Tag>{t(`authorisations.modes.${row.mode}`)}</Tag>,
    },
    { key: 'sn', title: t('authorisations.sn'), kind: 'id' },
    { key: 'device_name', title: t('authorisations.device') },
    { key: 'product', title: t('authorisations.product'), render: (row) => localized(row.product_name) },
    { key: 'state', title: t('authorisations.state'), render: (row) => <StateTag state={row.state} /> },
    {
      key: 'order_number',
      title: t('authorisations.order'),
      kind: 'id',
      render: (row) => row.order_number ?? '—',
    },
  ];
  return (
    <AuthorisationList
      title={t('consume.title')}
      description={t('consume.description')}
      id="algmall-consume"
      filters={filters}
      columns={columns}
      emptyText={t('consume.empty')}
      exportFile={t('consume.exportFile')}
    />
  );
}
