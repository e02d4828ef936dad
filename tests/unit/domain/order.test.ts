/**
 * A payment pays an order only when it is exactly the order's amount in the order's currency: a
 * paisa more is as wrong as a paisa less (the order is put under review for an operator).
 */
import { describe, expect, it } from 'vitest';
import { orderMarkChanges, paysOrder } from '../../../lambdas/domain/order';

const order = { amountPaise: 3_538_584, currency: 'INR' };

describe('paysOrder', () => {
  it('takes exactly the amount, in the currency', () => {
    expect(paysOrder(order, { amountPaise: 3_538_584, currency: 'INR' })).toBe(true);
  });

  it.each([
    ['a paisa more (an overpayment)', { amountPaise: 3_538_585, currency: 'INR' }],
    ['a paisa less', { amountPaise: 3_538_583, currency: 'INR' }],
    ['the amount in another currency', { amountPaise: 3_538_584, currency: 'USD' }],
  ])('refuses %s', (_what, payment) => {
    expect(paysOrder(order, payment)).toBe(false);
  });
});

describe('what marking an order writes', () => {
  const mark = { orderId: 'order_1', paymentId: 'pay_1', at: '2026-11-27T05:00:00.000Z' };

  it('names the attempt, and an empty reason where none was given (never made-up text)', () => {
    expect(orderMarkChanges('failed', mark)).toEqual({
      status: 'failed',
      updatedAt: mark.at,
      failedPaymentId: 'pay_1',
      failureReason: '',
    });
    expect(orderMarkChanges('review', mark)).toMatchObject({ reviewReason: '' });
    expect(orderMarkChanges('refunded', mark)).toMatchObject({ refundReason: '' });
    expect(orderMarkChanges('review', { ...mark, reason: 'paid 1 paisa more' })).toMatchObject({
      reviewPaymentId: 'pay_1',
      reviewReason: 'paid 1 paisa more',
    });
  });
});
