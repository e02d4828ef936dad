import {
  recordCheckoutMandate,
  recordMandatePayment,
  recordTokenEvent,
  type ManageAutoRenewDeps,
} from './auto-renew/manage-auto-renew';
import { AUTO_RENEW_CLAIM_LEASE_MS, recordFailedDebit } from './auto-renew/run-auto-renew';
import type { ProcessedEvents } from '../ports/idempotency';
import type { OrderRecord } from '../ports/orders';
import type { GatewayPayment, PaymentGateway, PaymentWebhookEvent } from '../ports/payment-gateway';
import type { RefundsStore } from '../ports/refunds';
import { captureAuthorizedPayment } from './capture-payment';
import { InvalidSignatureError, PaymentProviderError } from './errors';
import { fulfilPayment, type FulfilPaymentDeps } from './fulfil-payment';
import { refundDuplicateChange, type DuplicateChangeDeps } from './plan-change';
import {
  recordDisputeEvent,
  recordRefundEvent,
  type RefundEventOutcome,
} from './refunds/record-refund-event';
import { ALARMED_LOG_MESSAGES } from '../system/facts';

export interface RazorpayWebhookDeps extends FulfilPaymentDeps {
  gateway: PaymentGateway;
  processedEvents: ProcessedEvents;
  /** Refunds and disputes (D16: lambdas/use-cases/refunds/record-refund-event.ts). */
  refunds: RefundsStore;
  /** Mandates (D25): tokens' webhooks and registration payments; absent, they are ignored. */
  autoRenew?: ManageAutoRenewDeps;
  /** A plan change paid twice is refunded at once, and the buyer mailed (D26). */
  changeRefunds?: Pick<DuplicateChangeDeps, 'mailer' | 'siteUrl'>;
}

export interface RazorpayWebhookDelivery {
  /** Exactly the bytes Razorpay signed. */
  rawBody: Buffer;
  signature: string | undefined;
  eventId: string | undefined;
}

export type WebhookOutcome =
  | 'fulfilled'
  | 'review'
  | 'failed_recorded'
  | 'duplicate'
  | 'ignored'
  | 'mandate_recorded'
  | 'change_refunded'
  | RefundEventOutcome;

type PaymentEvent = Extract<
  PaymentWebhookEvent,
  { type: 'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid' }
>;

/**
 * A Razorpay webhook: the gateway checks the signature over the raw body before anything is read
 * and hands over a typed event; each event id is handled once; events may come in any order, and
 * none of them undoes a paid order. Only a captured payment is fulfilled: payment.authorized is
 * captured first (docs/decisions.md D20).
 */
export async function handleRazorpayWebhook(
  deps: RazorpayWebhookDeps,
  delivery: RazorpayWebhookDelivery,
): Promise<WebhookOutcome> {
  const { log } = deps;
  const event = await deps.gateway.verifyWebhook(delivery.rawBody, delivery.signature);
  if (!event) {
    log.warn(ALARMED_LOG_MESSAGES.webhookSignatureRejected, { eventId: delivery.eventId });
    throw new InvalidSignatureError();
  }

  if (delivery.eventId && (await deps.processedEvents.isProcessed(delivery.eventId))) {
    log.info('Duplicate webhook delivery ignored', { eventId: delivery.eventId });
    return 'duplicate';
  }

  const outcome = await handleEvent(deps, event, delivery.eventId);
  if (delivery.eventId) await deps.processedEvents.markProcessed(delivery.eventId, deps.now());
  return outcome;
}

