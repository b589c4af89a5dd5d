import type { RechargeOrder } from '@vap/contracts';
import { usePermission, useT } from '@vap/kernel';
import { useState } from 'react';
import { useFinance } from '../finance-query.js';
import { BalancePanel } from './balance-panel.js';
import { BankTransfer } from './bank-transfer.js';
import { OnlineRecharge } from './online-recharge.js';
import { RechargeOrders } from './recharge-orders.js';
import { ThresholdSetting } from './threshold-setting.js';

/**
 * Recharge (spec §2.3 recharge, §1 finance, §9): the balance, an online recharge followed until it
 * is paid, the bank transfer details, the low-balance warning's threshold and the recharge orders.
 * Placing and cancelling orders take the role's `recharge` button; the server checks it again.
 */
export default function RechargePage() {
  const t = useT('finance');
  const finance = useFinance();
  const mayRecharge = usePermission('recharge');
  const [followed, setFollowed] = useState<RechargeOrder | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{t('recharge.title')}</h1>
      <BalancePanel finance={finance} />
      <div className="grid gap-4 lg:grid-cols-2">
        <OnlineRecharge mayRecharge={mayRecharge} followed={followed} onCreated={setFollowed} />
        <BankTransfer finance={finance} />
      </div>
      <ThresholdSetting finance={finance.data} />
      <RechargeOrders mayCancel={mayRecharge} onPay={setFollowed} />
    </div>
  );
}
