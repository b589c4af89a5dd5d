import { CLOUD_PACKAGE_FILTERS, CLOUD_PACKAGE_STATES, CLOUD_PLANS, CLOUD_SERVICES } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';

/** The packages' filters: service, plan, state and serial, applied on Search (or Enter). */
export function usePackageFilters() {
  const t = useT('cbs');
  return useFilters(CLOUD_PACKAGE_FILTERS, [
    {
      key: 'service',
      op: '=',
      kind: 'select',
      label: t('columns.service'),
      placeholder: t('packages.anyService'),
      options: CLOUD_SERVICES.map((service) => ({ value: service, label: t(`services.${service}`) })),
      className: 'w-40',
    },
    {
      key: 'plan',
      op: '=',
      kind: 'select',
      label: t('columns.plan'),
      placeholder: t('packages.anyPlan'),
      options: CLOUD_PLANS.map((plan) => ({ value: plan, label: t(`plans.${plan}`) })),
      className: 'w-36',
    },
    {
      key: 'state',
      op: '=',
      kind: 'select',
      label: t('columns.state'),
      // No state lists the running and suspended packages: closed ones only when asked for by their state.
      placeholder: t('packages.anyState'),
      options: CLOUD_PACKAGE_STATES.map((state) => ({ value: state, label: t(`states.${state}`) })),
      className: 'w-48',
    },
    { key: 'sn', op: 'like', kind: 'text', label: t('packages.serial'), className: 'w-48' },
  ]);
}
