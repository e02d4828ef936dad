import { formatInr, type Paise } from '../../domain/money';
import type { Row } from './layout';

/**
 * What every refund mail says about the money: the service, the payment, the refund and (last)
 * its amount.
 */
export interface RefundFacts {
  name: string;
  planName: string;
  domain?: string;
  refundId: string;
  paymentId: string;
  /** What is refunded. */
  amountPaise: Paise;
}

export function refundRows(refund: RefundFacts, service: string): Row[] {
  return [
    { label: 'Service', value: service },
    { label: 'Payment', value: refund.paymentId },
    { label: 'Refund reference', value: refund.refundId },
    { label: 'Refund amount', value: formatInr(refund.amountPaise) },
  ];
}
