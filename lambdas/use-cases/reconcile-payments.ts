import { isOverdue } from '../domain/lifecycle';
import type { LogPort } from '../ports/logger';
import { ALARMED_LOG_MESSAGES } from '../system/facts';
import type { MessagesStore } from '../ports/messages';
import type { OrderRecord } from '../ports/orders';
import type { GatewayPayment, PaymentGateway } from '../ports/payment-gateway';
import type { RefundRecord, RefundsStore } from '../ports/refunds';
import { captureAuthorizedPayment } from './capture-payment';
import {
  fulfilPayment,
  purchaseCompletedDetail,
  purchaseIdFor,
  type FulfilPaymentDeps,
} from './fulfil-payment';
import { carryOutCancellation } from './refunds/cancel-service';
import { STEP } from './refunds/steps';

export interface ReconcileDeps extends FulfilPaymentDeps {
  gateway: PaymentGateway;
  messages: MessagesStore;
  refunds: RefundsStore;
  log: LogPort;
}

/** How far back a run looks, and how long it leaves the normal path to finish first. */
export const RECONCILE_WINDOWS = {
  /** A paid order's purchase whose PurchaseCompleted was never published. */
  paidLookbackMs: 24 * 60 * 60 * 1000,
  publishGraceMs: 10 * 60 * 1000,
  /** An order still `created` although Razorpay may hold a payment for it. */
  createdLookbackMs: 48 * 60 * 60 * 1000,
  createdGraceMs: 30 * 60 * 1000,
  /** A stored contact message whose mail was never queued or sent. */
  mailGraceMs: 15 * 60 * 1000,
  /** A store refund the refunds worker has not finished, and that nothing has moved meanwhile. */
  refundGraceMs: 10 * 60 * 1000,
  /**
   * An unpaid transfer order's auth code (D23) goes once the order has not moved for this long
   * and Razorpay has no payment for it that could still complete: the buyer left the checkout.
   */
  transferCodeGraceMs: 30 * 60 * 1000,
  /** At most this many of each kind per run; the next run takes the rest. */
  batch: 200,
} as const;

export interface ReconcileSummary {
  /** Paid orders looked at, and purchases whose PurchaseCompleted was published now. */
  paidOrdersChecked: number;
  purchasesRepublished: number;
  /** Stale `created` orders asked about at Razorpay, and those fulfilled now. */
  createdOrdersChecked: number;
  ordersFulfilled: number;
  /** Contact messages whose mail was queued again. */
  mailsRequeued: number;
  /** Store refunds handed to the refunds worker again (or whose cancellation was finished). */
  refundsRepublished: number;
  /** Everything repaired in this run; anything above zero means the normal path dropped it. */
  repaired: number;
  /**
   * Services out of step for 15 minutes or more (D22), each handed to converge again
   * (ServiceChanged); counted by their own alarm.
   */
  servicesOutOfStep: number;
  /** Unpaid transfer orders whose auth code was removed (D23). */
  transferCodesForgotten: number;
}

/**
 * The safety net under the exactly-once pipeline (a scheduled job; locally on demand). Each repair
 * goes through the same idempotent step the normal path uses, so it can never do anything twice:
 *   - a paid order whose purchase never had PurchaseCompleted published (verify crashed after the
 *     purchase, and the webhooks failed or are off): published now, then marked, whatever claim to
 *     publish it the item holds (E28: a lease of seconds, and this is ten minutes on; the mark ends
 *     the claim);
 *   - an order still `created` half an hour on: Razorpay is asked for its payments; a captured one
 *     is fulfilled, an authorized one captured (for exactly the order's amount) and fulfilled;
 *   - a stored contact message never mailed: SupportMessageReceived queued again;
 *   - an unpaid transfer order's auth code (D23), half an hour after the order last moved with no
 *     payment at Razorpay that could still complete: removed (forgetAbandonedTransferCodes);
 *   - a store refund the refunds worker never finished, ten minutes on and under no live claim:
 *     a cancel that died after recording the intent is carried out (the service ends as of the
 *     click, RefundRequested published); otherwise RefundRequested (or, after Razorpay reported
 *     the attempt failed, RefundFailed) is published again. The worker claims each step with a
 *     lease and finds an earlier refund by its receipt first, so a duplicate makes no second refund;
 *   - a service whose provider has been out of step with its desired state for 15 minutes (D22):
 *     handed to converge again (ServiceChanged), which is level-triggered, so a duplicate is
 *     harmless; they are counted, and the count alarms.
 */
