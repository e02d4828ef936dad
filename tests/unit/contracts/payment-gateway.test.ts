/**
 * One contract for the payment-gateway port, run against the in-memory fake the use-case specs
 * use and against the real adapter (the razorpay SDK) on the Razorpay simulator, so the fake's
 * capture and refund rules cannot drift from Razorpay's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../../lambdas/ports/payment-gateway';
import { FakePaymentGateway } from '../../helpers/fakes/stores';
import { startSimulator, type SimulatorHarness } from '../../helpers/razorpay-simulator';
import { signCheckout } from '../../helpers/razorpay-signing';

interface Paid {
  orderId: string;
  paymentId: string;
}

interface Subject {
  gateway: PaymentGateway;
  keySecret: string;
  /** A payment on a fresh order of `amount`, left as Razorpay would after Checkout. */
  given(amount: number, state: 'authorized' | 'captured' | 'failed'): Promise<Paid>;
  /** A second attempt on the same order. */
  againOn(orderId: string, amount: number, state: 'captured' | 'failed'): Promise<string>;
}

let sim: SimulatorHarness;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => sim?.stop());

function fakeSubject(): Subject {
  const secrets = { keySecret: 'fake_key_secret', webhookSecret: 'fake_webhook_secret' };
  const gateway = new FakePaymentGateway(secrets);
  let seq = 0;
  const next = (prefix: string) => `${prefix}_Contract${String((seq += 1)).padStart(6, '0')}`;
  return {
    gateway,
    keySecret: secrets.keySecret,
    async given(amount, state) {
      const orderId = next('order');
      const paymentId = next('pay');
      gateway.givenPayment({ id: paymentId, orderId, amountPaise: amount, status: state });
      return { orderId, paymentId };
    },
    async againOn(orderId, amount, state) {
      const paymentId = next('pay');
      gateway.givenPayment({ id: paymentId, orderId, amountPaise: amount, status: state });
      return paymentId;
    },
  };
}

function simulatorSubject(): Subject {
  const payOn = async (orderId: string, state: 'authorized' | 'captured' | 'failed') => {
    if (state === 'authorized') await sim.setAutoCapture(false);
    try {
      return await sim.pay(orderId, state === 'failed' ? 'failure' : 'success');
    } finally {
      if (state === 'authorized') await sim.setAutoCapture(true);
    }
  };
  return {
    get gateway() {
      return sim.gateway;
    },
    get keySecret() {
      return sim.credentials.keySecret;
    },
    async given(amount, state) {
      const orderId = await sim.createOrder(amount);
      return { orderId, paymentId: await payOn(orderId, state) };
    },
    againOn: (orderId, _amount, state) => payOn(orderId, state),
  };
}

describe.each([
  ['in memory', fakeSubject],
  ['Razorpay simulator, through the SDK', simulatorSubject],
])('PaymentGateway (%s)', (_name, makeSubject) => {
  let subject: Subject;
  beforeAll(() => {
    subject = makeSubject();
  });

  it('fetches a payment with its order, amount, status and refunds', async () => {
    const { orderId, paymentId } = await subject.given(25_000, 'captured');

    expect(await subject.gateway.fetchPayment(paymentId)).toEqual({
      id: paymentId,
      orderId,
      amountPaise: 25_000,
      currency: 'INR',
      status: 'captured',
      amountRefundedPaise: 0,
      refundStatus: null,
    });
    await expect(subject.gateway.fetchPayment('pay_NoSuchPayment0')).rejects.toThrow(
      /BAD_REQUEST_ERROR/,
    );
  });

  it('captures an authorized payment for its amount, and again answers it captured', async () => {
    const { paymentId } = await subject.given(40_000, 'authorized');

    const first = await subject.gateway.capturePayment(paymentId, 40_000, 'INR');
    const again = await subject.gateway.capturePayment(paymentId, 40_000, 'INR');

    expect(first).toMatchObject({ id: paymentId, status: 'captured' });
    expect(again).toEqual(first);
    expect(await subject.gateway.fetchPayment(paymentId)).toEqual(first);
  });

  it('refuses to capture another amount, or a failed payment', async () => {
    const authorized = await subject.given(40_000, 'authorized');
    const failed = await subject.given(40_000, 'failed');

    await expect(
      subject.gateway.capturePayment(authorized.paymentId, 39_000, 'INR'),
    ).rejects.toThrow();
    await expect(subject.gateway.capturePayment(failed.paymentId, 40_000, 'INR')).rejects.toThrow();
    expect((await subject.gateway.fetchPayment(authorized.paymentId)).status).toBe('authorized');
  });

  it('lists the attempts on an order', async () => {
    const { orderId, paymentId: failed } = await subject.given(30_000, 'failed');
    const paid = await subject.againOn(orderId, 30_000, 'captured');

    const listed = await subject.gateway.listOrderPayments(orderId);

    expect(listed.map((p) => `${p.id} ${p.status}`).sort()).toEqual(
      [`${failed} failed`, `${paid} captured`].sort(),
    );
  });

  it('refunds part, then the rest, the payment following; no more than was paid', async () => {
    const { paymentId } = await subject.given(50_000, 'captured');

    const part = await subject.gateway.createRefund(paymentId, {
      amountPaise: 20_000,
      receipt: 'rfd_contract_1',
      notes: { serviceId: 'svc_1' },
    });

    expect(part).toMatchObject({
      paymentId,
      amountPaise: 20_000,
      currency: 'INR',
      status: 'pending',
      receipt: 'rfd_contract_1',
      notes: { serviceId: 'svc_1' },
    });
    expect(await subject.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'captured',
      amountRefundedPaise: 20_000,
      refundStatus: 'partial',
    });
    expect(await subject.gateway.fetchRefund(part.id)).toMatchObject({
      id: part.id,
      receipt: 'rfd_contract_1',
    });
    await expect(
      subject.gateway.createRefund(paymentId, { amountPaise: 30_001, receipt: 'r', notes: {} }),
    ).rejects.toThrow();

    const rest = await subject.gateway.createRefund(paymentId, {
      amountPaise: 30_000,
      receipt: 'rfd_contract_2',
      notes: {},
    });

    expect((await subject.gateway.listRefunds(paymentId)).map((r) => r.id).sort()).toEqual(
      [part.id, rest.id].sort(),
    );
    expect(await subject.gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'refunded',
      amountRefundedPaise: 50_000,
      refundStatus: 'full',
    });
  });

  it('refunds only a captured payment', async () => {
    const { paymentId } = await subject.given(40_000, 'authorized');

    await expect(
      subject.gateway.createRefund(paymentId, { amountPaise: 40_000, receipt: 'r', notes: {} }),
    ).rejects.toThrow();
  });

  it("checks Checkout's signature with the key secret", async () => {
    const { orderId, paymentId } = await subject.given(10_000, 'captured');
    const signature = signCheckout(orderId, paymentId, subject.keySecret);

    expect(await subject.gateway.verifyCheckoutSignature(orderId, paymentId, signature)).toBe(true);
    expect(await subject.gateway.verifyCheckoutSignature(orderId, 'pay_Other', signature)).toBe(
      false,
    );
  });
});
