/**
 * Premium and Enterprise Hosting's "Free domain for the first year" (D23): the checkout takes the
 * name as a bundle's checkout does (format, an extension we sell, free at the registrar, all before
 * any Razorpay order), only on a first purchase of a plan that includes it. Paid, the name becomes a
 * Basic Domain service of its own with one ₹0 year, once per payment however often it is delivered.
 */
import { describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { ExtensionNotSoldError, InvalidDomainError } from '../../../../lambdas/domain/domain-names';
import {
  isFreeDomainEntry,
  RegisterDomainNotOfferedError,
  RegisterDomainTakenError,
} from '../../../../lambdas/domain/register-domain';
import { getMyService } from '../../../../lambdas/use-cases/bundle-parts-view';
import { buildDashboard } from '../../../../lambdas/use-cases/build-dashboard';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { quoteCheckout } from '../../../../lambdas/use-cases/quote-checkout';
import { cancelService } from '../../../../lambdas/use-cases/refunds/cancel-service';
import { InMemoryRegistrar } from '../../../helpers/fakes/registrar';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';

function arrange() {
  const world = fakeWorld();
  const registrar = new InMemoryRegistrar();
  const deps = { ...world, plans: cachedPlans(new InMemoryPlansStore()), registrar };
  const pay = async (orderId: string, paymentId: string) => {
    const order = world.orders.items.get(orderId)!;
    return fulfilPayment(deps, order, {
      paymentId,
      orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });
  };
  return { world, deps, registrar, pay };
}

const premium = {
  planId: 'premiumhosting',
  months: 12,
  domain: 'ashaverma.in',
  registerDomain: 'AshaVerma.COM',
};

describe('"Free domain for the first year" on Premium and Enterprise Hosting (D23)', () => {
  it('keeps the name (normalised) on a first Premium or Enterprise Hosting order', async () => {
    const { world, deps } = arrange();
    await world.givenRegistrant();
    const answer = await createOrder(deps, BUYER, premium);
    expect(world.orders.items.get(answer.orderId)?.registerDomain).toBe('ashaverma.com');
    const enterprise = await createOrder(deps, BUYER, {
      planId: 'enterprisehosting',
      months: 1,
      registerDomain: 'asha-shop.in',
    });
    expect(world.orders.items.get(enterprise.orderId)?.registerDomain).toBe('asha-shop.in');
  });

  it.each([
    ['a taken name', 'taken-name.com', RegisterDomainTakenError, 'domain_not_available'],
    ['a malformed name', 'asha_verma.com', InvalidDomainError, 'invalid_domain'],
    [
      'an extension we do not sell',
      'ashaverma.xyz',
      ExtensionNotSoldError,
      'extension_not_available',
    ],
  ])('refuses %s with a 400 before any Razorpay order', async (_what, name, error, code) => {
    const { world, deps } = arrange();
    const refused = createOrder(deps, BUYER, { ...premium, registerDomain: name });
    await expect(refused).rejects.toBeInstanceOf(error);
    await expect(refused).rejects.toMatchObject({ code });
    expect(world.gateway.createdOrders).toEqual([]);
    expect(world.orders.items.size).toBe(0);
  });

  it('refuses it on Basic Hosting, on a renewal and on a plan change (400 validation_failed)', async () => {
    const { world, deps, pay } = arrange();
    await world.givenRegistrant();
    const basic = createOrder(deps, BUYER, { ...premium, planId: 'basichosting' });
    await expect(basic).rejects.toBeInstanceOf(RegisterDomainNotOfferedError);
    await expect(basic).rejects.toMatchObject({ code: 'validation_failed' });

    const first = await createOrder(deps, BUYER, premium);
    await pay(first.orderId, 'pay_FreeDomainFirst1');
    const hosting = world.services.all().find((s) => s.planId === 'premiumhosting')!;
    const ordersBefore = world.gateway.createdOrders.length;

    const renewal = createOrder(deps, BUYER, { ...premium, registerDomain: 'asha-again.com' });
    await expect(renewal).rejects.toBeInstanceOf(RegisterDomainNotOfferedError);
    await expect(renewal).rejects.toThrow(/first year of Premium Hosting only/);
    const change = createOrder(deps, BUYER, {
      planId: 'enterprisehosting',
      months: 12,
      changeFrom: hosting.serviceId,
      registerDomain: 'asha-again.com',
    });
    await expect(change).rejects.toBeInstanceOf(RegisterDomainNotOfferedError);
    expect(world.gateway.createdOrders).toHaveLength(ordersBefore);
    // Without the name, the renewal is an ordinary one.
    await expect(
      createOrder(deps, BUYER, { ...premium, months: 1, registerDomain: undefined }),
    ).resolves.toMatchObject({ orderId: expect.any(String) });
  });

  it('the quote checks the name as the order does (no registrar asked)', async () => {
    const plans = await cachedPlans(new InMemoryPlansStore())();
    const quote = (planId: string, registerDomain: string) =>
      quoteCheckout(plans, { planId, months: 12, registerDomain }, () => ({ state: 'Karnataka' }));
    await expect(quote('premiumhosting', 'a_b.com')).rejects.toThrow(InvalidDomainError);
    await expect(quote('basichosting', 'asha.com')).rejects.toThrow(RegisterDomainNotOfferedError);
    expect((await quote('enterprisehosting', 'asha.com')).planId).toBe('enterprisehosting');
  });

  it('paid: one Basic Domain service with a ₹0 first year, however often the payment is delivered', async () => {
    const { world, deps, pay } = arrange();
    await world.givenRegistrant();
    const order = await createOrder(deps, BUYER, premium);
    const at = deps.now();
    // The checkout callback and redelivered webhooks, some at once.
    await Promise.all([
      pay(order.orderId, 'pay_FreeDomainPaid01'),
      pay(order.orderId, 'pay_FreeDomainPaid01'),
    ]);
    await pay(order.orderId, 'pay_FreeDomainPaid01');

    const domains = world.services.all().filter((s) => s.category === 'domain');
    expect(domains).toHaveLength(1);
    const domain = domains[0]!;
    expect(domain).toMatchObject({
      userId: BUYER.userId,
      planId: 'basicdomain',
      planName: 'Basic Domain',
      domain: 'ashaverma.com',
    });
    const periods = Object.values(domain.periods);
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ months: 12, amountPaise: 0 });
    expect(isFreeDomainEntry(periods[0]!)).toBe(true);
    // One year from the payment.
    const year = new Date(periods[0]!.renewalDate).getTime() - at.getTime();
    expect(Math.round(year / 86_400_000)).toBeGreaterThanOrEqual(365);
    expect(Math.round(year / 86_400_000)).toBeLessThanOrEqual(366);

    // Not a payment: the hosting's is the only purchase (and invoice).
    const purchases = await world.purchases.listPurchases(BUYER.userId);
    expect(purchases.map((p) => p.planId)).toEqual(['premiumhosting']);
    // The hosting's purchase and its PurchaseCompleted (each publish) name it, for the welcome mail.
    expect(purchases[0]?.freeDomain).toBe('ashaverma.com');
    expect(new Set(world.events.published.map((d) => d.freeDomain))).toEqual(
      new Set(['ashaverma.com']),
    );
    // The dashboard: the hosting's card names it; it is a Basic Domain card of its own at ₹0.
    const dashboard = await buildDashboard(world, BUYER);
    expect(dashboard.services.find((c) => c.planId === 'premiumhosting')?.freeDomain).toBe(
      'ashaverma.com',
    );
    expect(dashboard.services.find((c) => c.id === domain.serviceId)).toMatchObject({
      name: 'Basic Domain',
      pricePaidPaise: 0,
    });
    expect(dashboard.payments).toHaveLength(1);
    // The one card (GET /api/me/services/{id}) names it too; a hosting without one does not.
    const hosting = dashboard.services.find((c) => c.planId === 'premiumhosting')!;
    expect((await getMyService(world, BUYER.userId, hosting.id)).freeDomain).toBe('ashaverma.com');
    expect(await getMyService(world, BUYER.userId, domain.serviceId)).not.toHaveProperty(
      'freeDomain',
    );
    // Converge is asked to register it (ServiceChanged names the domain service).
    expect(
      world.events.events.some(
        (e) =>
          e.detailType === 'ServiceChanged' &&
          (e.detail as { serviceId: string }).serviceId === domain.serviceId,
      ),
    ).toBe(true);
  });

  it('a hosting order without a name makes no domain', async () => {
    const { world, deps, pay } = arrange();
    const order = await createOrder(deps, BUYER, { ...premium, registerDomain: undefined });
    await pay(order.orderId, 'pay_FreeDomainNone01');
    expect(world.services.all().filter((s) => s.category === 'domain')).toEqual([]);
  });

  it('a paid order whose plan has left the catalog since is fulfilled; its name is logged, no domain made', async () => {
    const { world, deps, pay } = arrange();
    await world.givenRegistrant();
    const order = await createOrder(deps, BUYER, premium);
    // The plan is retired between the order and the payment: the buyer has paid all the same.
    const stored = world.orders.items.get(order.orderId)!;
    world.orders.items.set(order.orderId, { ...stored, planId: 'retiredhosting' });

    const result = await pay(order.orderId, 'pay_FreeDomainRetired1');

    expect(result.outcome).toBe('fulfilled');
    expect(world.services.all().filter((s) => s.category === 'domain')).toEqual([]);
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'An order names a free domain its plan does not include; none made',
      }),
    );
  });

  it("a hosting refund within 30 days gives everything back and leaves the free domain the buyer's", async () => {
    const { world, deps, pay } = arrange();
    await world.givenRegistrant();
    const order = await createOrder(deps, BUYER, { ...premium, months: 1 });
    await pay(order.orderId, 'pay_FreeDomainRefund');
    const hosting = world.services.all().find((s) => s.planId === 'premiumhosting')!;
    const domainBefore = world.services.all().find((s) => s.category === 'domain')!;

    const answer = await cancelService(world, {
      userId: BUYER.userId,
      serviceId: hosting.serviceId,
      reason: 'Not what I needed',
      origin: 'buyer',
    });
    expect(answer.refund.amountPaise).toBe(world.orders.items.get(order.orderId)!.amountPaise);
    const [record] = await world.refunds.listForUser(BUYER.userId);
    expect(record).toMatchObject({ deductionPaise: 0, purchase: { freeDomain: 'ashaverma.com' } });
    // The domain's year is untouched: not refunded, not ended.
    const domainAfter = world.services.all().find((s) => s.category === 'domain')!;
    expect(domainAfter.periods).toEqual(domainBefore.periods);
    expect(domainAfter.renewalDate).toBe(domainBefore.renewalDate);
  });
});
