import { ApiError, usePagePath, useT } from '@vap/kernel';
import { Alert } from '@vap/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { RECHARGE_PAGE, useRefreshAfterChange } from '../cbs-query.js';

/**
 * How a dialog sends its change: `send(change)` runs the change (its call quiet, as the dialog shows
 * a refusal in place), closes the dialog once done or keeps the refusal to show in it, and asks the
 * packages again either way.
 */
export function useSendChange(onClose: () => void) {
  const refresh = useRefreshAfterChange();
  const [refusal, setRefusal] = useState<unknown>(null);
  const send = async (change: () => Promise<void>) => {
    setRefusal(null);
    try {
      await change();
      onClose();
    } catch (error) {
      setRefusal(error);
    } finally {
      refresh();
    }
  };
  return { refusal, send };
}

/**
 * A change the server refused, in the dialog that asked for it, in the server's words. A balance
 * that does not cover the charge (409 `balance_insufficient`, spec §8 "prompts to recharge") leads
 * to the recharge page when the user's menu has it.
 */
export function Refusal({ error, onLeave }: { error: unknown; onLeave: () => void }) {
  const t = useT('cbs');
  const recharge = usePagePath(RECHARGE_PAGE);
  const text = error instanceof Error ? error.message : '';
  const short = error instanceof ApiError && error.code === 'balance_insufficient';
  return (
    <Alert tone="error" className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{text}</span>
      {short && recharge ? (
        <Link
          to={recharge}
          onClick={onLeave}
          className="font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {t('common.recharge')}
        </Link>
      ) : null}
    </Alert>
  );
}
