/**
 * One contract for the payment-gateway port's recurring payments (D25), run against the fake the
 * auto-renew specs use and against the real adapter (the razorpay SDK) on the Razorpay
 * simulator: customers, a mandate registered by paying its order, tokens and their cancellation,
 * debits that succeed, fail, or are refused on a paid order or a cancelled token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayPayment, PaymentGateway } from '../../../lambdas/ports/payment-gateway';
import { FakePaymentGateway } from '../../helpers/fakes/stores';
import { startSimulator, type SimulatorHarness } from '../../helpers/razorpay-simulator';

interface Subject {
  gateway: PaymentGateway;
  /** The buyer pays the registration order in Checkout with `method`. */
  authorise(orderId: string, method: 'card' | 'upi'): Promise<string>;
  /** How the next debit ends. */
  nextDebit(outcome: 'success' | 'insufficient_funds'): Promise<void>;
}

let sim: SimulatorHarness;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => sim?.stop());

function fakeSubject(): Subject {
  const gateway = new FakePaymentGateway({ keySecret: 'k', webhookSecret: 'w' });
  return {
    gateway,
    async authorise(orderId, method) {
      return gateway.givenMandateAuthorised(orderId, method).payment.id;
    },
    async nextDebit(outcome) {
      gateway.nextDebitOutcomes.push(outcome === 'success' ? 'captured' : 'failed');
    },
  };
}

function simulatorSubject(): Subject {
  return {
    get gateway() {
      return sim.gateway;
    },
    async authorise(orderId, method) {
      const answer = await sim.request('POST', '/_simulator/pay', {
        order_id: orderId,
        outcome: 'success',
        method,
      });
      return String(answer.body.razorpay_payment_id);
    },
    async nextDebit(outcome) {
      const answer = await sim.request('POST', '/_simulator/debits/next', { outcome });
      if (answer.status !== 200) throw new Error(`debits/next: ${answer.status}`);
    },
  };
}

let buyers = 0;
const YEAR_S = 365 * 24 * 60 * 60;

describe.each([
  ['in memory', fakeSubject],
  ['Razorpay simulator, through the SDK', simulatorSubject],
])('recurring payments (%s)', (_name, make) => {
  async function mandate(subject: Subject, method: 'card' | 'upi') {
    buyers += 1;
    const customer = await subject.gateway.ensureCustomer({
      name: 'Asha Verma',
      email: `asha.${buyers}.${method}@example.in`,
      contact: '+919876543210',
    });
    const order = await subject.gateway.createMandateOrder({
      amountPaise: 100,
      currency: 'INR',
      receipt: `mandate_${buyers}`,
      notes: { purpose: 'contract' },
      customerId: customer.id,
      method,
      token: {
        maxAmountPaise: 5_000_00,
        expireAt: Math.floor(Date.now() / 1000) + YEAR_S,
        frequency: 'as_presented',
      },
    });
    const paymentId = await subject.authorise(order.id, method);
    return { customerId: customer.id, orderId: order.id, paymentId };
  }

  async function debit(subject: Subject, customerId: string, tokenId: string, amount = 3_538_82) {
    const order = await subject.gateway.createOrder({
      amountPaise: amount,
      currency: 'INR',
      receipt: `renewal_${buyers}`,
      notes: {},
    });
    const payment = await subject.gateway.createRecurringPayment({
      orderId: order.id,
      customerId,
      tokenId,
      amountPaise: amount,
      email: 'asha@example.in',
      contact: '+919876543210',
      description: 'Renewal',
      notes: {},
    });
    return { orderId: order.id, payment };
  }

  it('finds the same customer for the same buyer', async () => {
    const subject = make();
    const request = { name: 'Ravi Kumar', email: `ravi.${(buyers += 1)}@example.in` };

    const first = await subject.gateway.ensureCustomer(request);
    const again = await subject.gateway.ensureCustomer(request);

    expect(again.id).toBe(first.id);
  });

  it.each(['card', 'upi'] as const)(
    'registers a %s mandate by its order, with its maximum and a masked description',
    async (method) => {
      const subject = make();
      const { customerId, paymentId } = await mandate(subject, method);

      const payment = await subject.gateway.fetchPayment(paymentId);
      const tokens = await subject.gateway.listTokens(customerId);

      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatchObject({
        id: payment.tokenId,
        method,
        status: 'confirmed',
        maxAmountPaise: 5_000_00,
      });
      expect(payment.customerId).toBe(customerId);
      if (method === 'card') expect(tokens[0]!.cardLast4).toBe('4242');
      else expect(tokens[0]!.vpa).toMatch(/@/);
    },
  );

  it('debits a card mandate once: captured, and a second debit on the paid order is refused', async () => {
    const subject = make();
    const { customerId } = await mandate(subject, 'card');
    const [token] = await subject.gateway.listTokens(customerId);

    const { orderId, payment } = await debit(subject, customerId, token!.id);

    expect(payment).toMatchObject({ status: 'captured', orderId, tokenId: token!.id });
    await expect(
      subject.gateway.createRecurringPayment({
        orderId,
        customerId,
        tokenId: token!.id,
        amountPaise: payment.amountPaise,
        email: 'asha@example.in',
        contact: '+919876543210',
        description: 'Renewal again',
        notes: {},
      }),
    ).rejects.toThrow();
    const onOrder = await subject.gateway.listOrderPayments(orderId);
    expect(onOrder.filter((p: GatewayPayment) => p.status === 'captured')).toHaveLength(1);
  });

  it('reports a debit the bank declined as failed, and a later attempt on the order can succeed', async () => {
    const subject = make();
    const { customerId } = await mandate(subject, 'card');
    const [token] = await subject.gateway.listTokens(customerId);
    await subject.nextDebit('insufficient_funds');

    const { orderId, payment } = await debit(subject, customerId, token!.id);

    expect(payment.status).toBe('failed');
    const retry = await subject.gateway.createRecurringPayment({
      orderId,
      customerId,
      tokenId: token!.id,
      amountPaise: payment.amountPaise,
      email: 'asha@example.in',
      contact: '+919876543210',
      description: 'Renewal, second attempt',
      notes: {},
    });
    expect(retry.status).toBe('captured');
  });

  it('cancels a token (twice is fine) and refuses to debit it afterwards', async () => {
    const subject = make();
    const { customerId } = await mandate(subject, 'upi');
    const [token] = await subject.gateway.listTokens(customerId);

    await subject.gateway.cancelToken(customerId, token!.id);
    await subject.gateway.cancelToken(customerId, token!.id);

    const [after] = await subject.gateway.listTokens(customerId);
    expect(after!.status).toBe('cancelled');
    await expect(debit(subject, customerId, token!.id)).rejects.toThrow();
  });
});

