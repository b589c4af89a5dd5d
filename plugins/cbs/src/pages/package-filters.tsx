import { CLOUD_PACKAGE_STATES, CLOUD_PLANS, CLOUD_SERVICES, type Where } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { FilterForm, Input, Select } from '@vap/ui';

export interface PackageFilterValues {
  /** '' for every service, plan or state (the state's '' lists the running and suspended ones). */
  service: string;
  plan: string;
  state: string;
  sn: string;
}

export const NO_PACKAGE_FILTERS: PackageFilterValues = { service: '', plan: '', state: '', sn: '' };

/** The `{k, o, v}` list of the packages (CLOUD_PACKAGE_FILTERS): service, plan, state and serial. */
export function packageWheres(values: PackageFilterValues): Where[] {
  const wheres: Where[] = [];
  if (values.service !== '') wheres.push({ k: 'service', o: '=', v: values.service });
  if (values.plan !== '') wheres.push({ k: 'plan', o: '=', v: values.plan });
  if (values.state !== '') wheres.push({ k: 'state', o: '=', v: values.state });
  const sn = values.sn.trim();
  if (sn) wheres.push({ k: 'sn', o: 'like', v: sn });
  return wheres;
}

/** The packages' searches, applied on Search (or Enter); Reset clears them. */
export function PackageFilters({ onChange }: { onChange: (values: PackageFilterValues) => void }) {
  const t = useT('cbs');
  return (
    <FilterForm label={t('packages.filters')} empty={NO_PACKAGE_FILTERS} onChange={onChange}>
      {(values, set) => (
        <>
          <Select
            aria-label={t('columns.service')}
            placeholder={t('packages.anyService')}
            options={CLOUD_SERVICES.map((service) => ({ value: service, label: t(`services.${service}`) }))}
            value={values.service}
            onValueChange={(service) => set({ service })}
            clearable
            className="w-40"
          />
          <Select
            aria-label={t('columns.plan')}
            placeholder={t('packages.anyPlan')}
            options={CLOUD_PLANS.map((plan) => ({ value: plan, label: t(`plans.${plan}`) }))}
            value={values.plan}
            onValueChange={(plan) => set({ plan })}
            clearable
            className="w-36"
          />
          <Select
            aria-label={t('columns.state')}
            placeholder={t('packages.anyState')}
            // Closed packages are listed only when asked for by their state.
            options={CLOUD_PACKAGE_STATES.map((state) => ({ value: state, label: t(`states.${state}`) }))}
            value={values.state}
            onValueChange={(state) => set({ state })}
            clearable
            className="w-48"
          />
          <Input
            type="search"
            aria-label={t('packages.serial')}
            placeholder={t('packages.serial')}
            value={values.sn}
            maxLength={20}
            onChange={(event) => set({ sn: event.target.value })}
            className="w-48"
          />
        </>
      )}
    </FilterForm>
  );
}
