/**
 * A plan change now (D26) on in-memory fakes, from the quote to the panel: the worked example's
 * quote and order, the refusals that make no order, the change's entry on the ledger once per
 * payment (renewal date unchanged), the WHM package changed once by converge under redelivery, a
 * panel refusal left out of step, and a refunded change putting the service and its package back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { buildInvoice } from '../../../../lambdas/domain/invoice';
import { serviceName } from '../../../../lambdas/templates/invoice/format';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { fulfilPayment, purchaseIdFor } from '../../../../lambdas/use-cases/fulfil-payment';
import {
  cancelDowngrade,
  priceChange,
  scheduleDowngrade,
} from '../../../../lambdas/use-cases/plan-change';
import { serviceOfRecord } from '../../../../lambdas/use-cases/to-service';
import { formatInr } from '../../../../lambdas/domain/money';
import {
  ChangePaidTwiceError,
  PaymentUnderReviewError,
} from '../../../../lambdas/use-cases/errors';
import { handleRazorpayWebhook } from '../../../../lambdas/use-cases/handle-razorpay-webhook';
import { verifyCheckout } from '../../../../lambdas/use-cases/verify-checkout';
import { paymentWebhook } from '../../../helpers/auto-renew-world';
import { signCheckout } from '../../../helpers/razorpay-signing';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { downgradeTarget } from '../../../../lambdas/domain/plan-change';
import { cancelService } from '../../../../lambdas/use-cases/refunds/cancel-service';
import { withdrawPeriods } from '../../../../lambdas/use-cases/refunds/end-service';
import { recordRefundEvent } from '../../../../lambdas/use-cases/refunds/record-refund-event';
import { convergeWorld } from '../../../helpers/converge-world';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, KEY_SECRET } from '../../../helpers/fakes/world';

const DAY = 24 * 60 * 60 * 1000;
// 27 Nov 2026, 10:00 IST: Basic Hosting bought for a year.
const BOUGHT = new Date('2026-11-27T04:30:00.000Z');
const HUNDRED_DAYS_ON = new Date(BOUGHT.getTime() + 100 * DAY);
const OTHER_BUYER = { ...BUYER, userId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' };

function changeWorld() {
  const world = convergeWorld(undefined, BOUGHT);
  const { deps: converge } = world;
  let receipts = 0;
  const checkout = {
    ...world,
    plans: cachedPlans(new InMemoryPlansStore()),
    newReceipt: () => `rcpt_${(receipts += 1)}`,
  };
  return Object.assign(world, { converge, checkout });
}

let world: ReturnType<typeof changeWorld>;
let serviceId: string;

async function pay(orderId: string, paymentId: string) {
  const order = await world.orders.getOrder(orderId);
  if (!order) throw new Error('order missing');
  return fulfilPayment(world, order, {
    paymentId,
    orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
}

const ref = () => ({ userId: BUYER.userId, serviceId });
const converge = (deliveryId: string) => convergeService(world.converge, ref(), { deliveryId });
const service = async () => {
  const found = await world.services.getService(BUYER.userId, serviceId);
  if (!found) throw new Error('no service');
  return found;
};
const account = async () => {
  const username = (await service()).provisioning?.username;
  return username ? world.panel.accounts.get(username) : undefined;
};

beforeEach(async () => {
  world = changeWorld();
  const bought = await createOrder(world.checkout, BUYER, {
    planId: 'basichosting',
    months: 12,
    domain: 'ashaverma.in',
  });
  const paid = await pay(bought.orderId, 'pay_Basic00000001');
  if (paid.outcome !== 'fulfilled') throw new Error('not fulfilled');
  serviceId = paid.purchase.serviceId as string;
  await converge('evt-bought');
  expect((await service()).provisioning?.state).toBe('ready');
  world.setNow(HUNDRED_DAYS_ON);
});

describe('the quote of an upgrade now', () => {
  it('is the worked example: Basic → Premium Hosting 100 days into a year, ₹15,420.82', async () => {
    const { quote } = await priceChange(world, await world.checkout.plans(), BUYER.userId, {
      changeFrom: serviceId,
      planId: 'premiumhosting',
    });

    expect(quote).toMatchObject({
      planId: 'premiumhosting',
      planName: 'Premium Hosting',
      months: 12,
      subtotalPaise: 1_306_849,
      feePaise: 235_233,
      totalPaise: 1_542_082,
      promo: null,
      change: {
        fromPlanId: 'basichosting',
        fromPlanName: 'Basic Hosting',
        creditPaise: 2_177_211,
        chargePaise: 3_484_060,
        remainingDays: 265,
        periodDays: 365,
        renewalDate: (await service()).renewalDate,
        // Premium's renewal price for 12 months with GST: ₹4,999 × 12 × 1.18.
        renewalTotalPaise: 7_078_584,
      },
    });
  });

  it.each([
    ['the same plan', 'basichosting', 'invalid_plan_change', /already/],
    ['another category', 'premiumvps', 'invalid_plan_change', /same kind/],
    ['an unknown plan', 'platinumhosting', 'plan_not_found', /could not find/],
  ])('refuses %s with a sentence, and makes no order', async (_what, planId, code, sentence) => {
    const before = world.gateway.createdOrders.length;

    await expect(
      createOrder(world.checkout, BUYER, { planId, changeFrom: serviceId }),
    ).rejects.toMatchObject({ code, message: expect.stringMatching(sentence) });
    expect(world.gateway.createdOrders).toHaveLength(before);
  });

  it('refuses a lower plan now: a downgrade takes effect at the renewal', async () => {
    const premium = await createOrder(world.checkout, BUYER, {
      planId: 'premiumhosting',
      changeFrom: serviceId,
    });
    await pay(premium.orderId, 'pay_Upgrade0000001');

    await expect(
      createOrder(world.checkout, BUYER, { planId: 'basichosting', changeFrom: serviceId }),
    ).rejects.toMatchObject({
      code: 'invalid_plan_change',
      message: expect.stringMatching(/at your renewal/),
    });
  });

  it("refuses another buyer's service as not found", async () => {
    await expect(
      createOrder(world.checkout, OTHER_BUYER, { planId: 'premiumhosting', changeFrom: serviceId }),
    ).rejects.toMatchObject({ code: 'service_not_found' });
  });

  it('refuses a suspended service', async () => {
    const current = await service();
    await world.services.changeFacts(ref(), { kind: 'hold' }, current.version, 'x');

    await expect(
      createOrder(world.checkout, BUYER, { planId: 'premiumhosting', changeFrom: serviceId }),
    ).rejects.toMatchObject({ code: 'service_not_changeable' });
  });

  it('refuses a stale quote: the days left changed at midnight IST', async () => {
    const { quote } = await priceChange(world, await world.checkout.plans(), BUYER.userId, {
      changeFrom: serviceId,
      planId: 'premiumhosting',
    });
    // The buyer pays the next day, after midnight IST.
    world.setNow(new Date(HUNDRED_DAYS_ON.getTime() + DAY));

    await expect(
      createOrder(world.checkout, BUYER, {
        planId: 'premiumhosting',
        changeFrom: serviceId,
        remainingDays: quote.change.remainingDays,
      }),
    ).rejects.toMatchObject({
      code: 'quote_expired',
      message: expect.stringMatching(/now for 264 days/),
    });
  });

  it('refuses a promo code on a change', async () => {
    await expect(
      createOrder(world.checkout, BUYER, {
        planId: 'premiumhosting',
        changeFrom: serviceId,
        promoCode: 'HOST10',
      }),
    ).rejects.toMatchObject({ code: 'invalid_plan_change' });
  });
});

describe('an upgrade paid', () => {
  async function upgrade() {
    const order = await createOrder(world.checkout, BUYER, {
      planId: 'premiumhosting',
      changeFrom: serviceId,
      remainingDays: 265,
    });
    expect(order.amountPaise).toBe(1_542_082);
    return order;
  }

  it('records the change on the ledger once, on the same renewal date, with its invoice for the difference', async () => {
    const renewalDate = (await service()).renewalDate;
    const order = await upgrade();

    // The checkout callback and the webhook both fulfil it.
    const [first, second] = await Promise.all([
      pay(order.orderId, 'pay_Upgrade0000001'),
      pay(order.orderId, 'pay_Upgrade0000001'),
    ]);

    const changed = await service();
    expect(changed).toMatchObject({
      planId: 'premiumhosting',
      planName: 'Premium Hosting',
      renewalDate,
    });
    const entry = changed.periods[purchaseIdFor('pay_Upgrade0000001')];
    expect(entry).toMatchObject({
      amountPaise: 1_542_082,
      startDate: HUNDRED_DAYS_ON.toISOString(),
      renewalDate,
      change: {
        fromPlanId: 'basichosting',
        toPlanId: 'premiumhosting',
        taxablePaise: 1_306_849,
        remainingDays: 265,
      },
    });
    expect(Object.keys(changed.periods)).toHaveLength(2);
    if (first.outcome !== 'fulfilled' || second.outcome !== 'fulfilled') throw new Error('review');
    expect(second.purchase).toEqual(first.purchase);
    expect(first.purchase).toMatchObject({ serviceId, renewalDate, amountPaise: 1_542_082 });

    const invoice = buildInvoice({
      number: first.purchase.invoiceNumber as string,
      issuedAt: HUNDRED_DAYS_ON.toISOString(),
      purchase: first.purchase,
      billing: null,
      seller: world.seller(),
    });
    expect(invoice.taxablePaise).toBe(1_306_849);
    expect(invoice.totalPaise).toBe(1_542_082);
    expect(serviceName(invoice.line)).toBe(
      'Upgrade Basic Hosting → Premium Hosting (ashaverma.in), 7 Mar 2027 – 27 Nov 2027 (265 days)',
    );
  });

  it('puts a second tab’s payment for the same change in review, changing nothing twice', async () => {
    const first = await upgrade();
    const second = await upgrade();
    await pay(first.orderId, 'pay_Upgrade0000001');

    const again = await pay(second.orderId, 'pay_Upgrade0000002');

    expect(again).toMatchObject({ outcome: 'review' });
    expect((await world.orders.getOrder(second.orderId))?.status).toBe('review');
    const changed = await service();
    expect(changed.periods[purchaseIdFor('pay_Upgrade0000002')]).toBeUndefined();
    expect(changed.planId).toBe('premiumhosting');
  });

  describe('a second payment for the same change (two tabs)', () => {
    const deps = () => ({
      ...world,
      changeRefunds: { mailer: world.mailer, siteUrl: () => 'https://shop.example.in' },
    });
    const callback = (orderId: string, paymentId: string) => ({
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signCheckout(orderId, paymentId, KEY_SECRET),
    });
    async function paidTwice() {
      const first = await upgrade();
      const second = await upgrade();
      world.gateway.givenPayment({
        id: 'pay_Upgrade0000001',
        orderId: first.orderId,
        amountPaise: first.amountPaise,
      });
      const duplicate = world.gateway.givenPayment({
        id: 'pay_Upgrade0000002',
        orderId: second.orderId,
        amountPaise: second.amountPaise,
      });
      await verifyCheckout(deps(), BUYER.userId, callback(first.orderId, 'pay_Upgrade0000001'));
      world.mailer.sent.length = 0;
      return { second, duplicate };
    }

    it('is refunded in full at once, the buyer told, and the ledger keeps one change', async () => {
      const { second, duplicate } = await paidTwice();

      await expect(
        verifyCheckout(deps(), BUYER.userId, callback(second.orderId, duplicate.id)),
      ).rejects.toBeInstanceOf(ChangePaidTwiceError);

      expect([...world.gateway.refunds.values()]).toEqual([
        expect.objectContaining({ paymentId: duplicate.id, amountPaise: second.amountPaise }),
      ]);
      expect(await world.orders.getOrder(second.orderId)).toMatchObject({
        status: 'refunded',
        refundedPaymentId: duplicate.id,
      });
      const changes = Object.values((await service()).periods).filter((p) => p.change);
      expect(changes.map((p) => p.paymentId)).toEqual(['pay_Upgrade0000001']);
      expect((await service()).planId).toBe('premiumhosting');
      expect(world.mailer.sent.map((m) => m.subject)).toEqual([
        `You paid twice for your change to Premium Hosting: ${formatInr(second.amountPaise)} is being refunded`,
      ]);
      expect(world.mailer.sent[0]!.to).toBe(BUYER.email);
      // In the buyer's mail log (issue #27), by the refunded payment.
      expect(world.mailer.sent[0]!.about).toEqual({
        userId: BUYER.userId,
        kind: 'change-paid-twice',
        ref: duplicate.id,
      });
    });

    it('once, however often verify and the webhooks come', async () => {
      const { second, duplicate } = await paidTwice();

      const outcomes = [
        await handleRazorpayWebhook(deps(), paymentWebhook('payment.captured', duplicate, 'e1')),
        await handleRazorpayWebhook(deps(), paymentWebhook('payment.captured', duplicate, 'e2')),
      ];
      await expect(
        verifyCheckout(deps(), BUYER.userId, callback(second.orderId, duplicate.id)),
      ).rejects.toBeInstanceOf(ChangePaidTwiceError);

      expect(outcomes).toEqual(['change_refunded', 'change_refunded']);
      expect(world.gateway.refunds.size).toBe(1);
      expect(world.mailer.sent).toHaveLength(1);
    });

    it('a payment in review for another reason (the service lapsed meanwhile) stays for an operator', async () => {
      const order = await upgrade();
      const payment = world.gateway.givenPayment({
        id: 'pay_Upgrade0000003',
        orderId: order.orderId,
        amountPaise: order.amountPaise,
      });
      world.setNow(new Date(HUNDRED_DAYS_ON.getTime() + 400 * DAY));

      await expect(
        verifyCheckout(deps(), BUYER.userId, callback(order.orderId, payment.id)),
      ).rejects.toBeInstanceOf(PaymentUnderReviewError);
      expect(world.gateway.refunds.size).toBe(0);
    });
  });

  it('moves the panel account to the new package once, however often converge runs', async () => {
    const order = await upgrade();
    await pay(order.orderId, 'pay_Upgrade0000001');

    const results = await Promise.all([converge('evt-1'), converge('evt-1'), converge('evt-2')]);
    await converge('evt-3');

    expect(world.panel.packageChanges).toBe(1);
    expect((await account())?.package).toBe('storefront_premium');
    expect((await service()).provisioning?.package).toBe('storefront_premium');
    expect(results.map((r) => r.outcome)).toContain('in_step');
    expect((await service()).life).toMatchObject({ desired: 'active', actual: 'live' });
    expect((await service()).life?.outOfStepSince).toBeUndefined();
  });

  it('leaves the service out of step, with the panel’s sentence, when the panel refuses the package', async () => {
    const order = await upgrade();
    await pay(order.orderId, 'pay_Upgrade0000001');
    world.panel.packages.delete('storefront_premium');

    const result = await converge('evt-1');

    expect(result).toMatchObject({
      outcome: 'out_of_step',
      error: expect.stringMatching(/Unable to find the package/),
    });
    expect((await account())?.package).toBe('storefront_basic');
    expect((await service()).life?.outOfStepSince).toBe(HUNDRED_DAYS_ON.toISOString());
    // The plan is the buyer's at once; the panel follows when it can.
    world.panel.packages.add('storefront_premium');
    await converge('evt-reconciler');
    expect((await account())?.package).toBe('storefront_premium');
    expect((await service()).life?.outOfStepSince).toBeUndefined();
  });

  it('goes back to the lower plan and its package when the upgrade payment is refunded', async () => {
    const renewalDate = (await service()).renewalDate;
    const order = await upgrade();
    await pay(order.orderId, 'pay_Upgrade0000001');
    await converge('evt-1');

    await withdrawPeriods(world, ref(), [purchaseIdFor('pay_Upgrade0000001')], world.now());
    await converge('evt-refund');

    expect(await service()).toMatchObject({
      planId: 'basichosting',
      planName: 'Basic Hosting',
      renewalDate,
    });
    expect((await service()).cancelledAt).toBeUndefined();
    expect((await account())?.package).toBe('storefront_basic');
    expect(world.panel.packageChanges).toBe(2);
  });
});

describe('an upgrade refunded: the buyer’s plan follows the service (D4, D26)', () => {
  const upgradePayment = 'pay_Upgrade0000001';

  async function upgradeFor(remainingDays: number) {
    const order = await createOrder(world.checkout, BUYER, {
      planId: 'premiumhosting',
      changeFrom: serviceId,
      remainingDays,
    });
    world.gateway.givenPayment({
      id: upgradePayment,
      orderId: order.orderId,
      amountPaise: order.amountPaise,
    });
    await pay(order.orderId, upgradePayment);
    return order;
  }

  it('the upgrade’s payment refunded in Razorpay’s dashboard: Basic Hosting again, to the same date', async () => {
    const renewalDate = (await service()).renewalDate;
    const order = await upgradeFor(265);
    expect(await world.users.getUser(BUYER.userId)).toMatchObject({
      currentPlan: 'premiumhosting',
      expiry: renewalDate,
    });

    const whole = world.gateway.givenDashboardRefund(upgradePayment, order.amountPaise);
    const { refund, payment } = world.gateway.settleRefund(whole.id, 'processed');
    await recordRefundEvent(world, { type: 'refund.processed', refund, payment }, 'evt_refund');

    expect((await service()).planId).toBe('basichosting');
    expect(await world.users.getUser(BUYER.userId)).toMatchObject({
      currentPlan: 'basichosting',
      expiry: renewalDate,
    });
  });

  it('cancelled within the guarantee with the plan it changed: the buyer holds neither plan', async () => {
    world.setNow(new Date(BOUGHT.getTime() + 5 * DAY));
    await upgradeFor(360);

    await cancelService(world, {
      userId: BUYER.userId,
      serviceId,
      reason: 'Not what I needed',
      origin: 'buyer',
    });

    expect((await service()).cancelledAt).toBe(world.now().toISOString());
    const user = await world.users.getUser(BUYER.userId);
    expect(user?.currentPlan).toBeUndefined();
    expect(user?.expiry).toBeUndefined();
  });
});

describe('after an upgrade, a renewal', () => {
  it('renews the same service at the new plan’s renewal price, and a new Basic Hosting is a service of its own', async () => {
    const order = await createOrder(world.checkout, BUYER, {
      planId: 'premiumhosting',
      changeFrom: serviceId,
    });
    await pay(order.orderId, 'pay_Upgrade0000001');
    const renewalDate = (await service()).renewalDate;

    const renewal = await createOrder(world.checkout, BUYER, {
      planId: 'premiumhosting',
      months: 1,
      domain: 'ashaverma.in',
    });
    const renewed = await pay(renewal.orderId, 'pay_Renewal000001');

    // A month at Premium's renewal price: ₹4,999 + 18% GST.
    expect(renewal.quote).toMatchObject({ renewal: true, totalPaise: 589_882 });
    if (renewed.outcome !== 'fulfilled') throw new Error('review');
    expect(renewed.purchase).toMatchObject({ serviceId, startDate: renewalDate });
    expect((await world.services.listServices(BUYER.userId)).map((s) => s.serviceId)).toEqual([
      serviceId,
    ]);

    const basic = await createOrder(world.checkout, BUYER, { planId: 'basichosting', months: 1 });
    const bought = await pay(basic.orderId, 'pay_Basic00000002');
    if (bought.outcome !== 'fulfilled') throw new Error('review');
    expect(bought.purchase.serviceId).not.toBe(serviceId);
    expect((await service()).planId).toBe('premiumhosting');
  });
});

describe('a smaller plan at the renewal', () => {
  async function onPremium() {
    const order = await createOrder(world.checkout, BUYER, {
      planId: 'premiumhosting',
      changeFrom: serviceId,
    });
    await pay(order.orderId, 'pay_Upgrade0000001');
    await converge('evt-upgrade');
  }
  const schedule = (planId: string) =>
    scheduleDowngrade(world, CATALOG, BUYER.userId, { serviceId, planId });

  it('takes effect on the renewal date: the card, the renewal’s price and the package follow it then, not before', async () => {
    await onPremium();
    const renewalDate = (await service()).renewalDate;

    await schedule('basichosting');

    expect(serviceOfRecord(await service(), world.now())).toMatchObject({
      planId: 'premiumhosting',
      pendingPlan: { planId: 'basichosting', planName: 'Basic Hosting', from: renewalDate },
    });
    await converge('evt-scheduled');
    expect((await account())?.package).toBe('storefront_premium');
    // The renewal is priced at the smaller plan, for the same service.
    const renewal = await createOrder(world.checkout, BUYER, {
      planId: 'basichosting',
      months: 12,
      domain: 'ashaverma.in',
    });
    expect(renewal.quote).toMatchObject({ renewal: true, planId: 'basichosting' });
    await pay(renewal.orderId, 'pay_Renewal000001');
    await converge('evt-renewal-paid');
    expect(world.panel.packageChanges).toBe(1);
    // Paid days early: nothing else would converge it on the day, so the reconciler is told to.
    expect((await service()).life?.outOfStepSince).toBe(renewalDate);

    world.setNow(new Date(Date.parse(renewalDate) + 60_000));
    await converge('evt-renewal-day');

    expect(serviceOfRecord(await service(), world.now())).toMatchObject({
      planId: 'basichosting',
      name: 'Basic Hosting',
    });
    expect((await account())?.package).toBe('storefront_basic');
  });

  it('can be cancelled before the renewal date; nothing changes then', async () => {
    await onPremium();
    await schedule('basichosting');

    await cancelDowngrade(world, BUYER.userId, serviceId);
    await converge('evt-cancelled');

    expect((await service()).pendingPlan).toBeUndefined();
    expect((await service()).life?.outOfStepSince).toBeUndefined();
    world.setNow(new Date(Date.parse((await service()).renewalDate) + 60_000));
    expect(serviceOfRecord(await service(), world.now()).planId).toBe('premiumhosting');
  });

  it('refuses a larger or the same plan, another category, and a VPS whose disk would shrink', async () => {
    await onPremium();

    await expect(schedule('enterprisehosting')).rejects.toMatchObject({
      code: 'invalid_plan_change',
      message: expect.stringMatching(/made now/),
    });
    await expect(schedule('premiumhosting')).rejects.toMatchObject({
      code: 'invalid_plan_change',
    });
    await expect(schedule('basicvps')).rejects.toMatchObject({ code: 'invalid_plan_change' });
    expect(() =>
      downgradeTarget(
        CATALOG,
        { planId: 'premiumvps', category: 'vps', state: 'active' },
        'basicvps',
      ),
    ).toThrow(/can grow but never shrink.*80 GB.*25 GB/);
  });
});
