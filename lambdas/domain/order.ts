/**
 * A checkout order's life (docs/architecture.md, "How a payment flows"). An order is created
 * unpaid; a payment attempt then moves it:
 *
 *   created ──► paid      a payment Razorpay vouched for, with the order's amount and currency
 *      │  ▲ ▲
 *      │  │ └─ review ◄── a payment whose amount or currency differs: nothing is activated
 *      ▼  │
 *    failed               a failed attempt; the buyer may pay again, so it can still be paid
 *
 * Paid is final here: nothing moves a paid order back, so a late `payment.failed` or a second,
 * mismatching payment changes nothing (docs/api.md). A refund will add `refunded`, reached only
 * from `paid` and leaving nowhere, by one more row in ORDER_TRANSITIONS.
 *
 * This table is the one statement of the rule: the DynamoDB adapter builds its update conditions
 * from it and the in-memory fake checks it, so the two cannot disagree.
 */

export const ORDER_STATUSES = ['created', 'paid', 'failed', 'review', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses an attempt can move an order to: every status but the one it is born with. */
export type OrderMarkStatus = Exclude<OrderStatus, 'created'>;

/**
 * For each status an attempt can move an order to, the statuses it may move from. A status that
 * lists itself can be marked again (a second failed attempt records its payment id).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderMarkStatus, readonly OrderStatus[]>> = {
  paid: ['created', 'failed', 'review'],
  failed: ['created', 'failed'],
  review: ['created', 'failed', 'review'],
  // An operator resolved an order in review by giving the payment back (the console); final.
  refunded: ['review'],
};

export function canMoveOrder(from: OrderStatus, to: OrderMarkStatus): boolean {
  return ORDER_TRANSITIONS[to].includes(from);
}

/** One payment attempt's outcome on an order. */
export interface OrderMark {
  orderId: string;
  paymentId: string;
  /** ISO-8601. */
  at: string;
  /** Why it failed or needs review (a failed attempt's error, the amount that did not match). */
  reason?: string;
}

/** The fields a mark writes on the order, besides `status` and `updatedAt`. */
export type OrderMarkFields =
  | { paymentId: string; paidAt: string }
  | { failedPaymentId: string; failureReason: string }
  | { reviewPaymentId: string; reviewReason: string }
  | { refundedPaymentId: string; refundReason: string };

/** What moving an order to `to` writes: its status, the attempt's own fields, `updatedAt`. */
export function orderMarkChanges(
  to: OrderMarkStatus,
  mark: OrderMark,
): { status: OrderMarkStatus; updatedAt: string } & OrderMarkFields {
  const base = { status: to, updatedAt: mark.at };
  switch (to) {
    case 'paid':
      return { ...base, paymentId: mark.paymentId, paidAt: mark.at };
    case 'failed':
      return { ...base, failedPaymentId: mark.paymentId, failureReason: mark.reason ?? '' };
    case 'review':
      return { ...base, reviewPaymentId: mark.paymentId, reviewReason: mark.reason ?? '' };
    case 'refunded':
      return { ...base, refundedPaymentId: mark.paymentId, refundReason: mark.reason ?? '' };
  }
}

/** Whether a payment Razorpay vouched for pays exactly what the order asks (server's amount). */
export function paysOrder(
  order: { amountPaise: number; currency: string },
  payment: { amountPaise: number; currency: string },
): boolean {
  return payment.amountPaise === order.amountPaise && payment.currency === order.currency;
}
