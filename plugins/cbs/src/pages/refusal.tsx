import { ApiError, useT } from '@vap/kernel';
import { Alert } from '@vap/ui';
import { Link } from 'react-router';
import { useRechargeRoute } from '../cbs-query.js';

/**
 * A change the server refused, in the dialog that asked for it, in the server's words. A balance
 * that does not cover the charge (409 `balance_insufficient`, spec §8 "prompts to recharge") leads
 * to the recharge page when the user's menu has it.
 */
export function Refusal({ error, onLeave }: { error: unknown; onLeave: () => void }) {
  const t = useT('cbs');
  const recharge = useRechargeRoute();
  const text = error instanceof Error ? error.message : '';
  const short = error instanceof ApiError && error.code === 'balance_insufficient';
  return (
    <Alert tone="error" className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{text}</span>
      {short && recharge ? (
        <Link
          to={recharge.path}
          onClick={onLeave}
          className="font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {t('common.recharge')}
        </Link>
      ) : null}
    </Alert>
  );
}
