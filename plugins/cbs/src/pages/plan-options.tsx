import {
  CLOUD_PLAN_PRICES,
  CLOUD_PLAN_QUOTAS,
  CLOUD_PLANS,
  type CloudPlan,
  type CloudService,
  formatFen,
} from '@vap/contracts';
import { useT } from '@vap/kernel';
import { formatFileSize, type RadioOption } from '@vap/ui';

/** A plan's quotas in words: "100M space, 20M flow a month". */
export function usePlanTerms(): (plan: CloudPlan) => string {
  const t = useT('cbs');
  return (plan) =>
    t('planTerms', {
      space: formatFileSize(CLOUD_PLAN_QUOTAS[plan].space),
      flow: formatFileSize(CLOUD_PLAN_QUOTAS[plan].flow),
    });
}

/**
 * The plans of a service as radio options, smallest first: name and monthly price on one line, the
 * quotas under it; `current` is marked as the package's plan now.
 */
export function usePlanOptions(service: CloudService, current?: CloudPlan): RadioOption[] {
  const t = useT('cbs');
  const terms = usePlanTerms();
  return CLOUD_PLANS.map((plan) => {
    const price = CLOUD_PLAN_PRICES[service][plan];
    return {
      value: plan,
      label: (
        <span className="flex flex-col">
          <span className="text-ink">
            {t(`plans.${plan}`)} · {price > 0 ? t('planPrice', { price: formatFen(price) }) : t('planFree')}
            {plan === current ? ` (${t('change.current')})` : null}
          </span>
          <span className="text-xs text-ink-faint">{terms(plan)}</span>
        </span>
      ),
    };
  });
}
