import * as z from 'zod/mini';
import type { ProcessedEvents } from '../ports/idempotency';
import type { SignatureSecrets } from '../ports/payment-gateway';
import { InvalidSignatureError } from './errors';
import { fulfilPayment, type FulfilPaymentDeps } from './fulfil-payment';
import { isValidSignature } from './signatures';

export interface RazorpayWebhookDeps extends FulfilPaymentDeps {
  secrets: SignatureSecrets;
  processedEvents: ProcessedEvents;
}

export interface RazorpayWebhookDelivery {
  /** Exactly the bytes Razorpay signed. */
  rawBody: Buffer;
  signature: string | undefined;
  eventId: string | undefined;
}

export type WebhookOutcome = 'fulfilled' | 'review' | 'failed_recorded' | 'duplicate' | 'ignored';

const text = z.string().check(z.minLength(1));
const optionalText = z.optional(z.nullable(z.string()));

const paymentEntity = z.object({
  id: text,
  order_id: z.optional(z.nullable(text)),
  amount: z.int(),
  currency: text,
  status: z.optional(z.string()),
  error_code: optionalText,
  error_description: optionalText,
});

const webhookEnvelope = z.object({
  event: text,
  payload: z.optional(z.looseObject({ payment: z.optional(z.object({ entity: paymentEntity })) })),
});

const FULFILLING_EVENTS = new Set(['payment.captured', 'order.paid']);

/**
 * A Razorpay webhook: the signature over the raw body is checked before anything is parsed; each
 * event id is handled once; events may come in any order, and none of them undoes a paid order.
 */
export async function handleRazorpayWebhook(
  deps: RazorpayWebhookDeps,
  delivery: RazorpayWebhookDelivery,
): Promise<WebhookOutcome> {
  const { log } = deps;
  if (!isValidSignature(delivery.rawBody, delivery.signature, await deps.secrets.webhookSecret())) {
    log.warn('Webhook signature rejected', { eventId: delivery.eventId });
    throw new InvalidSignatureError();
  }

  if (delivery.eventId && (await deps.processedEvents.isProcessed(delivery.eventId))) {
    log.info('Duplicate webhook delivery ignored', { eventId: delivery.eventId });
    return 'duplicate';
  }

  const outcome = await handleEvent(deps, delivery);
  if (delivery.eventId) await deps.processedEvents.markProcessed(delivery.eventId, deps.now());
  return outcome;
}

async function handleEvent(
  deps: RazorpayWebhookDeps,
  delivery: RazorpayWebhookDelivery,
): Promise<WebhookOutcome> {
  const { log } = deps;
  let json: unknown;
  try {
    json = JSON.parse(delivery.rawBody.toString('utf8'));
  } catch {
    log.warn('Signed webhook body is not JSON; ignored', { eventId: delivery.eventId });
    return 'ignored';
  }
  const parsed = webhookEnvelope.safeParse(json);
  if (!parsed.success) {
    log.warn('Signed webhook body has an unexpected shape; ignored', { eventId: delivery.eventId });
    return 'ignored';
  }
  const { event } = parsed.data;
  const payment = parsed.data.payload?.payment?.entity;
  const context = { eventId: delivery.eventId, event, paymentId: payment?.id };

  if (!FULFILLING_EVENTS.has(event) && event !== 'payment.failed') {
    log.info('Webhook event not handled; ignored', context);
    return 'ignored';
  }
  if (!payment?.order_id) {
    log.warn('Webhook event without a payment for an order; ignored', context);
    return 'ignored';
  }
  const order = await deps.orders.getOrder(payment.order_id);
  if (!order) {
    log.warn('Webhook for an order we do not know; ignored', {
      ...context,
      orderId: payment.order_id,
    });
    return 'ignored';
  }

  if (event === 'payment.failed') {
    const marked = await deps.orders.markFailed({
      orderId: order.orderId,
      paymentId: payment.id,
      at: deps.now().toISOString(),
      reason: payment.error_description ?? payment.error_code ?? 'payment failed',
    });
    log.info(
      marked
        ? 'Payment attempt failed'
        : 'Failed attempt after the order was settled; order unchanged',
      {
        ...context,
        orderId: order.orderId,
      },
    );
    return 'failed_recorded';
  }

  const result = await fulfilPayment(deps, order, {
    paymentId: payment.id,
    orderId: order.orderId,
    amountPaise: payment.amount,
    currency: payment.currency,
  });
  return result.outcome;
}
