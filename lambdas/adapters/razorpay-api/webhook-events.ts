/**
 * Razorpay's webhook body, read after its signature has been checked: `{event, payload: {payment:
 * {entity}, refund: {entity}, dispute: {entity}, order: {entity}}, ...}`. Tolerant by design:
 * Razorpay adds events and fields without notice, so anything the store does not act on is an
 * `ignored` event with a reason, never an error.
 */
import * as z from 'zod/mini';
import type { PaymentWebhookEvent } from '../../ports/payment-gateway';
import {
  disputeEntity,
  issuesOf,
  paymentEntity,
  refundEntity,
  toDispute,
  toPayment,
  toRefund,
  toToken,
  tokenEntity,
} from './entities';

const envelope = z.object({
  event: z.string().check(z.minLength(1)),
  payload: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});

const wrapped = <S extends z.ZodMiniType>(entity: S) => z.object({ entity });

const PAYMENT_EVENTS = new Set([
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
] as const);
const REFUND_EVENTS = new Set(['refund.created', 'refund.processed', 'refund.failed'] as const);
const DISPUTE_EVENTS = new Set([
  'payment.dispute.created',
  'payment.dispute.won',
  'payment.dispute.lost',
] as const);

const TOKEN_EVENTS = new Set([
  'token.confirmed',
  'token.cancelled',
  'token.paused',
  'token.rejected',
] as const);
type TokenEventName = typeof TOKEN_EVENTS extends Set<infer T> ? T : never;
const isTokenEvent = (name: string): name is TokenEventName =>
  TOKEN_EVENTS.has(name as TokenEventName);

type PaymentEventName = typeof PAYMENT_EVENTS extends Set<infer T> ? T : never;
type RefundEventName = typeof REFUND_EVENTS extends Set<infer T> ? T : never;
type DisputeEventName = typeof DISPUTE_EVENTS extends Set<infer T> ? T : never;

const isPaymentEvent = (name: string): name is PaymentEventName =>
  PAYMENT_EVENTS.has(name as PaymentEventName);
const isRefundEvent = (name: string): name is RefundEventName =>
  REFUND_EVENTS.has(name as RefundEventName);
const isDisputeEvent = (name: string): name is DisputeEventName =>
  DISPUTE_EVENTS.has(name as DisputeEventName);

function ignored(event: string, reason: string): PaymentWebhookEvent {
  return { type: 'ignored', event, reason };
}

/** One entity of the payload (`payload[name].entity`), or why it could not be read. */
function entityOf<S extends z.ZodMiniType>(
  payload: Record<string, unknown>,
  name: string,
  schema: S,
): { value: z.infer<S> } | { reason: string } {
  if (payload[name] === undefined || payload[name] === null) return { reason: `no ${name} entity` };
  const parsed = wrapped(schema).safeParse(payload[name]);
  if (!parsed.success) return { reason: `${name} entity unreadable (${issuesOf(parsed.error)})` };
  return { value: (parsed.data as { entity: z.infer<S> }).entity };
}

/** The typed event a verified body carries. Call only after the signature matched. */
export function parseWebhookEvent(rawBody: Buffer): PaymentWebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return ignored('(unknown)', 'body is not JSON');
  }
  const head = envelope.safeParse(json);
  if (!head.success) return ignored('(unknown)', `no event name (${issuesOf(head.error)})`);
  const { event } = head.data;
  const payload = head.data.payload ?? {};
  const payment = entityOf(payload, 'payment', paymentEntity);

  if (isPaymentEvent(event)) {
    if ('reason' in payment) return ignored(event, payment.reason);
    return { type: event, payment: toPayment(payment.value) };
  }
  // Refunds and disputes name their payment; the payment entity beside them is a courtesy.
  const paymentFact = 'value' in payment ? toPayment(payment.value) : undefined;
  if (isRefundEvent(event)) {
    const refund = entityOf(payload, 'refund', refundEntity);
    if ('reason' in refund) return ignored(event, refund.reason);
    return { type: event, refund: toRefund(refund.value), payment: paymentFact };
  }
  if (isDisputeEvent(event)) {
    const dispute = entityOf(payload, 'dispute', disputeEntity);
    if ('reason' in dispute) return ignored(event, dispute.reason);
    return { type: event, dispute: toDispute(dispute.value), payment: paymentFact };
  }
  if (isTokenEvent(event)) {
    const token = entityOf(payload, 'token', tokenEntity);
    if ('reason' in token) return ignored(event, token.reason);
    return {
      type: event,
      token: toToken(token.value),
      customerId: token.value.customer_id || null,
    };
  }
  return ignored(event, 'not an event the store acts on');
}
