import type { Authorisation } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { type Column, Tag } from '@vap/ui';
import { useAuthorisationColumns } from './authorisation-columns.js';
import { useAuthorisationFilters } from './authorisation-filters.js';
import { AuthorisationList } from './authorisation-list.js';

/**
 * The consumption of authorisations (spec §2.3 algmall_consume): every authorisation the company's
 * devices took, online or offline — when, which device, which product, from which order, and where
 * it stands (a failed one's was given back) — filtered, paged and exported (the role's `export`).
 */
export default function ConsumePage() {
  const t = useT('algmall');
  const shared = useAuthorisationColumns();
  const filters = useAuthorisationFilters({ state: true, mode: true });
  const columns: Column<Authorisation>[] = [
    shared.time,
    {
      key: 'mode',
      title: t('authorisations.mode'),
      render: (row) => <Tag>{t(`authorisations.modes.${row.mode}`)}</Tag>,
    },
    shared.sn,
    shared.device,
    shared.product,
    shared.state,
    shared.order,
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
