import type { BillingDetails } from '../domain/gst';
import type { SellerDetails } from '../domain/invoice';
import type { Paise } from '../domain/money';
import type { OrderMark, OrderStatus } from '../domain/order';
import type { Category } from '../domain/plan';
import type { VpsRecord } from '../domain/vps';
import type { Quote } from '../domain/pricing';

export type { OrderMark, OrderStatus };

/**
 * A checkout order, keyed by Razorpay's order id. Its status moves only as ORDER_TRANSITIONS
 * (lambdas/domain/order.ts) allows: never back from paid.
 */
export interface OrderRecord {
  orderId: string;
  receipt: string;
  userId: string;
  email: string;
  name: string;
  planId: string;
  planName: string;
  category: Category;
  months: Quote['months'];
  promoCode?: string;
  domain?: string;
  /** A domain order's registration period (D21); its `months` is 12 × years. */
  years?: number;
  /** A plan change now (D26): the service it changes (the quote's `change` says how). */
  changeFrom?: string;
  /**
   * The service the order pays for, when it is not the plan's natural id (serviceIdFor): a
   * service that changed plan keeps its id (D26).
   */
  serviceId?: string;
  /** A VPS order's choices (D24): OS, hostname, SSH public keys (none: added later). */
  vps?: Pick<VpsRecord, 'os' | 'hostname' | 'sshKeys'>;
  /** A bundle's domain to register (D24), checked free when the order was made. */
  registerDomain?: string;
  /**
   * "Renew automatically" ticked at checkout (D25): the order's payment also registers a mandate
   * for the buyer's Razorpay customer, up to this maximum.
   */
  autoRenew?: { customerId: string; maxAmountPaise: Paise };
  /**
   * A domain transferred in (D23): the auth code the buyer gave, kept only until the order is
   * paid (its service then has it, until converge asks the registrar; markPaid removes it) or is
   * left unpaid (forgetTransferCode, by the reconciler).
   */
  transferAuthCode?: string;
  /** A domain transferred in (D23): set with the code, and kept when the code goes. */
  transferIn?: true;
  quote: Quote;
  /** The billing details the invoice will carry, frozen now (D15); absent when none were given. */
  billing?: BillingDetails;
  /** The seller as configured now, frozen for the invoice. */
  seller?: SellerDetails;
  amountPaise: Paise;
  currency: 'INR';
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  paymentId?: string;
  paidAt?: string;
  failedPaymentId?: string;
  failureReason?: string;
  reviewPaymentId?: string;
  reviewReason?: string;
  /** Set when an operator refunded the payment of an order in review (the console). */
  refundedPaymentId?: string;
  refundReason?: string;
}

/** What the dashboard shows of an order whose payment failed or waits for review. */
export const UNSETTLED_ORDER_FIELDS = [
  'orderId',
  'userId',
  'planName',
  'amountPaise',
  'status',
  'updatedAt',
  'failedPaymentId',
  'reviewPaymentId',
] as const satisfies readonly (keyof OrderRecord)[];

export type UnsettledOrder = Pick<OrderRecord, (typeof UNSETTLED_ORDER_FIELDS)[number]>;

/**
 * Each mark moves the order only from the statuses ORDER_TRANSITIONS lists for its target, in one
 * conditional write, and writes what orderMarkChanges() says; it answers false (and writes
 * nothing) when the order is missing or its status does not allow the move.
 */
export interface OrdersStore {
  /** Refuses (ConditionalCheckFailedException) an order id that is stored already. */
  putOrder(order: OrderRecord): Promise<void>;
  getOrder(orderId: string): Promise<OrderRecord | undefined>;
  /** The buyer's orders, newest first. */
  listOrdersForUser(userId: string): Promise<OrderRecord[]>;
  /**
   * The buyer's orders now `failed` or `review`, last moved first, reading only those (a sparse
   * index: a paid order is never read) and only the UNSETTLED_ORDER_FIELDS.
   */
  listUnsettledOrders(userId: string): Promise<UnsettledOrder[]>;
  /**
   * created | failed | review → paid, a transfer's auth code removed. False when it is paid
   * already: the first payment stays.
   */
  markPaid(mark: OrderMark): Promise<boolean>;
  /** created | failed → failed. False when the order is paid or under review. */
  markFailed(mark: OrderMark): Promise<boolean>;
  /** created | failed | review → review. False when the order is paid. */
  markReview(mark: OrderMark): Promise<boolean>;
  /** review → refunded: an operator gave the payment back. False from any other status. */
  markRefunded(mark: OrderMark): Promise<boolean>;
  /**
   * Orders in one status, last moved first (the byStatus index), at most `limit`; with
   * `movedSince` (ISO-8601) only those moved since then. For the operator's console: no scan.
   */
  listOrdersByStatus(
    status: OrderStatus,
    options: { limit: number; movedSince?: string },
  ): Promise<OrderRecord[]>;
  /**
   * Unpaid (`created` or `failed`) orders that still hold a transfer's auth code (D23) and last
   * moved between `movedSince` and `movedBefore`: their ids (the code itself is not read), at
   * most `limit`.
   */
  listUnpaidTransferCodes(options: {
    movedSince: string;
    movedBefore: string;
    limit: number;
  }): Promise<string[]>;
  /**
   * Removes an unpaid order's transfer auth code, in one conditional write that holds only while
   * the order is `created` or `failed` and has not moved since `movedBefore`. False otherwise.
   */
  forgetTransferCode(orderId: string, movedBefore: string): Promise<boolean>;
}
