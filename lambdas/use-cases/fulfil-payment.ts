import type { PurchaseCompletedDetail } from '../domain/api';
import { periodFor } from '../domain/services';
import type { EventPublisher } from '../ports/events';
import type { LogPort } from '../ports/logger';
import type { OrderRecord, OrdersStore } from '../ports/orders';
import type { PurchaseRecord, PurchasesStore } from '../ports/purchases';
import type { UsersStore } from '../ports/users';

export interface FulfilPaymentDeps {
  orders: OrdersStore;
  purchases: PurchasesStore;
  users: UsersStore;
  events: EventPublisher;
  log: LogPort;
  now: () => Date;
}

/** A payment Razorpay vouched for (checkout signature or webhook signature). */
export interface VerifiedPayment {
  paymentId: string;
  orderId: string;
  amountPaise: number;
  currency: string;
}

export type FulfilmentResult =
  { outcome: 'fulfilled'; purchase: PurchaseRecord } | { outcome: 'review'; reason: string };

/** One purchase per Razorpay payment: the id is derived from the payment id. */
export function purchaseIdFor(paymentId: string): string {
  return `pur_${paymentId}`;
}

/**
 * Turns a verified payment into a purchase. Both the checkout callback and the webhook come here,
 * any number of times, in any order, possibly at once. No transactions: each step is idempotent
 * and the steps run in an order that a retry can resume after a crash at any point:
 *   1. the purchase item, written once by a conditional put, with its period frozen in it
 *   2. the order marked paid (only moves forward)
 *   3. the user's currentPlan/expiry, conditioned on a per-purchase marker on the user item
 *   4. PurchaseCompleted published, then marked on the purchase item; until it is marked every
 *      retry publishes again, and the consumer acts once per purchase id.
 */
export interface FulfilOptions {
  /**
   * 'throw' (the webhook): a failed publish fails the delivery, so Razorpay retries it.
   * 'defer' (the checkout callback): the buyer has paid and the purchase is recorded, so they get
   * their answer; the webhook for the same payment publishes what is left.
   */
  onPublishFailure?: 'throw' | 'defer';
}

export async function fulfilPayment(
  deps: FulfilPaymentDeps,
  order: OrderRecord,
  payment: VerifiedPayment,
  options: FulfilOptions = {},
): Promise<FulfilmentResult> {
  const { orders, purchases, users, events, log } = deps;
  const at = deps.now();
  const atIso = at.toISOString();

  if (payment.amountPaise !== order.amountPaise || payment.currency !== order.currency) {
    const reason = `paid ${payment.amountPaise} ${payment.currency}, order is ${order.amountPaise} ${order.currency}`;
    const marked = await orders.markReview({
      orderId: order.orderId,
      paymentId: payment.paymentId,
      at: atIso,
      reason,
    });
    log.warn('Payment does not match its order; nothing activated', {
      orderId: order.orderId,
      paymentId: payment.paymentId,
      paidAmountPaise: payment.amountPaise,
      paidCurrency: payment.currency,
      orderAmountPaise: order.amountPaise,
      orderCurrency: order.currency,
      orderMarkedForReview: marked,
    });
    return { outcome: 'review', reason };
  }

  const purchaseId = purchaseIdFor(payment.paymentId);
  let purchase = await purchases.getPurchase(order.userId, purchaseId);
  if (!purchase) {
    const held = await purchases.listPurchases(order.userId);
    const period = periodFor(
      held,
      { planId: order.planId, months: order.months, domain: order.domain },
      at,
    );
    const candidate: PurchaseRecord = {
      userId: order.userId,
      purchaseId,
      paymentId: payment.paymentId,
      orderId: order.orderId,
      planId: order.planId,
      planName: order.planName,
      category: order.category,
      months: order.months,
      purchaseDate: atIso,
      startDate: period.startDate.toISOString(),
      renewalDate: period.renewalDate.toISOString(),
      amountPaise: order.amountPaise,
      currency: order.currency,
      quote: order.quote,
      email: order.email,
      name: order.name,
      createdAt: atIso,
    };
    if (order.domain) candidate.domain = order.domain;
    const created = await purchases.createPurchase(candidate);
    // Lost a race: the winner's frozen record is the truth.
    purchase = created ? candidate : await purchases.getPurchase(order.userId, purchaseId);
    if (!purchase) throw new Error(`purchase ${purchaseId} vanished after a conditional write`);
    if (created) {
      log.info('Purchase recorded', {
        purchaseId,
        orderId: order.orderId,
        planId: order.planId,
        renewalDate: candidate.renewalDate,
      });
    }
  }

  await orders.markPaid({ orderId: order.orderId, paymentId: payment.paymentId, at: atIso });

  await users.applyPurchase({
    userId: purchase.userId,
    purchaseId,
    currentPlan: purchase.planId,
    expiry: purchase.renewalDate,
    email: purchase.email,
    name: purchase.name,
    at: atIso,
  });

  if (!purchase.eventPublishedAt) {
    try {
      await events.publishPurchaseCompleted(purchaseCompletedDetail(purchase));
      await purchases.markEventPublished(purchase.userId, purchaseId, atIso);
      purchase = { ...purchase, eventPublishedAt: atIso };
    } catch (error) {
      if (options.onPublishFailure !== 'defer') throw error;
      log.error('PurchaseCompleted not published yet; the webhook will publish it', {
        purchaseId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { outcome: 'fulfilled', purchase };
}

export function purchaseCompletedDetail(purchase: PurchaseRecord): PurchaseCompletedDetail {
  const detail: PurchaseCompletedDetail = {
    purchaseId: purchase.purchaseId,
    userId: purchase.userId,
    email: purchase.email,
    name: purchase.name,
    planId: purchase.planId,
    planName: purchase.planName,
    category: purchase.category,
    months: purchase.months,
    purchaseDate: purchase.purchaseDate,
    renewalDate: purchase.renewalDate,
    amountPaise: purchase.amountPaise,
    paymentId: purchase.paymentId,
    orderId: purchase.orderId,
  };
  if (purchase.domain) detail.domain = purchase.domain;
  return detail;
}
