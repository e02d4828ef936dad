/**
 * Auto-renew set up with a payment (D25) on in-memory fakes: "Renew automatically" ticked at
 * checkout makes the purchase's own payment the mandate's authorisation, recorded by verify and
 * the webhook once, whichever comes first; a mandate the bank declines leaves the purchase paid
 * and auto-renew off. And verify for the card's mandate order records the mandate at once.
 */
import { describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import type { GatewayPayment } from '../../../../lambdas/ports/payment-gateway';
import { setAutoRenew } from '../../../../lambdas/use-cases/auto-renew/manage-auto-renew';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { quoteCheckout } from '../../../../lambdas/use-cases/quote-checkout';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { handleRazorpayWebhook } from '../../../../lambdas/use-cases/handle-razorpay-webhook';
import { verifyCheckout } from '../../../../lambdas/use-cases/verify-checkout';
import { autoRenewWorld, nineAmIst, paymentWebhook } from '../../../helpers/auto-renew-world';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, KEY_SECRET } from '../../../helpers/fakes/world';
import { signCheckout } from '../../../helpers/razorpay-signing';

// Bought on 22 Nov 2026 at 10:00 IST for a month: renews on 22 Dec 2026 at 10:00 IST.
const BOUGHT = new Date('2026-11-22T04:30:00.000Z');

function arrange() {
  const world = autoRenewWorld();
  world.setWallClock(BOUGHT);
  const deps = { ...world, plans: cachedPlans(new InMemoryPlansStore()), autoRenew: world.manage };
  return { world, deps };
}

const callback = (payment: GatewayPayment) => ({
  razorpay_order_id: payment.orderId!,
  razorpay_payment_id: payment.id,
  razorpay_signature: signCheckout(payment.orderId!, payment.id, KEY_SECRET),
});

describe('the quote with autoRenew', () => {
  const seller = () => ({ state: 'Karnataka' });

  it('states the renewal of the same period and the mandate maximum, only when asked', async () => {
    const asked = await quoteCheckout(
      CATALOG,
      { planId: 'basichosting', months: 12, autoRenew: true },
      seller,
    );
    const plain = await quoteCheckout(CATALOG, { planId: 'basichosting', months: 12 }, seller);

    // 2,999.00 × 12 = 35,988.00 + 18% GST = 42,465.84, up to ₹42,500; above ₹15,000: a pay link.
    expect(asked.autoRenew).toEqual({
      renewalTotalPaise: 4_246_584,
      maxAmountPaise: 4_250_000,
      aboveLimit: true,
    });
    expect(plain.autoRenew).toBeUndefined();
    expect(
      (await quoteCheckout(CATALOG, { planId: 'basichosting', months: 1, autoRenew: true }, seller))
        .autoRenew,
    ).toEqual({ renewalTotalPaise: 353_882, maxAmountPaise: 360_000, aboveLimit: false });
  });
});

