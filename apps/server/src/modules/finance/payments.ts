/**
 * Online payment goes through a `PaymentProvider` (issue 17; docs/operations.md "Payments"), like
 * SMS codes go through an `SmsProvider`. A provider opens a payment for an order and answers where
 * the payer pays; it tells the server the outcome by calling `RechargeOrders.settle` with its own
 * handle of the payment (a real gateway from its signed notification route, the development one
 * from its payment page).
 */
import { randomBytes } from 'node:crypto';
import { DEV_PAYMENT_PAGE_PATH, DEV_PAYMENT_PAGE_QUERY } from '@vap/contracts';

export interface PaymentRequest {
  /** The order number the payer sees and the gateway keeps. */
  number: string;
  /** Fen. */
  amount: number;
  /** When the order stops waiting for its payment. */
  expiresAt: Date;
}

export interface OpenedPayment {
  /** The provider's handle of the payment, unique: how its outcome names the order. */
  ref: string;
  /** Where the payer pays: an absolute URL, or a path of this console. */
  payUrl: string;
}

export interface PaymentProvider {
  /** The provider's name, kept with each order (`development`, `alipay`, …). */
  readonly name: string;
  /**
   * True for a provider that moves no money (the development one): a production server does not
   * use it unless the operator allows development providers (ALLOW_DEV_PROVIDERS).
   */
  readonly development?: boolean;
  /** Opens a payment at the gateway; a rejection is answered 503 `payment_unavailable`. */
  open(request: PaymentRequest): Promise<OpenedPayment>;
  /**
   * Closes an open payment the company cancelled or that expired, so that it can no longer be paid;
   * a rejection leaves it to the finance schedule to try again. `absent`: the gateway has no such
   * payment yet (an Alipay page payment exists once the payer opens the cashier), so it is closed
   * again until its window has passed, after which the gateway takes it no more.
   */
  close(ref: string): Promise<'closed' | 'absent'>;
  /** A real gateway's asynchronous notifications (POST /webapi/v1/payments/{name}/notify). */
  readonly notifications?: PaymentNotifications;
}

/** What a gateway's verified notification says of a payment. */
export interface PaymentNotice {
  /** The payment's handle (`ref` of `open`): the order number, the gateway's `out_trade_no`. */
  ref: string;
  /** Fen paid. */
  amount: number;
  /** True when the payment succeeded; other notices (a trade closed) change nothing. */
  paid: boolean;
  /** The gateway's own number of the trade, for the log. */
  trade: string;
}

/** Thrown by `PaymentNotifications.read` for a notification whose signature or content is wrong. */
export class NotificationRefused extends Error {}

export interface PaymentNotifications {
  /**
   * The notice of a notification whose signature verifies (and whose resource decrypts), given its
   * headers and body as received; NotificationRefused otherwise.
   */
  read(request: {
    headers: Readonly<Record<string, string | string[] | undefined>>;
    body: string;
  }): PaymentNotice;
  /** The body that tells the gateway it was received (Alipay's `success`); null for an empty 204. */
  readonly acknowledgement: string | null;
}

/**
 * Moves no money: its payment page (`/open-pages/dev-payment?payment=…`) shows the order and lets
 * whoever holds the link confirm or cancel it, which settles the order as a gateway would.
 */
export class DevPaymentProvider implements PaymentProvider {
  readonly name = 'development';
  readonly development = true;

  async open(): Promise<OpenedPayment> {
    const ref = randomBytes(24).toString('base64url');
    return { ref, payUrl: `${DEV_PAYMENT_PAGE_PATH}?${DEV_PAYMENT_PAGE_QUERY}=${ref}` };
  }

  async close(): Promise<'closed'> {
    // Nothing is open anywhere: the page reads the order's state.
    return 'closed';
  }
}