export async function reconcilePayments(deps: ReconcileDeps, now: Date): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = {
    paidOrdersChecked: 0,
    purchasesRepublished: 0,
    createdOrdersChecked: 0,
    ordersFulfilled: 0,
    mailsRequeued: 0,
    refundsRepublished: 0,
    repaired: 0,
    servicesOutOfStep: 0,
    transferCodesForgotten: 0,
  };
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  const paid = await deps.orders.listOrdersByStatus('paid', {
    limit: RECONCILE_WINDOWS.batch,
    movedSince: ago(RECONCILE_WINDOWS.paidLookbackMs),
  });
  for (const order of paid.filter((o) => o.updatedAt < ago(RECONCILE_WINDOWS.publishGraceMs))) {
    summary.paidOrdersChecked += 1;
    if (!order.paymentId) continue;
    const purchaseId = purchaseIdFor(order.paymentId);
    const purchase = await deps.purchases.getPurchase(order.userId, purchaseId);
    if (!purchase || purchase.eventPublishedAt) continue;
    await deps.events.publishPurchaseCompleted(purchaseCompletedDetail(purchase));
    await deps.purchases.markEventPublished(order.userId, purchaseId, now.toISOString());
    summary.purchasesRepublished += 1;
    deps.log.warn('Reconciler published a PurchaseCompleted the normal path left out', {
      orderId: order.orderId,
      purchaseId,
    });
  }

  const created = await deps.orders.listOrdersByStatus('created', {
    limit: RECONCILE_WINDOWS.batch,
    movedSince: ago(RECONCILE_WINDOWS.createdLookbackMs),
  });
  for (const order of created.filter((o) => o.createdAt < ago(RECONCILE_WINDOWS.createdGraceMs))) {
    summary.createdOrdersChecked += 1;
    if (await settleFromRazorpay(deps, order)) summary.ordersFulfilled += 1;
  }

  summary.transferCodesForgotten = await forgetAbandonedTransferCodes(deps, now);

  for (const messageId of await deps.messages.listPendingMail(
    new Date(now.getTime() - RECONCILE_WINDOWS.mailGraceMs),
    RECONCILE_WINDOWS.batch,
  )) {
    await deps.events.publish('SupportMessageReceived', { messageId });
    summary.mailsRequeued += 1;
  }

  const refundCutoff = ago(RECONCILE_WINDOWS.refundGraceMs);
  for (const record of await deps.refunds.listAwaitingWorker(
    refundCutoff,
    RECONCILE_WINDOWS.batch,
  )) {
    try {
      if (await resumeRefund(deps, record, now, refundCutoff)) summary.refundsRepublished += 1;
    } catch (error) {
      deps.log.warn('Reconciler could not hand a refund back to the worker; the next run will', {
        paymentId: record.paymentId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  summary.servicesOutOfStep = await convergeOutOfStep(deps, now);

  summary.repaired =
    summary.purchasesRepublished +
    summary.ordersFulfilled +
    summary.mailsRequeued +
    summary.refundsRepublished;
  // A metric filter in the stack counts `repaired` and alarms when it is above zero.
  if (summary.repaired > 0) deps.log.warn(ALARMED_LOG_MESSAGES.reconcilerRepaired, { ...summary });
  else deps.log.info('Reconciler found nothing to repair', { ...summary });
  return summary;
}

/** Fulfils a stale order from the payments Razorpay holds for it; true when it did. */
/**
 * A transfer's auth code is the buyer's secret (D23): an order left unpaid must not keep it. Once
 * the order has not moved for half an hour (a Razorpay Checkout sheet is one sitting; paying again
 * makes a new order), Razorpay is asked for its payments, after this run's check of `created`
 * orders fulfilled any captured one; with none captured, authorized or still being made, the code
 * is removed in a write that holds only while the order is unpaid and unmoved. Should a late
 * payment still come, the transfer has no code: converge fails it and refunds it in full, saying
 * why (TRANSFER_CODE_FORGOTTEN). Razorpay unreachable: left for the next run.
 */
async function forgetAbandonedTransferCodes(deps: ReconcileDeps, now: Date): Promise<number> {
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const movedBefore = ago(RECONCILE_WINDOWS.transferCodeGraceMs);
  const orderIds = await deps.orders.listUnpaidTransferCodes({
    movedSince: ago(RECONCILE_WINDOWS.createdLookbackMs),
    movedBefore,
    limit: RECONCILE_WINDOWS.batch,
  });
  let forgotten = 0;
  for (const orderId of orderIds) {
    let payments: GatewayPayment[];
    try {
      payments = await deps.gateway.listOrderPayments(orderId);
    } catch {
      continue;
    }
    const live = payments.some((p) => p.status !== 'failed' && p.status !== 'refunded');
    if (live) continue;
    if (await deps.orders.forgetTransferCode(orderId, movedBefore)) {
      forgotten += 1;
      deps.log.info('An unpaid transfer order’s auth code was removed', { orderId });
    }
  }
  return forgotten;
}

async function settleFromRazorpay(deps: ReconcileDeps, order: OrderRecord): Promise<boolean> {
  let payments: GatewayPayment[];
  try {
    payments = await deps.gateway.listOrderPayments(order.orderId);
  } catch (error) {
    deps.log.warn('Reconciler could not ask Razorpay about an order; the next run will', {
      orderId: order.orderId,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
  let payment = payments.find((p) => p.status === 'captured');
  const authorized = payments.find((p) => p.status === 'authorized');
  if (!payment && authorized) {
    const capture = await captureAuthorizedPayment(deps, order, authorized);
    if (capture.outcome !== 'captured') return false;
    payment = capture.payment;
  }
  if (!payment) return false;
  const result = await fulfilPayment(deps, order, {
    paymentId: payment.id,
    orderId: order.orderId,
    amountPaise: payment.amountPaise,
    currency: payment.currency,
  });
  deps.log.warn('Reconciler fulfilled an order the normal path left unpaid', {
    orderId: order.orderId,
    paymentId: payment.id,
    outcome: result.outcome,
  });
  return result.outcome === 'fulfilled';
}

/**
 * Gives a store refund the worker never finished back to it; true when something was published.
 * Left alone while a step is claimed (the worker is at it) or the record moved within the grace.
 */
async function resumeRefund(
  deps: ReconcileDeps,
  record: RefundRecord,
  now: Date,
  cutoff: string,
): Promise<boolean> {
  const { userId, refundKey, attempt } = record;
  if (record.kind !== 'store' || record.status === 'processed' || record.attention) {
    // Settled, or in an operator's hands: nothing is left for the worker to ask Razorpay.
    await deps.refunds.finishedByWorker(userId, refundKey, attempt);
    return false;
  }
  if (record.updatedAt >= cutoff) return false;
  if (Object.values(record.claims).some((claim) => claim.until >= now.getTime())) return false;

  const context = { paymentId: record.paymentId, attempt, status: record.status };
  const serviceId = record.purchase?.serviceId;
  if (!record.done[STEP.requestPublished] && serviceId) {
    // The cancel died after recording the intent: the rest of it, as of the click.
    await carryOutCancellation(
      deps,
      { userId, serviceId },
      [record],
      new Date(record.createdAt),
      now,
    );
    deps.log.warn(
      'Reconciler carried out a cancellation the cancel route left unfinished',
      context,
    );
    return true;
  }
  if (record.status === 'failed') {
    if (!record.gatewayRefundId) return false;
    // Razorpay failed this attempt and RefundFailed (the retry) was lost or never ran.
    await deps.events.publish('RefundFailed', {
      userId,
      refundKey,
      paymentId: record.paymentId,
      attempt,
      razorpayRefundId: record.gatewayRefundId,
      failedAt: record.updatedAt,
    });
  } else {
    await deps.events.publish('RefundRequested', {
      userId,
      refundKey,
      paymentId: record.paymentId,
      amountPaise: record.amountPaise,
      origin: record.origin,
      requestedAt: record.createdAt,
    });
    if (!record.done[STEP.requestPublished]) {
      await deps.refunds.completeStep(userId, refundKey, STEP.requestPublished, now.toISOString());
    }
  }
  deps.log.warn('Reconciler handed a refund the worker never finished back to it', context);
  return true;
}

/**
 * Hands every service out of step for 15 minutes or more to converge again (D22), oldest first;
 * answers how many there were. The count is logged for its alarm, whatever it is.
 */
async function convergeOutOfStep(deps: ReconcileDeps, now: Date): Promise<number> {
  const queued = await deps.services.listQueue('out-of-step', RECONCILE_WINDOWS.batch);
  const overdue = queued.filter((s) => isOverdue(s.life?.outOfStepSince, now));
  for (const service of overdue) {
    await deps.events.publish('ServiceChanged', {
      userId: service.userId,
      serviceId: service.serviceId,
      fact: 'reconcile',
      at: now.toISOString(),
    });
  }
  if (overdue.length > 0) {
    deps.log.warn(ALARMED_LOG_MESSAGES.servicesOutOfStep, {
      count: overdue.length,
      serviceIds: overdue.map((s) => s.serviceId),
    });
  }
  return overdue.length;
}
