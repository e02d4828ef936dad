import {
  type AdminOrder,
  type AuditEntry,
  type OperatorRef,
  type ResolveReviewRequest,
} from '../../domain/admin';
import type { AuditLog } from '../../ports/audit';
import type { OrderRecord } from '../../ports/orders';
import type { GatewayPayment, GatewayRefund, PaymentGateway } from '../../ports/payment-gateway';
import { OrderNotFoundError, PaymentProviderError } from '../errors';
import { fulfilPayment, type FulfilPaymentDeps } from '../fulfil-payment';
import { refundOrderPayment } from '../refunds/refund-order-payment';
import { adminOrderOf } from './list-orders';
import {
  OrderNotInReviewError,
  PaymentStateConflictError,
  ResolutionInProgressError,
} from './errors';

export interface ResolveReviewDeps extends FulfilPaymentDeps {
  gateway: PaymentGateway;
  audit: AuditLog;
}

/**
 * How long a resolution that began holds the order against another: longer than the Lambda's
 * timeout, so a live one is never overtaken; a crashed one may be finished after it.
 */
export const RESOLUTION_LEASE_MS = 30_000;

const RESOLVE_ENTRY = 'resolve#';

/**
 * An operator resolves an order in review (a payment whose amount differed from the order's):
 * - `fulfil` accepts the payment as it is: the one exactly-once fulfilment (fulfilPayment) with
 *   the amount check overridden, so however often it is clicked there is one purchase and one
 *   PurchaseCompleted (one welcome mail). An authorized payment is captured first (D20).
 * - `refund` gives the payment back through Razorpay, once: the refund carries a receipt derived
 *   from the order, and an earlier attempt's refund is found by it before any new one is made.
 *   An authorized payment was never taken: Razorpay releases it by itself.
 *
 * Each attempt is audited before it acts, by an entry that also holds the order for a while:
 * two clicks or two operators at once cannot both act (one is refused with 409), and an attempt
 * that crashed is finished by a retry once its hold is over.
 */
export async function resolveReview(
  deps: ResolveReviewDeps,
  operator: OperatorRef,
  orderId: string,
  request: ResolveReviewRequest,
): Promise<AdminOrder> {
  const order = await deps.orders.getOrder(orderId);
  if (!order) throw new OrderNotFoundError();
  if (order.status !== 'review' || !order.reviewPaymentId) {
    throw new OrderNotInReviewError(order.status);
  }
  const paymentId = order.reviewPaymentId;
  const now = deps.now();

  await holdForResolution(deps, operator, order, paymentId, request, now);

  const payment = await fetchPayment(deps, paymentId);
  if (payment.orderId !== order.orderId) {
    // The stored review names a payment of another order: a person must look at Razorpay.
    throw new PaymentStateConflictError(
      'Razorpay says this payment belongs to another order. Check it in the Razorpay dashboard.',
    );
  }
  if (request.action === 'fulfil') await fulfil(deps, order, payment);
  else await refund(deps, order, payment, operator);

  const resolved = await deps.orders.getOrder(orderId);
  return adminOrderOf(deps, resolved ?? order);
}

async function holdForResolution(
  deps: ResolveReviewDeps,
  operator: OperatorRef,
  order: OrderRecord,
  paymentId: string,
  request: ResolveReviewRequest,
  now: Date,
): Promise<AuditEntry> {
  const target = { kind: 'order' as const, id: order.orderId };
  const attempts = (await deps.audit.listForTarget(target)).filter((entry) =>
    entry.entryId.startsWith(RESOLVE_ENTRY),
  );
  const last = attempts.at(-1);
  if (last && now.getTime() - Date.parse(last.at) < RESOLUTION_LEASE_MS) {
    throw new ResolutionInProgressError();
  }
  const entry: AuditEntry = {
    entryId: `${RESOLVE_ENTRY}${attempts.length + 1}`,
    at: now.toISOString(),
    operator,
    action: request.action === 'fulfil' ? 'order.fulfilled' : 'order.refunded',
    target,
    customerId: order.userId,
    before: { status: 'review', paymentId, amountPaise: order.amountPaise },
    after: { status: request.action === 'fulfil' ? 'paid' : 'refunded', paymentId },
    note: request.note,
  };
  // Someone else took the same attempt number a moment ago.
  if (!(await deps.audit.append(entry))) throw new ResolutionInProgressError();
  deps.log.info('Operator resolves an order in review', {
    orderId: order.orderId,
    paymentId,
    action: request.action,
    operatorId: operator.userId,
  });
  return entry;
}

async function fetchPayment(deps: ResolveReviewDeps, paymentId: string): Promise<GatewayPayment> {
  try {
    return await deps.gateway.fetchPayment(paymentId);
  } catch (error) {
    deps.log.error('Could not fetch the payment in review from Razorpay', {
      paymentId,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new PaymentProviderError();
  }
}

async function fulfil(
  deps: ResolveReviewDeps,
  order: OrderRecord,
  payment: GatewayPayment,
): Promise<void> {
  let captured = payment;
  if (payment.status === 'authorized') {
    try {
      // For what was paid: the operator accepts this payment as it is.
      captured = await deps.gateway.capturePayment(
        payment.id,
        payment.amountPaise,
        payment.currency,
      );
    } catch (error) {
      deps.log.error('Could not capture the payment in review', {
        paymentId: payment.id,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new PaymentProviderError();
    }
  }
  if (captured.status !== 'captured') {
    throw new PaymentStateConflictError(
      `Razorpay holds this payment as ${captured.status}, so it cannot pay for the order. Refund it instead, or ask the buyer to pay again.`,
    );
  }
  // 'defer': the order is paid and the purchase recorded; an unpublished PurchaseCompleted is
  // published by the next fulfilment of the payment (a webhook) or the reconciler.
  await fulfilPayment(
    deps,
    order,
    {
      paymentId: captured.id,
      orderId: order.orderId,
      amountPaise: captured.amountPaise,
      currency: captured.currency,
    },
    { acceptPaidAmount: true, onPublishFailure: 'defer' },
  );
}

async function refund(
  deps: ResolveReviewDeps,
  order: OrderRecord,
  payment: GatewayPayment,
  operator: OperatorRef,
): Promise<void> {
  let refunded: GatewayRefund | undefined;
  if (payment.status === 'captured' || payment.status === 'refunded') {
    refunded = (
      await refundOrderPayment(deps, order, payment, {
        origin: 'operator',
        operatorId: operator.userId,
      })
    ).refund;
  } else if (payment.status !== 'authorized') {
    throw new PaymentStateConflictError(
      `Razorpay holds this payment as ${payment.status}: there is no money to give back.`,
    );
  }
  const reason = refunded
    ? `refunded ${refunded.amountPaise} paise (${refunded.id})`
    : 'never captured: Razorpay releases the authorization to the buyer';
  await deps.orders.markRefunded({
    orderId: order.orderId,
    paymentId: payment.id,
    at: deps.now().toISOString(),
    reason,
  });
}
