/**
 * Server-priced renewals (D14): an order for a plan the buyer holds or held (the same plan and, for
 * domains, the same name) is priced at the renewal price whatever the page says; the public quote
 * shows renewal prices only when asked; PurchaseCompleted says whether the purchase was a renewal.
 */
import { describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { PromoNotForRenewalError } from '../../../../lambdas/domain/errors';
import { makeHandler } from '../../../../lambdas/handlers/checkout';
import { renewalCheckoutPath } from '../../../../lambdas/domain/renewal-schedule';
import { createOrder, type CreateOrderInput } from '../../../../lambdas/use-cases/create-order';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld, type FakeWorld } from '../../../helpers/fakes/world';
import { httpEvent, parse } from '../handlers/handler-world';

// Basic Hosting 12 months: new 2,499 × 12 = 29,988 + 18% = ₹35,385.84;
// renewal 2,999 × 12 = 35,988 + 18% = ₹42,465.84.
const NEW_12 = 3_538_584;
const RENEWAL_12 = 4_246_584;

function arrange() {
  const world = fakeWorld();
  let receipts = 0;
  const deps = {
    ...world,
    plans: cachedPlans(new InMemoryPlansStore()),
    newReceipt: () => `rcpt_renewal_${(receipts += 1)}`,
  };
  /** An order, paid and fulfilled: the buyer then holds the plan. */
  const buy = async (input: CreateOrderInput) => {
    const answer = await createOrder(deps, BUYER, input);
    const order = world.orders.items.get(answer.orderId);
    if (!order) throw new Error('order not stored');
    const paymentId = `pay_${answer.orderId.slice(-10)}`;
    const result = await fulfilPayment(world, order, {
      paymentId,
      orderId: answer.orderId,
      amountPaise: answer.amountPaise,
      currency: 'INR',
    });
    if (result.outcome !== 'fulfilled') throw new Error('not fulfilled');
    return { answer, purchase: result.purchase };
  };
  return { world, deps, buy };
}

function lastPurchaseCompleted(world: FakeWorld) {
  return world.events.published.at(-1);
}

/** Orders of ₹50,000 or more need the buyer's address on the invoice (D15). */
const BILLING = {
  name: 'Asha Verma',
  line1: '12, 4th Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
};

