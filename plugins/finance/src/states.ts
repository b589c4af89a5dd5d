import type { RechargeState } from '@vap/contracts';
import type { TagTone } from '@vap/ui';

/** The tag of a recharge order's state, in the orders' table and on the payment page. */
export const STATE_TONES: Record<RechargeState, TagTone> = {
  pending: 'primary',
  paid: 'success',
  cancelled: 'default',
  expired: 'warning',
};
