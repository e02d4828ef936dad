/**
 * The dashboard's payments against the local stack, from outside: a failed attempt shows as a
 * failed payment (the webhook marks the order, which puts it in the orders table's sparse
 * unsettledByUser index the dashboard reads), and once the buyer pays that order it shows as paid
 * alone (paying takes the order out of the index).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../helpers/local-stack';
import { sharedStack } from '../helpers/shared-stack';
import {
  api,
  eventually,
  newUser,
  payOrder,
  placeOrder,
  signIn,
  signUp,
} from '../helpers/storefront-client';

interface PaymentBody {
  id: string;
  orderId: string;
  paymentId: string;
  amountPaise: number;
  status: string;
  planName: string;
}

interface DashboardBody {
  services: { planId: string }[];
  payments: PaymentBody[];
}

let stack: LocalStack;

beforeAll(async () => {
  stack = sharedStack();
});

describe('GET /api/me/dashboard', () => {
  it('shows a failed attempt as a failed payment, and only the paid one once the order is paid', async () => {
    const user = newUser('dashboard');
    await signUp(stack, user);
    const token = await signIn(stack, user);
    const order = await placeOrder(stack, token, { planId: 'basichosting', months: 12 });
    const { orderId, amountPaise } = order.body;
    const dashboard = async () =>
      (await api<DashboardBody>(stack, 'GET', '/api/me/dashboard', { token })).body;

    const declined = await payOrder(stack, orderId, 'failure');
    expect(declined.status).toBe(400);
    const afterFailure = await eventually(async () => {
      const board = await dashboard();
      return board.payments.length > 0 ? board : undefined;
    }, 'the failed attempt on the dashboard');

    expect(afterFailure.payments).toEqual([
      {
        id: orderId,
        date: expect.any(String),
        amountPaise,
        status: 'failed',
        planName: 'Basic Hosting',
        paymentId: expect.stringMatching(/^pay_/),
        orderId,
      },
    ]);
    expect(afterFailure.services).toEqual([]);

    const paid = await payOrder(stack, orderId, 'success');
    expect(paid.status).toBe(200);
    const afterPayment = await eventually(async () => {
      const board = await dashboard();
      return board.payments.some((p) => p.status === 'paid') &&
        !board.payments.some((p) => p.status === 'failed')
        ? board
        : undefined;
    }, 'the paid order alone on the dashboard');

    expect(afterPayment.payments).toEqual([
      expect.objectContaining({
        status: 'paid',
        orderId,
        paymentId: paid.body.razorpay_payment_id,
        amountPaise,
      }),
    ]);
    expect(afterPayment.services.map((s) => s.planId)).toEqual(['basichosting']);
  });
});
