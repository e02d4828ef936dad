/**
 * Razorpay's entities (payment, refund, dispute) as its API answers and its webhooks carry them,
 * read tolerantly: only the fields the store uses are required, any field Razorpay adds passes,
 * and `notes` may be an object or `[]` (what Razorpay sends when there are none).
 */
import * as z from 'zod/mini';
import type {
  GatewayDispute,
  GatewayPayment,
  GatewayPaymentStatus,
  GatewayRefund,
  GatewayRefundStatus,
  GatewayToken,
  GatewayTokenStatus,
} from '../../ports/payment-gateway';

const id = z.string().check(z.minLength(1));
const paise = z.int().check(z.nonnegative());
const optionalText = z.optional(z.nullable(z.string()));

const notes = z.optional(
  z.nullable(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
);

export const paymentEntity = z.object({
  id,
  order_id: z.optional(z.nullable(z.string())),
  amount: paise,
  currency: id,
  status: z.string(),
  amount_refunded: z.optional(z.nullable(paise)),
  refund_status: optionalText,
  error_code: optionalText,
  error_description: optionalText,
  notes,
  token_id: optionalText,
  customer_id: optionalText,
});

export const refundEntity = z.object({
  id,
  payment_id: id,
  amount: paise,
  currency: id,
  status: z.string(),
  receipt: optionalText,
  notes,
  created_at: z.optional(z.nullable(z.number())),
});

/**
 * A token (saved card or UPI mandate): `recurring_details.status` is the mandate's state,
 * `max_amount` and `expired_at` its limits; the card's last four or the UPI id describe it.
 */
export const tokenEntity = z.object({
  id,
  method: z.string(),
  max_amount: z.optional(z.nullable(paise)),
  expired_at: z.optional(z.nullable(z.number())),
  customer_id: optionalText,
  recurring_details: z.optional(
    z.nullable(z.object({ status: z.string(), failure_reason: optionalText })),
  ),
  card: z.optional(z.nullable(z.object({ last4: optionalText, network: optionalText }))),
  vpa: z.optional(
    z.nullable(z.union([z.string(), z.object({ username: optionalText, handle: optionalText })])),
  ),
});

const TOKEN_STATUSES = new Set<string>([
  'initiated',
  'confirmed',
  'paused',
  'cancelled',
  'rejected',
]);

export function toToken(entity: z.infer<typeof tokenEntity>): GatewayToken {
  const status = entity.recurring_details?.status ?? 'initiated';
  const token: GatewayToken = {
    id: entity.id,
    method: entity.method === 'upi' ? 'upi' : 'card',
    // A state Razorpay may add later is read as initiated: never debited.
    status: TOKEN_STATUSES.has(status) ? (status as GatewayTokenStatus) : 'initiated',
    maxAmountPaise: entity.max_amount ?? 0,
    expireAt: entity.expired_at ?? null,
  };
  if (entity.card?.last4) token.cardLast4 = entity.card.last4;
  if (entity.card?.network) token.cardNetwork = entity.card.network;
  const vpa =
    typeof entity.vpa === 'string'
      ? entity.vpa
      : entity.vpa?.username && entity.vpa.handle
        ? `${entity.vpa.username}@${entity.vpa.handle}`
        : undefined;
  if (vpa) token.vpa = vpa;
  return token;
}

export const disputeEntity = z.object({
  id,
  payment_id: id,
  amount: paise,
  currency: id,
  status: z.string(),
  reason_code: optionalText,
});

/** `notes` as string pairs: `[]` is none; values that are not text are written as text. */
export function notesOf(value: z.infer<typeof notes>): Record<string, string> {
  if (!value || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') out[key] = item;
    else if (typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
  }
  return out;
}

const PAYMENT_STATUSES = new Set<string>([
  'created',
  'authorized',
  'captured',
  'refunded',
  'failed',
]);
const REFUND_STATUSES = new Set<string>(['pending', 'processed', 'failed']);

export function toPayment(entity: z.infer<typeof paymentEntity>): GatewayPayment {
  const payment: GatewayPayment = {
    id: entity.id,
    orderId: entity.order_id || null,
    amountPaise: entity.amount,
    currency: entity.currency,
    // A status Razorpay may add later is read as 'created': it never fulfils anything.
    status: PAYMENT_STATUSES.has(entity.status)
      ? (entity.status as GatewayPaymentStatus)
      : 'created',
    amountRefundedPaise: entity.amount_refunded ?? 0,
    refundStatus:
      entity.refund_status === 'partial' || entity.refund_status === 'full'
        ? entity.refund_status
        : null,
  };
  if (entity.error_code) payment.errorCode = entity.error_code;
  if (entity.error_description) payment.errorDescription = entity.error_description;
  if (entity.token_id) payment.tokenId = entity.token_id;
  if (entity.customer_id) payment.customerId = entity.customer_id;
  return payment;
}

export function toRefund(entity: z.infer<typeof refundEntity>): GatewayRefund {
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amountPaise: entity.amount,
    currency: entity.currency,
    // Razorpay's refunds are pending until processed or failed; anything new is still pending.
    status: REFUND_STATUSES.has(entity.status) ? (entity.status as GatewayRefundStatus) : 'pending',
    receipt: entity.receipt || null,
    notes: notesOf(entity.notes),
    // Razorpay always sends created_at; were it missing, the time it was read is near enough.
    createdAt: (entity.created_at ? new Date(entity.created_at * 1000) : new Date()).toISOString(),
  };
}

export function toDispute(entity: z.infer<typeof disputeEntity>): GatewayDispute {
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amountPaise: entity.amount,
    currency: entity.currency,
    status: entity.status,
    reasonCode: entity.reason_code || null,
  };
}

/** The field names a failed parse complains about (never the values: they hold personal data). */
export function issuesOf(error: z.core.$ZodError): string {
  return error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
}