async function handleEvent(
  deps: RazorpayWebhookDeps,
  event: PaymentWebhookEvent,
  eventId: string | undefined,
): Promise<WebhookOutcome> {
  const { log } = deps;
  switch (event.type) {
    case 'ignored':
      log.info('Webhook event not handled; ignored', {
        eventId,
        event: event.event,
        reason: event.reason,
      });
      return 'ignored';
    case 'refund.created':
    case 'refund.processed':
    case 'refund.failed':
      return recordRefundEvent(deps, event, eventId);
    case 'payment.dispute.created':
    case 'payment.dispute.won':
    case 'payment.dispute.lost':
      return recordDisputeEvent(deps, event, eventId);
    case 'token.confirmed':
    case 'token.cancelled':
    case 'token.paused':
    case 'token.rejected':
      if (!deps.autoRenew) return 'ignored';
      return recordTokenEvent(deps.autoRenew, event.token);
    default: {
      // A registration payment (D25) records its mandate; it is no purchase.
      if (deps.autoRenew && event.payment.tokenId && event.type !== 'payment.failed') {
        const mandate = await recordMandatePayment(deps.autoRenew, event.payment);
        if (mandate === 'mandate_recorded') return mandate;
      }
      const outcome = await handlePaymentEvent(deps, event, eventId);
      // A failed auto-renew debit (D25): the buyer is told at once, once per debit.
      if (deps.autoRenew && event.type === 'payment.failed' && event.payment.tokenId) {
        await recordFailedDebit(
          { ...deps.autoRenew, clock: deps.autoRenew.now, leaseMs: AUTO_RENEW_CLAIM_LEASE_MS },
          event.payment,
          deps.now(),
        );
      }
      return outcome;
    }
  }
}

async function handlePaymentEvent(
  deps: RazorpayWebhookDeps,
  event: PaymentEvent,
  eventId: string | undefined,
): Promise<WebhookOutcome> {
  const { log } = deps;
  const { payment } = event;
  const context = { eventId, event: event.type, paymentId: payment.id };
  if (!payment.orderId) {
    log.warn('Webhook event without a payment for an order; ignored', context);
    return 'ignored';
  }
  const order = await deps.orders.getOrder(payment.orderId);
  if (!order) {
    log.warn('Webhook for an order we do not know; ignored', {
      ...context,
      orderId: payment.orderId,
    });
    return 'ignored';
  }

  switch (event.type) {
    case 'payment.failed': {
      const marked = await deps.orders.markFailed({
        orderId: order.orderId,
        paymentId: payment.id,
        at: deps.now().toISOString(),
        reason: payment.errorDescription ?? payment.errorCode ?? 'payment failed',
      });
      log.info(
        marked
          ? 'Payment attempt failed'
          : 'Failed attempt after the order was settled; order unchanged',
        { ...context, orderId: order.orderId },
      );
      return 'failed_recorded';
    }
    case 'payment.authorized':
      return captureThenFulfil(deps, order, payment, context);
    case 'payment.captured':
    case 'order.paid':
      return fulfil(deps, order, payment);
  }
}

async function captureThenFulfil(
  deps: RazorpayWebhookDeps,
  order: OrderRecord,
  payment: GatewayPayment,
  context: Record<string, unknown>,
): Promise<WebhookOutcome> {
  // Verify (or an earlier delivery) captured and fulfilled it: finish what may be left, no call.
  if (order.status === 'paid' && order.paymentId === payment.id)
    return fulfil(deps, order, payment);

  const capture = await captureAuthorizedPayment(deps, order, payment);
  switch (capture.outcome) {
    case 'captured':
      return fulfil(deps, order, capture.payment);
    case 'failed':
      // Not marked processed: Razorpay delivers it again, and the next attempt captures.
      throw new PaymentProviderError();
    case 'not_ours_to_capture':
      if (order.status === 'paid') {
        deps.log.info('Authorized payment left uncaptured; ignored', {
          ...context,
          reason: capture.reason,
        });
        return 'ignored';
      }
      // A wrong amount: fulfilPayment records the order for review and activates nothing.
      return fulfil(deps, order, payment);
  }
}

async function fulfil(
  deps: RazorpayWebhookDeps,
  order: OrderRecord,
  payment: GatewayPayment,
): Promise<WebhookOutcome> {
  const result = await fulfilPayment(deps, order, {
    paymentId: payment.id,
    orderId: order.orderId,
    amountPaise: payment.amountPaise,
    currency: payment.currency,
  });
  // "Renew automatically" ticked at checkout (D25): the mandate this payment registered, once
  // (verify may have recorded it already). A fault fails the delivery: Razorpay sends it again.
  if (result.outcome === 'fulfilled' && deps.autoRenew && order.autoRenew) {
    await recordCheckoutMandate(deps.autoRenew, order, result.purchase.serviceId, payment);
  }
  // A second payment for a plan change already made (D26): refunded in full at once.
  if (
    result.outcome === 'review' &&
    deps.changeRefunds &&
    (await refundDuplicateChange({ ...deps, ...deps.changeRefunds }, order, payment))
  ) {
    return 'change_refunded';
  }
  return result.outcome;
}