describe('"Renew automatically" ticked at checkout', () => {
  it('makes the purchase the mandate order, covering the renewal of the same period', async () => {
    const { world, deps } = arrange();

    const answer = await createOrder(deps, BUYER, {
      planId: 'basichosting',
      months: 1,
      autoRenew: true,
    });

    const mandateOrder = world.gateway.mandateOrders[0]!;
    // The purchase's own amount (no separate ₹1), and a token block for later debits.
    expect(mandateOrder.amountPaise).toBe(answer.amountPaise);
    expect(mandateOrder.customerId).toBe(answer.recurring?.customerId);
    expect(mandateOrder.token.frequency).toBe('as_presented');
    // 1 month of Basic Hosting at the renewal price, GST included, up to the next ₹100.
    expect(mandateOrder.token.maxAmountPaise).toBe(3_600_00);
    expect(world.orders.items.get(answer.orderId)?.autoRenew).toEqual({
      customerId: answer.recurring!.customerId,
      maxAmountPaise: 3_600_00,
    });
  });

  it('never sets up a mandate unless asked: no box, no token block', async () => {
    const { world, deps } = arrange();

    const answer = await createOrder(deps, BUYER, { planId: 'basichosting', months: 1 });

    expect(world.gateway.mandateOrders).toEqual([]);
    expect(answer.recurring).toBeUndefined();
    expect(world.orders.items.get(answer.orderId)?.autoRenew).toBeUndefined();
  });

  it('verify records the mandate with the purchase; the webhook after it finds it recorded', async () => {
    const { world, deps } = arrange();
    const answer = await createOrder(deps, BUYER, {
      planId: 'basichosting',
      months: 1,
      autoRenew: true,
    });
    const { payment } = world.gateway.givenMandateAuthorised(answer.orderId, 'upi');

    const verified = await verifyCheckout(deps, BUYER.userId, callback(payment));

    expect(verified.status).toBe('fulfilled');
    const purchase = verified.status === 'fulfilled' ? verified.answer : undefined;
    // The first debit: the day after the notice, 3 days before the renewal on 22 Dec.
    expect(purchase?.autoRenew).toEqual({
      status: 'on',
      mandateLabel: 'UPI su•••••@razorpay',
      firstDebitOn: '2026-12-19T18:30:00.000Z',
    });
    const ref = { userId: BUYER.userId, serviceId: world.purchases.all()[0]!.serviceId! };
    const recorded = world.service(ref)!;
    expect(recorded.autoRenew).toMatchObject({
      enabled: true,
      mandate: { tokenId: payment.tokenId, status: 'confirmed', maxAmountPaise: 3_600_00 },
    });
    // In the job's index from the notice day (19 Dec, 00:00 IST).
    expect(recorded.autoRenewDueAt).toBe('2026-12-18T18:30:00.000Z');

    const changedAt = recorded.autoRenew?.changedAt;
    world.setWallClock(new Date(BOUGHT.getTime() + 60_000));
    const outcome = await handleRazorpayWebhook(
      deps,
      paymentWebhook('payment.captured', payment, 'evt_1'),
    );

    expect(outcome).toBe('fulfilled');
    // Recorded once: the webhook wrote nothing (the change time is verify's).
    expect(world.service(ref)!.autoRenew?.changedAt).toBe(changedAt);
    expect(world.purchases.all()).toHaveLength(1);
    // Nothing to give back: the payment was the purchase.
    expect(world.gateway.refunds.size).toBe(0);
  });

  it('the webhook first records it, verify after it answers it on, and the job uses it', async () => {
    const { world, deps } = arrange();
    const answer = await createOrder(deps, BUYER, {
      planId: 'basichosting',
      months: 1,
      autoRenew: true,
    });
    const { payment } = world.gateway.givenMandateAuthorised(answer.orderId, 'card');

    expect(
      await handleRazorpayWebhook(deps, paymentWebhook('payment.captured', payment, 'evt_1')),
    ).toBe('fulfilled');
    const serviceId = world.purchases.all()[0]!.serviceId!;
    expect(world.service({ userId: BUYER.userId, serviceId })!.autoRenew).toMatchObject({
      enabled: true,
      mandate: { tokenId: payment.tokenId, status: 'confirmed' },
    });
    const verified = await verifyCheckout(deps, BUYER.userId, callback(payment));

    expect(verified.status === 'fulfilled' && verified.answer.autoRenew).toMatchObject({
      status: 'on',
      mandateLabel: 'Visa •••• 4242',
    });
    // The notice goes out as the renewal's notice day begins: the mandate is the job's.
    await world.run(nineAmIst('2026-12-19'));
    expect(world.subjects()).toEqual([
      expect.stringMatching(/will be debited on 20 December 2026 to renew your Basic Hosting$/),
    ]);
  });

  it('a mandate the bank declines leaves the purchase paid and auto-renew off, saying so', async () => {
    const { world, deps } = arrange();
    const answer = await createOrder(deps, BUYER, {
      planId: 'basichosting',
      months: 1,
      autoRenew: true,
    });
    const { payment } = world.gateway.givenMandateAuthorised(answer.orderId, 'card', 'rejected');

    const verified = await verifyCheckout(deps, BUYER.userId, callback(payment));
    await handleRazorpayWebhook(deps, paymentWebhook('payment.captured', payment, 'evt_1'));

    expect(verified.status === 'fulfilled' && verified.answer.autoRenew).toEqual({
      status: 'declined',
    });
    expect(world.orders.items.get(answer.orderId)?.status).toBe('paid');
    expect(world.purchases.all()).toHaveLength(1);
    const serviceId = world.purchases.all()[0]!.serviceId!;
    const service = world.service({ userId: BUYER.userId, serviceId })!;
    expect(service.autoRenew).toMatchObject({ enabled: false, mandate: { status: 'rejected' } });
    expect(service.autoRenewDueAt).toBeUndefined();
    // No debit and no notice for it, ever.
    await world.run(nineAmIst('2026-12-19'));
    expect(world.mailer.sent).toEqual([]);
  });
});