describe('the simulator alone: UPI timing, the bank, and the webhooks', () => {
  it('keeps a UPI debit created through the notification step, then captures it with its webhooks', async () => {
    const subject = simulatorSubject();
    await sim.request('POST', '/_simulator/recurring/settings', { upiNotificationMs: 150 });
    buyers += 1;
    const customer = await sim.gateway.ensureCustomer({
      name: 'Asha Verma',
      email: `asha.upi.${buyers}@example.in`,
    });
    const order = await sim.gateway.createMandateOrder({
      amountPaise: 100,
      currency: 'INR',
      receipt: `mandate_${buyers}`,
      notes: {},
      customerId: customer.id,
      method: 'upi',
      token: {
        maxAmountPaise: 5_000_00,
        expireAt: Math.floor(Date.now() / 1000) + YEAR_S,
        frequency: 'as_presented',
      },
    });
    await subject.authorise(order.id, 'upi');
    const [token] = await sim.gateway.listTokens(customer.id);
    const renewal = await sim.gateway.createOrder({
      amountPaise: 3_538_82,
      currency: 'INR',
      receipt: 'r',
      notes: {},
    });

    const payment = await sim.gateway.createRecurringPayment({
      orderId: renewal.id,
      customerId: customer.id,
      tokenId: token!.id,
      amountPaise: 3_538_82,
      email: 'asha@example.in',
      contact: '+919876543210',
      description: 'Renewal',
      notes: {},
    });

    expect(payment.status).toBe('created');
    const [captured] = await sim.received(
      (w) => w.event === 'payment.captured' && w.rawBody.includes(renewal.id),
      1,
    );
    const event = await sim.gateway.verifyWebhook(captured!.rawBody, captured!.signature);
    expect(event).toMatchObject({ type: 'payment.captured', payment: { tokenId: token!.id } });
    const confirmed = await sim.received(
      (w) => w.event === 'token.confirmed' && w.rawBody.includes(token!.id),
      1,
    );
    expect(
      await sim.gateway.verifyWebhook(confirmed[0]!.rawBody, confirmed[0]!.signature),
    ).toMatchObject({
      type: 'token.confirmed',
      token: { id: token!.id, status: 'confirmed', method: 'upi' },
      customerId: customer.id,
    });
  });

  it('revoked at the bank: token.cancelled is sent, signed, and the token lists as cancelled', async () => {
    buyers += 1;
    const customer = await sim.gateway.ensureCustomer({
      name: 'Asha',
      email: `asha.bank.${buyers}@example.in`,
    });
    const order = await sim.gateway.createMandateOrder({
      amountPaise: 100,
      currency: 'INR',
      receipt: 'm',
      notes: {},
      customerId: customer.id,
      method: 'card',
      token: {
        maxAmountPaise: 5_000_00,
        expireAt: Math.floor(Date.now() / 1000) + YEAR_S,
        frequency: 'as_presented',
      },
    });
    await simulatorSubject().authorise(order.id, 'card');
    const [token] = await sim.gateway.listTokens(customer.id);

    const answer = await sim.request('POST', `/_simulator/tokens/${token!.id}/bank`, {
      status: 'cancelled',
    });

    expect(answer.status).toBe(200);
    const [webhook] = await sim.received(
      (w) => w.event === 'token.cancelled' && w.rawBody.includes(token!.id),
      1,
    );
    expect(await sim.gateway.verifyWebhook(webhook!.rawBody, webhook!.signature)).toMatchObject({
      type: 'token.cancelled',
      token: { id: token!.id, status: 'cancelled' },
    });
    expect((await sim.gateway.listTokens(customer.id))[0]!.status).toBe('cancelled');
  });
});
