import type { Payment } from '@domain/api';
import { formatInr } from '@domain/money';
import { refundsCopy as copy } from '../../content/refunds';

/** A payment's refund as the buyer reads it (D16): pending, then refunded with the amount. */
export function RefundStatus({ refund }: { refund: NonNullable<Payment['refund']> }) {
  if (refund.status === 'processed') {
    return (
      <span className="font-medium text-green-800">
        {copy.refunded(formatInr(refund.amountPaise))}
      </span>
    );
  }
  if (refund.status === 'failed') return <span className="text-red-800">{copy.refundFailed}</span>;
  return <span className="text-amber-800">{copy.refundPending}</span>;
}
