import type { Paise } from '../domain/money';
import type { Category } from '../domain/plan';
import type { Quote } from '../domain/pricing';

export type OrderStatus = 'created' | 'paid' | 'failed' | 'review';

/** A checkout order, keyed by Razorpay's order id. Status only moves forward; never back from paid. */
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
  quote: Quote;
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
}

export interface OrderMark {
  orderId: string;
  paymentId: string;
  at: string;
  reason?: string;
}

export interface OrdersStore {
  putOrder(order: OrderRecord): Promise<void>;
  getOrder(orderId: string): Promise<OrderRecord | undefined>;
  listOrdersForUser(userId: string): Promise<OrderRecord[]>;
  /** created | failed | review → paid; idempotent. */
  markPaid(mark: OrderMark): Promise<void>;
  /** created | failed → failed; returns false when the order is paid or under review. */
  markFailed(mark: OrderMark): Promise<boolean>;
  /** anything but paid → review; returns false when the order is already paid. */
  markReview(mark: OrderMark): Promise<boolean>;
}