describe("verify for the card's mandate order", () => {
  async function cardOrder() {
    const { world, deps } = arrange();
    const ref = await world.buy('basichosting', BOUGHT);
    const { authorise } = await setAutoRenew(world.manage, ref, { enabled: true });
    const { payment } = world.gateway.givenMandateAuthorised(authorise!.orderId, 'upi');
    return { world, deps, ref, payment };
  }

  it('records the mandate at once and answers it on', async () => {
    const { world, deps, ref, payment } = await cardOrder();

    const verified = await verifyCheckout(deps, BUYER.userId, callback(payment));

    expect(verified).toEqual({
      status: 'mandate',
      answer: {
        mandate: {
          serviceId: ref.serviceId,
          autoRenew: {
            status: 'on',
            mandateLabel: 'UPI su•••••@razorpay',
            firstDebitOn: '2026-12-19T18:30:00.000Z',
          },
        },
      },
    });
    expect(world.service(ref)!.autoRenew).toMatchObject({
      enabled: true,
      mandate: { status: 'confirmed' },
    });
    expect([...world.gateway.refunds.values()].map((r) => r.amountPaise)).toEqual([100]);
  });

  it('is idempotent with the webhook, in either order: one mandate, one ₹1 refund', async () => {
    const { world, deps, ref, payment } = await cardOrder();

    const viaWebhook = await handleRazorpayWebhook(
      deps,
      paymentWebhook('payment.captured', payment, 'evt_1'),
    );
    const verified = await verifyCheckout(deps, BUYER.userId, callback(payment));
    const again = await verifyCheckout(deps, BUYER.userId, callback(payment));

    expect(viaWebhook).toBe('mandate_recorded');
    expect(verified).toEqual(again);
    expect(verified.status === 'mandate' && verified.answer.mandate.autoRenew.status).toBe('on');
    expect(world.service(ref)!.autoRenew?.enabled).toBe(true);
    expect([...world.gateway.refunds.values()].map((r) => r.amountPaise)).toEqual([100]);
  });

  it("refuses another buyer's mandate order as an unknown order", async () => {
    const { world, deps, ref, payment } = await cardOrder();

    await expect(verifyCheckout(deps, 'someone-else', callback(payment))).rejects.toMatchObject({
      code: 'order_not_found',
    });
    expect(world.service(ref)!.autoRenew?.enabled).toBe(false);
  });

  it('refuses a forged signature and records nothing', async () => {
    const { world, deps, ref, payment } = await cardOrder();

    await expect(
      verifyCheckout(deps, BUYER.userId, {
        ...callback(payment),
        razorpay_signature: 'f'.repeat(64),
      }),
    ).rejects.toMatchObject({ code: 'order_not_found' });
    expect(world.service(ref)!.autoRenew?.enabled).toBe(false);
  });
});
