import { describe, expect, it } from 'vitest';
import { fulfilPayment, purchaseIdFor } from '../../../../lambdas/use-cases/fulfil-payment';
import { reconcilePayments } from '../../../../lambdas/use-cases/reconcile-payments';
import { InMemoryMessagesStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';

const ORDER_ID = 'order_Nx7fQm2kLp9aZc';
const PAYMENT_ID = 'pay_Nx7gT4uVw8bYd1';
const AMOUNT = 3_538_584; // Basic Hosting, 12 months
const HOUR = 60 * 60 * 1000;

async function arrange() {
  const world = fakeWorld();
  const messages = new InMemoryMessagesStore();
  const deps = { ...world, messages };
  const order = await world.givenOrder();
  const later = (ms: number) => new Date(world.now().getTime() + ms);
  return { world, deps, order, messages, later };
}

/** A purchase verify fulfilled, its PurchaseCompleted refused by the bus and no webhook after. */
async function arrangeUnpublished() {
  const arranged = await arrange();
  const { world, deps, order } = arranged;
  world.events.failuresLeft = 1;
  await fulfilPayment(
    deps,
    order,
    { paymentId: PAYMENT_ID, orderId: ORDER_ID, amountPaise: AMOUNT, currency: 'INR' },
    { onPublishFailure: 'defer' },
  );
  return arranged;
}

describe('reconcilePayments', () => {
  it('finds nothing to repair when every step went through', async () => {
    const { world, deps, order, later } = await arrange();
    world.gateway.givenPayment({ id: PAYMENT_ID, orderId: ORDER_ID, amountPaise: AMOUNT });
    await fulfilPayment(deps, order, {
      paymentId: PAYMENT_ID,
      orderId: ORDER_ID,
      amountPaise: AMOUNT,
      currency: 'INR',
    });

    const summary = await reconcilePayments(deps, later(HOUR));

    expect(summary).toMatchObject({ repaired: 0, paidOrdersChecked: 1 });
    expect(world.events.published).toHaveLength(1);
  });

  it('publishes the PurchaseCompleted that a crashed verify never published, once', async () => {
    const { world, deps, later } = await arrangeUnpublished();
    expect(world.events.published).toHaveLength(0);

    const first = await reconcilePayments(deps, later(HOUR));
    const second = await reconcilePayments(deps, later(2 * HOUR));

    expect(first).toMatchObject({ purchasesRepublished: 1, repaired: 1 });
    expect(second).toMatchObject({ purchasesRepublished: 0, repaired: 0 });
    expect(world.events.published).toEqual([
      expect.objectContaining({ purchaseId: purchaseIdFor(PAYMENT_ID), userId: BUYER.userId }),
    ]);
  });

  it('publishes the PurchaseCompleted whose claimant crashed holding its claim (E28), and ends the claim', async () => {
    const { world, deps, later } = await arrangeUnpublished();
    // A caller claimed the publish and died; no one came after it.
    await world.purchases.claimEventPublish(
      BUYER.userId,
      purchaseIdFor(PAYMENT_ID),
      later(0),
      10_000,
    );

    const summary = await reconcilePayments(deps, later(HOUR));

    expect(summary).toMatchObject({ purchasesRepublished: 1, repaired: 1 });
    expect(world.events.published).toHaveLength(1);
    const stored = world.purchases.all()[0];
    expect(typeof stored?.eventPublishedAt).toBe('string');
    expect(stored?.publishClaim).toBeUndefined();
  });

  it('fulfils a stale created order whose payment Razorpay captured, when no callback came', async () => {
    const { world, deps, later } = await arrange();
    world.gateway.givenPayment({ id: PAYMENT_ID, orderId: ORDER_ID, amountPaise: AMOUNT });

    const early = await reconcilePayments(deps, later(10 * 60 * 1000));
    const summary = await reconcilePayments(deps, later(HOUR));

    expect(early).toMatchObject({ createdOrdersChecked: 0, ordersFulfilled: 0 });
    expect(summary).toMatchObject({ createdOrdersChecked: 1, ordersFulfilled: 1, repaired: 1 });
    expect((await world.orders.getOrder(ORDER_ID))?.status).toBe('paid');
    expect(world.events.published).toHaveLength(1);
  });

  it('captures an authorized payment for exactly the order amount, then fulfils it', async () => {
    const { world, deps, later } = await arrange();
    world.gateway.givenPayment({
      id: PAYMENT_ID,
      orderId: ORDER_ID,
      amountPaise: AMOUNT,
      status: 'authorized',
    });

    const summary = await reconcilePayments(deps, later(HOUR));

    expect(summary.ordersFulfilled).toBe(1);
    expect(world.gateway.payments.get(PAYMENT_ID)?.status).toBe('captured');
  });

  it('leaves an order alone while Razorpay holds no payment for it', async () => {
    const { world, deps, later } = await arrange();

    const summary = await reconcilePayments(deps, later(HOUR));

    expect(summary).toMatchObject({ createdOrdersChecked: 1, ordersFulfilled: 0, repaired: 0 });
    expect((await world.orders.getOrder(ORDER_ID))?.status).toBe('created');
  });

  describe("an unpaid transfer order's auth code (D23)", () => {
    const CODE = 'Xy7-secret-code';
    async function arrangeTransfer() {
      const world = fakeWorld();
      const deps = { ...world, messages: new InMemoryMessagesStore() };
      const order = await world.givenOrder({
        planId: 'basicdomain',
        months: 12,
        domain: 'ashasweets.com',
        transferAuthCode: CODE,
        transferIn: true,
      });
      const later = (ms: number) => new Date(world.now().getTime() + ms);
      return { world, deps, order, later };
    }

    it('goes half an hour after the order last moved, once Razorpay has no payment that could still complete', async () => {
      const { world, deps, later } = await arrangeTransfer();
      const code = async () => (await world.orders.getOrder(ORDER_ID))?.transferAuthCode;

      // The buyer may still be in the checkout.
      expect(await reconcilePayments(deps, later(20 * 60 * 1000))).toMatchObject({
        transferCodesForgotten: 0,
      });
      expect(await code()).toBe(CODE);
      // A payment still being made at Razorpay (a UPI collect waiting for the buyer).
      world.gateway.givenPayment({
        id: PAYMENT_ID,
        orderId: ORDER_ID,
        amountPaise: 117_882,
        status: 'created',
      });
      expect((await reconcilePayments(deps, later(HOUR))).transferCodesForgotten).toBe(0);
      expect(await code()).toBe(CODE);
      // It failed: nothing can complete now.
      world.gateway.givenPayment({
        id: PAYMENT_ID,
        orderId: ORDER_ID,
        amountPaise: 117_882,
        status: 'failed',
      });
      expect((await reconcilePayments(deps, later(HOUR))).transferCodesForgotten).toBe(1);
      const order = await world.orders.getOrder(ORDER_ID);
      expect(order).not.toHaveProperty('transferAuthCode');
      expect(order).toMatchObject({ status: 'created', transferIn: true });
      expect(JSON.stringify(world.log.lines)).not.toContain(CODE);
      expect((await reconcilePayments(deps, later(2 * HOUR))).transferCodesForgotten).toBe(0);
    });

    it('Razorpay unreachable: the code stays for the next run', async () => {
      const { world, deps, later } = await arrangeTransfer();
      world.gateway.listOrderPayments = () => Promise.reject(new Error('Razorpay is down'));
      expect((await reconcilePayments(deps, later(HOUR))).transferCodesForgotten).toBe(0);
      expect((await world.orders.getOrder(ORDER_ID))?.transferAuthCode).toBe(CODE);
    });

    it('paid late after it went: still a transfer (no code), never a registration', async () => {
      const { world, deps, order, later } = await arrangeTransfer();
      await reconcilePayments(deps, later(HOUR));
      expect(await world.orders.getOrder(ORDER_ID)).not.toHaveProperty('transferAuthCode');

      const paidLate = (await world.orders.getOrder(ORDER_ID))!;
      await fulfilPayment(deps, paidLate, {
        paymentId: PAYMENT_ID,
        orderId: ORDER_ID,
        amountPaise: order.amountPaise,
        currency: 'INR',
      });
      const service = world.services.all().find((s) => s.domain === 'ashasweets.com');
      expect(service?.transfer).toMatchObject({ state: 'requested' });
      expect(service?.transfer).not.toHaveProperty('authCode');
    });
  });

  it('queues again the mail of a contact message stored but never mailed', async () => {
    const { world, deps, messages, later } = await arrange();
    await messages.saveMessage({
      messageId: 'msg-1',
      name: 'Asha Verma',
      email: BUYER.email,
      message: 'Hello',
      createdAt: world.now().toISOString(),
      expiresAt: 1_900_000_000,
    });

    const summary = await reconcilePayments(deps, later(HOUR));

    expect(summary.mailsRequeued).toBe(1);
    expect(world.events.events).toContainEqual({
      detailType: 'SupportMessageReceived',
      detail: { messageId: 'msg-1' },
    });
  });
});
