/** The refunds as the API shows them (docs/api.md: Refund, Payment.refund, Service). */
import type { Refund } from '../../domain/api';
import { MAX_REFUND_ATTEMPTS, refundReceipt } from '../../domain/refunds';
import type { RefundRecord } from '../../ports/refunds';

/** The store's reference of its refund of a payment: the first attempt's receipt, never changing. */
export function storeRefundId(paymentId: string): string {
  return refundReceipt(paymentId, 1);
}

/**
 * A failed attempt is `pending` while another is coming (the buyer was told it is being retried),
 * `failed` once a person has to act.
 */
function statusOf(record: RefundRecord): Refund['status'] {
  switch (record.status) {
    case 'processed':
      return 'processed';
    case 'failed':
      return record.kind === 'store' && record.attempt < MAX_REFUND_ATTEMPTS && !record.attention
        ? 'pending'
        : 'failed';
    default:
      return record.attention ? 'failed' : 'pending';
  }
}

export function refundOf(record: RefundRecord): Refund {
  return {
    id: record.kind === 'store' ? storeRefundId(record.paymentId) : (record.gatewayRefundId ?? ''),
    amountPaise: record.amountPaise,
    status: statusOf(record),
    createdAt: record.createdAt,
    ...(record.gatewayRefundId ? { razorpayRefundId: record.gatewayRefundId } : {}),
    ...(record.deductionPaise > 0 ? { deductionPaise: record.deductionPaise } : {}),
  };
}

/**
 * The refund a payment shows (Payment.refund): the store's own if it made one; otherwise what
 * Razorpay's dashboard gave back, added up (failed ones do not count).
 */
export function paymentRefunds(records: readonly RefundRecord[]): Map<string, Refund> {
  const byPayment = new Map<string, Refund>();
  for (const record of records) {
    if (record.kind === 'store') byPayment.set(record.paymentId, refundOf(record));
  }
  const outside = records
    .filter((r) => r.kind === 'outside' && r.status !== 'failed' && !byPayment.has(r.paymentId))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const record of outside) {
    const view = refundOf(record);
    const seen = byPayment.get(record.paymentId);
    byPayment.set(
      record.paymentId,
      seen
        ? {
            ...seen,
            amountPaise: seen.amountPaise + view.amountPaise,
            status:
              seen.status === 'pending' || view.status === 'pending' ? 'pending' : 'processed',
          }
        : view,
    );
  }
  return byPayment;
}
