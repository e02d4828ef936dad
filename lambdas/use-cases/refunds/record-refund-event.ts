/**
 * Razorpay's refund and dispute webhooks (docs/decisions.md D16), verified and typed by the
 * gateway, in any order and any number:
 * - `refund.created|processed|failed` of a store refund (found by its receipt): Razorpay's id is
 *   recorded on the intent, and the attempt settled. Processed → RefundCompleted (the worker issues
 *   the credit note and mails the buyer). Failed → an operator alarm, and RefundFailed (the worker
 *   tells the buyer it is being retried and tries again); the service stays cancelled.
 * - a refund with no receipt of ours was made in Razorpay's dashboard: it is recorded and raises
 *   an operator alarm. Once processed, a refund of the whole payment ends its service (suspended,
 *   not deleted), recomputes the buyer's plan and gets the credit note; a partial one stays on the
 *   operators' list for a person to decide.
 * - `payment.dispute.created` records the dispute for the operators (an alarm) and on the service
 *   (D22: suspended while it is open); `payment.dispute.won` lifts that; `payment.dispute.lost`
 *   ends the service the payment paid for.
 * Refunds an operator made from the console for an order in review carry the console's receipt
 * and are that console's business: ignored here.
 */
import { reviewRefundReceipt } from '../../domain/admin';
import type { ServiceCancelledDetail } from '../../domain/api';
import { parseRefundReceipt } from '../../domain/refunds';
import type { EventPublisher } from '../../ports/events';
import type { OrdersStore } from '../../ports/orders';
import type {
  GatewayPayment,
  GatewayRefund,
  PaymentGateway,
  PaymentWebhookEvent,
} from '../../ports/payment-gateway';
import type { PurchaseRecord, PurchasesStore } from '../../ports/purchases';
import type { RefundRecord, RefundRecordStatus, RefundsStore } from '../../ports/refunds';
import { ALARMED_LOG_MESSAGES } from '../../system/facts';
import { purchaseIdFor } from '../fulfil-payment';
import { recomputeCurrentPlan, withdrawPeriods, type EndServiceDeps } from './end-service';
import { recordServiceFact } from '../service-facts';
import { STEP } from './steps';

export interface RecordRefundEventDeps extends EndServiceDeps {
  orders: Pick<OrdersStore, 'getOrder'>;
  purchases: Pick<PurchasesStore, 'getPurchase' | 'listPurchases'>;
  refunds: RefundsStore;
  gateway: Pick<PaymentGateway, 'fetchPayment'>;
  events: EventPublisher;
  now: () => Date;
}

export type RefundWebhookEvent = Extract<
  PaymentWebhookEvent,
  { type: 'refund.created' | 'refund.processed' | 'refund.failed' }
>;
export type DisputeWebhookEvent = Extract<
  PaymentWebhookEvent,
  { type: 'payment.dispute.created' | 'payment.dispute.won' | 'payment.dispute.lost' }
>;

export type RefundEventOutcome = 'refund_recorded' | 'dispute_recorded' | 'ignored';

interface Owner {
  userId: string;
  orderId: string;
  payment: GatewayPayment;
}

/** The buyer a payment belongs to, through the order it paid; undefined when not ours. */
async function ownerOf(
  deps: RecordRefundEventDeps,
  paymentId: string,
  snapshot: GatewayPayment | undefined,
): Promise<Owner | undefined> {
  const payment = snapshot ?? (await deps.gateway.fetchPayment(paymentId));
  if (!payment.orderId) return undefined;
  const order = await deps.orders.getOrder(payment.orderId);
  return order ? { userId: order.userId, orderId: order.orderId, payment } : undefined;
}

function statusOf(event: RefundWebhookEvent): RefundRecordStatus {
  if (event.type === 'refund.processed') return 'processed';
  if (event.type === 'refund.failed') return 'failed';
  return event.refund.status;
}

export async function recordRefundEvent(
  deps: RecordRefundEventDeps,
  event: RefundWebhookEvent,
  eventId: string | undefined,
): Promise<RefundEventOutcome> {
  const { refund } = event;
  const context = { eventId, event: event.type, paymentId: refund.paymentId, refundId: refund.id };
  const owner = await ownerOf(deps, refund.paymentId, event.payment);
  if (!owner) {
    deps.log.warn('Refund of a payment that is not ours; ignored', context);
    return 'ignored';
  }
  const ours = parseRefundReceipt(refund.receipt);
  if (ours && ours.paymentId === refund.paymentId) {
    return storeRefund(deps, owner, ours.attempt, event, context);
  }
  if (refund.receipt && refund.receipt === reviewRefundReceipt(owner.orderId)) {
    deps.log.info(
      'Refund of an order an operator resolved from review; the console has it',
      context,
    );
    return 'ignored';
  }
  return outsideRefund(deps, owner, refund, statusOf(event), context);
}