describe('an order is a renewal whenever the buyer holds or held the plan', () => {
  it('a first purchase is priced new even when the page says renew', async () => {
    const { deps } = arrange();

    const answer = await createOrder(deps, BUYER, {
      planId: 'basichosting',
      months: 12,
      renew: true,
    });

    expect(answer.amountPaise).toBe(NEW_12);
    expect(answer.quote.renewal).toBe(false);
  });

  it('a plan the buyer holds is priced at its renewal price even when the page does not say so', async () => {
    const { world, deps, buy } = arrange();
    const first = await buy({ planId: 'basichosting', months: 12 });

    const answer = await createOrder(deps, BUYER, { planId: 'basichosting', months: 12 });

    expect(first.answer.amountPaise).toBe(NEW_12);
    expect(answer).toMatchObject({
      amountPaise: RENEWAL_12,
      quote: { renewal: true, monthlyPricePaise: 299_900 },
    });
    expect(world.orders.items.get(answer.orderId)?.amountPaise).toBe(RENEWAL_12);
    expect(world.gateway.createdOrders.at(-1)?.amountPaise).toBe(RENEWAL_12);
  });

  it('a plan the buyer held, long expired, is renewed at the renewal price too', async () => {
    const { world, deps, buy } = arrange();
    await buy({ planId: 'basichosting', months: 1 });
    world.setNow(new Date('2028-06-01T05:00:00.000Z'));

    const answer = await createOrder(deps, BUYER, {
      planId: 'basichosting',
      months: 36,
      billing: BILLING,
    });

    // 2,999 × 36 = 1,07,964.00 − 30% = 75,574.80 + 18% = ₹89,178.26
    expect(answer.amountPaise).toBe(8_917_826);
  });

  it('another domain name is a new purchase; the same name is a renewal', async () => {
    const { deps, buy } = arrange();
    await deps.givenRegistrant();
    await buy({ planId: 'basicdomain', years: 1, domain: 'asha-travels.com' });

    const other = await createOrder(deps, BUYER, {
      planId: 'basicdomain',
      years: 1,
      domain: 'asha-tours.com',
    });
    const same = await createOrder(deps, BUYER, {
      planId: 'basicdomain',
      years: 1,
      domain: 'Asha-Travels.com',
    });

    // D21: a domain renews at the same yearly price, ₹999 + 18% = ₹1,178.82, found by its
    // normalised name.
    expect([other.quote.renewal, same.quote.renewal]).toEqual([false, true]);
    expect([other.amountPaise, same.amountPaise]).toEqual([117_882, 117_882]);
  });

  it('hosting set up for a domain is renewed by the order its Renew link makes, on the same service', async () => {
    const { world, deps, buy } = arrange();
    const first = await buy({ planId: 'basichosting', months: 12, domain: 'AshaRao.in' });
    const [service] = [...world.services.items.values()];
    // What the dashboard's Renew link carries (renewalCheckoutPath) and the checkout then sends.
    const link = new URL(
      renewalCheckoutPath({ planId: 'basichosting', domain: 'asharao.in' }),
      'https://shop.test',
    );
    const renew = {
      planId: link.searchParams.get('plan') ?? '',
      months: 12,
      domain: link.searchParams.get('domain') ?? '',
      renew: link.searchParams.get('renew') === '1',
    };

    const renewal = await buy(renew);
    // Without its domain the order is for another service: hosting on a placeholder, at the new price.
    const withoutDomain = await createOrder(deps, BUYER, { planId: 'basichosting', months: 12 });

    expect(service?.domain).toBe('asharao.in');
    expect(renew).toEqual({
      planId: 'basichosting',
      months: 12,
      domain: 'asharao.in',
      renew: true,
    });
    expect(renewal.answer.quote.renewal).toBe(true);
    expect(renewal.answer.amountPaise).toBe(RENEWAL_12);
    expect(renewal.purchase.serviceId).toBe(first.purchase.serviceId);
    expect(renewal.purchase.startDate).toBe(first.purchase.renewalDate);
    expect(world.services.items.size).toBe(1);
    expect(withoutDomain.quote.renewal).toBe(false);
    expect(withoutDomain.amountPaise).toBe(NEW_12);
  });

  it('a buyer whose purchase predates stored services is found in their purchases', async () => {
    const { world, deps, buy } = arrange();
    await buy({ planId: 'premiumhosting', months: 12 });
    world.services.items.clear();

    const answer = await createOrder(deps, BUYER, {
      planId: 'premiumhosting',
      months: 12,
      billing: BILLING,
    });

    expect(answer.quote.renewal).toBe(true);
  });

  it('refuses a promo code on a renewal with the buyer-readable reason, creating no Razorpay order', async () => {
    const { world, deps, buy } = arrange();
    await buy({ planId: 'basichosting', months: 12 });
    const ordersBefore = world.gateway.createdOrders.length;

    await expect(
      createOrder(deps, BUYER, { planId: 'basichosting', months: 12, promoCode: 'HOST10' }),
    ).rejects.toThrow(new PromoNotForRenewalError('HOST10'));
    expect(world.gateway.createdOrders).toHaveLength(ordersBefore);
  });

  it('PurchaseCompleted says whether the purchase was a renewal', async () => {
    const { world, buy } = arrange();

    await buy({ planId: 'basichosting', months: 12 });
    const first = lastPurchaseCompleted(world);
    await buy({ planId: 'basichosting', months: 12 });
    const second = lastPurchaseCompleted(world);

    expect([first?.renewal, second?.renewal]).toEqual([false, true]);
  });
});

describe('the public quote', () => {
  const quoteEvent = (body: Record<string, unknown>) =>
    httpEvent('post-checkout-quote.json', { body: JSON.stringify(body) });

  it('shows the renewal price only when asked', async () => {
    const { world } = arrange();
    const plans = new InMemoryPlansStore();
    const handler = makeHandler({ ...world, plans: () => plans.listPlans() });

    const asked = parse(
      await handler(quoteEvent({ planId: 'basichosting', months: 12, renew: true })),
    );
    const notAsked = parse(await handler(quoteEvent({ planId: 'basichosting', months: 12 })));

    expect(asked.json).toMatchObject({ renewal: true, totalPaise: RENEWAL_12 });
    expect(notAsked.json).toMatchObject({ renewal: false, totalPaise: NEW_12 });
  });

  it('answers 400 to a promo code with renew', async () => {
    const { world } = arrange();
    const plans = new InMemoryPlansStore();
    const handler = makeHandler({ ...world, plans: () => plans.listPlans() });

    const { statusCode, json } = parse(
      await handler(
        quoteEvent({ planId: 'basichosting', months: 12, renew: true, promoCode: 'HOST10' }),
      ),
    );

    expect(statusCode).toBe(400);
    expect(json).toEqual({
      error: { code: 'invalid_promo_code', message: 'Promo codes apply to new purchases only.' },
    });
  });
});
