import type { InvoiceState, RechargeState } from '@vap/contracts';
import type { TagTone } from '@vap/ui';

/** The tag of a recharge order's state, in the orders' table and on the payment page. */
export const STATE_TONES: Record<RechargeState, TagTone> = {
  pending: 'primary',
  paid: 'success',
  cancelled: 'default',
  expired: 'warning',
};

/** The tag of an order's or an invoice's invoice state. */
export const INVOICE_STATE_TONES: Record<InvoiceState, TagTone> = {
  not_invoiced: 'default',
  invoicing: 'primary',
  invoiced: 'success',
};