async function storeRefund(
  deps: RecordRefundEventDeps,
  owner: Owner,
  attempt: number,
  event: RefundWebhookEvent,
  context: Record<string, unknown>,
): Promise<RefundEventOutcome> {
  const { refund } = event;
  const key = refund.paymentId;
  const record = await deps.refunds.get(owner.userId, key);
  if (!record || record.kind !== 'store') {
    deps.log.error('A refund carries our receipt but the store has no record of it', context);
    return 'ignored';
  }
  if (attempt !== record.attempt) {
    deps.log.info('Event of an earlier refund attempt; the current one decides', {
      ...context,
      attempt,
      current: record.attempt,
    });
    return 'refund_recorded';
  }
  // The webhook may come before the worker has recorded Razorpay's answer.
  await deps.refunds.recordGatewayRefund(owner.userId, key, {
    attempt,
    gatewayRefundId: refund.id,
  });
  const at = deps.now().toISOString();
  switch (statusOf(event)) {
    case 'processed': {
      await deps.refunds.settle(owner.userId, key, attempt, { status: 'processed', at });
      await announceCompleted(deps, owner.userId, key, refund.id);
      return 'refund_recorded';
    }
    case 'failed': {
      const reason = 'Razorpay reported the refund failed';
      const settled = await deps.refunds.settle(owner.userId, key, attempt, {
        status: 'failed',
        at,
        reason,
      });
      if (settled) deps.log.error(ALARMED_LOG_MESSAGES.refundFailed, { ...context, attempt });
      const step = STEP.failurePublished(attempt);
      const fresh = await deps.refunds.get(owner.userId, key);
      if (fresh?.status === 'failed' && fresh.attempt === attempt && !fresh.done[step]) {
        await deps.events.publish('RefundFailed', {
          userId: owner.userId,
          refundKey: key,
          paymentId: refund.paymentId,
          attempt,
          razorpayRefundId: refund.id,
          failedAt: fresh.updatedAt,
        });
        await deps.refunds.completeStep(owner.userId, key, step, at);
      }
      return 'refund_recorded';
    }
    default:
      return 'refund_recorded';
  }
}

/** RefundCompleted for a processed refund, until marked published: the worker acts once. */
async function announceCompleted(
  deps: RecordRefundEventDeps,
  userId: string,
  refundKey: string,
  razorpayRefundId: string,
): Promise<void> {
  const record = await deps.refunds.get(userId, refundKey);
  if (!record || record.status !== 'processed' || record.done[STEP.completionPublished]) return;
  await deps.events.publish('RefundCompleted', {
    userId,
    refundKey,
    paymentId: record.paymentId,
    amountPaise: record.amountPaise,
    razorpayRefundId,
    processedAt: record.processedAt ?? deps.now().toISOString(),
  });
  await deps.refunds.completeStep(
    userId,
    refundKey,
    STEP.completionPublished,
    deps.now().toISOString(),
  );
}

async function outsideRefund(
  deps: RecordRefundEventDeps,
  owner: Owner,
  refund: GatewayRefund,
  status: RefundRecordStatus,
  context: Record<string, unknown>,
): Promise<RefundEventOutcome> {
  const { payment } = owner;
  const purchase = await deps.purchases.getPurchase(owner.userId, purchaseIdFor(payment.id));
  const full =
    status !== 'failed' &&
    (payment.refundStatus === 'full' || payment.amountRefundedPaise >= payment.amountPaise);
  const at = deps.now().toISOString();
  const reported: RefundRecord = {
    ...baseRecord(owner, purchase, at),
    refundKey: `${payment.id}#${refund.id}`,
    kind: 'outside',
    origin: 'razorpay',
    amountPaise: refund.amountPaise,
    status,
    attempt: 1,
    gatewayRefundId: refund.id,
    full,
    ...(status === 'processed' ? { processedAt: at } : {}),
    // A part of a payment given back is for a person to square with the service.
    ...(full
      ? {}
      : { attention: 'yes' as const, attentionReason: 'Partial refund made in Razorpay' }),
  };
  const created = await deps.refunds.create(reported);
  const record = created ? reported : await deps.refunds.upsertReported(reported);
  if (created) {
    deps.log.warn(ALARMED_LOG_MESSAGES.outsideRefund, {
      ...context,
      amountPaise: refund.amountPaise,
      full,
      status,
    });
  }
  if (record.status !== 'processed' || !record.full) return 'refund_recorded';

  // The whole payment went back: the service it paid for ends, as a cancellation would end it.
  await endPaidService(deps, owner.userId, purchase, 'refunded', at);
  await announceCompleted(deps, owner.userId, record.refundKey, refund.id);
  return 'refund_recorded';
}

function baseRecord(
  owner: Owner,
  purchase: PurchaseRecord | undefined,
  at: string,
): Omit<RefundRecord, 'refundKey' | 'kind' | 'origin' | 'amountPaise' | 'status' | 'attempt'> {
  return {
    userId: owner.userId,
    paymentId: owner.payment.id,
    orderId: owner.orderId,
    ...(purchase
      ? {
          purchase: {
            purchaseId: purchase.purchaseId,
            ...(purchase.serviceId ? { serviceId: purchase.serviceId } : {}),
            planId: purchase.planId,
            planName: purchase.planName,
            category: purchase.category,
            ...(purchase.domain ? { domain: purchase.domain } : {}),
            email: purchase.email,
            name: purchase.name,
          },
        }
      : {}),
    paidPaise: owner.payment.amountPaise,
    deductionPaise: 0,
    createdAt: at,
    updatedAt: at,
    done: {},
    claims: {},
  };
}

export async function recordDisputeEvent(
  deps: RecordRefundEventDeps,
  event: DisputeWebhookEvent,
  eventId: string | undefined,
): Promise<RefundEventOutcome> {
  const { dispute } = event;
  const context = {
    eventId,
    event: event.type,
    paymentId: dispute.paymentId,
    disputeId: dispute.id,
  };
  const owner = await ownerOf(deps, dispute.paymentId, event.payment);
  if (!owner) {
    deps.log.warn('Dispute on a payment that is not ours; ignored', context);
    return 'ignored';
  }
  const purchase = await deps.purchases.getPurchase(owner.userId, purchaseIdFor(dispute.paymentId));
  const at = deps.now().toISOString();
  const outcome = event.type === 'payment.dispute.created' ? 'open' : event.type.slice(16);
  const lost = outcome === 'lost';
  const reported: RefundRecord = {
    ...baseRecord(owner, purchase, at),
    refundKey: `${dispute.paymentId}#${dispute.id}`,
    kind: 'dispute',
    origin: 'razorpay',
    amountPaise: dispute.amountPaise,
    status: 'pending',
    attempt: 1,
    disputeId: dispute.id,
    disputeStatus: outcome === 'open' ? dispute.status : outcome,
    attention: 'yes',
    attentionReason: {
      open: 'Dispute opened: the service is suspended until it is decided',
      won: 'Dispute won: the service runs again',
      lost: 'Dispute lost: the service was ended',
    }[outcome as 'open' | 'won' | 'lost'],
  };
  if (await deps.refunds.create(reported)) {
    if (outcome === 'open') {
      deps.log.warn(ALARMED_LOG_MESSAGES.disputeOpened, {
        ...context,
        amountPaise: dispute.amountPaise,
      });
    }
  } else {
    await deps.refunds.upsertReported(reported);
  }

  // The dispute is a fact of the service's life (D22): open suspends it until it is decided.
  if (purchase?.serviceId) {
    await recordServiceFact(
      deps,
      { userId: owner.userId, serviceId: purchase.serviceId },
      { kind: 'dispute', paymentId: dispute.paymentId, state: outcome as 'open' | 'won' | 'lost' },
    );
  }
  if (!lost) return 'dispute_recorded';

  // The bank took the money back: the service it paid for ends (suspended, nothing deleted).
  if (await endPaidService(deps, owner.userId, purchase, 'dispute_lost', at)) {
    deps.log.warn('Payment dispute lost; its service ended', context);
  }
  return 'dispute_recorded';
}

/**
 * The service a payment paid for ends when its money went back (a whole refund, a lost
 * dispute): its periods withdrawn, the buyer's plan recomputed, and ServiceCancelled once the
 * service has ended. False when the payment bought no service.
 */
async function endPaidService(
  deps: RecordRefundEventDeps,
  userId: string,
  purchase: PurchaseRecord | undefined,
  why: ServiceCancelledDetail['why'],
  at: string,
): Promise<boolean> {
  if (!purchase?.serviceId) return false;
  const ended = await withdrawPeriods(
    deps,
    { userId, serviceId: purchase.serviceId },
    [purchase.purchaseId],
    deps.now(),
  );
  await recomputeCurrentPlan(deps, userId, deps.now());
  if (ended?.ended) {
    await deps.events.publish('ServiceCancelled', {
      userId,
      serviceId: purchase.serviceId,
      why,
      at,
    });
  } else if (ended) {
    // Less paid time, the later periods moved up (D22): it may have expired meanwhile.
    await deps.events.publish('ServiceChanged', {
      userId,
      serviceId: purchase.serviceId,
      fact: 'refund',
      at,
    });
  }
  return true;
}
