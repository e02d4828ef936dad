/**
 * What the checkout does for the tax invoice (D10, D15): the quote splits its GST once the buyer's
 * state is known; an order takes billing details (or the profile's), refuses one of ₹50,000 or more
 * without a name and address before Razorpay hears of it, and freezes the billing details and the
 * seller in the order, whence fulfilment copies them to the purchase.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { makeHandler } from '../../../../lambdas/handlers/checkout';
import { BillingAddressRequiredError, InvalidGstinError } from '../../../../lambdas/domain/gst';
import { UnknownStateError } from '../../../../lambdas/domain/gst';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import {
  SAMPLE_BUYER_OTHER_STATE,
  SAMPLE_BUYER_SAME_STATE,
  SAMPLE_SELLER,
} from '../../../../lambdas/templates/invoice/sample';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { quoteCheckout } from '../../../../lambdas/use-cases/quote-checkout';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';
import { httpEvent, parse } from '../handlers/handler-world';

function arrange() {
  const world = fakeWorld();
  const deps = {
    ...world,
    plans: cachedPlans(new InMemoryPlansStore()),
    newReceipt: () => 'rcpt_fixed',
  };
  return { world, deps };
}

// 2,499 × 36 = 89,964.00; −30% = 62,974.80 taxable: over ₹50,000.
const LARGE = { planId: 'basichosting', months: 36 } as const;
// 2,499 × 12 = 29,988.00 taxable.
const SMALL = { planId: 'basichosting', months: 12 } as const;

describe('quoteCheckout', () => {
  const seller = () => SAMPLE_SELLER;

  it("splits the GST into CGST 9% + SGST 9% in the seller's state", async () => {
    const quote = await quoteCheckout(CATALOG, { ...SMALL, billingState: 'Karnataka' }, seller);

    // 18% of 29,988.00 = 5,397.84, halved.
    expect(quote.tax).toEqual({
      placeOfSupply: { state: 'Karnataka', code: '29' },
      cgstPaise: 269_892,
      sgstPaise: 269_892,
      igstPaise: 0,
    });
    expect(quote.feePaise).toBe(539_784);
  });

  it('charges all of it as IGST 18% in another state', async () => {
    const quote = await quoteCheckout(CATALOG, { ...SMALL, billingState: 'Maharashtra' }, seller);

    expect(quote.tax).toEqual({
      placeOfSupply: { state: 'Maharashtra', code: '27' },
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 539_784,
    });
  });

  it("has no tax split while the buyer's state is unknown", async () => {
    expect((await quoteCheckout(CATALOG, SMALL, seller)).tax).toBeUndefined();
    expect(
      (await quoteCheckout(CATALOG, { ...SMALL, billingState: ' ' }, seller)).tax,
    ).toBeUndefined();
  });

  it('refuses a state that is not one of GST’s', async () => {
    await expect(
      quoteCheckout(CATALOG, { ...SMALL, billingState: 'Bombay' }, seller),
    ).rejects.toThrow(UnknownStateError);
  });
});

describe('createOrder and the tax invoice', () => {
  it('refuses an order of ₹50,000 or more without billing details, before Razorpay hears of it', async () => {
    const { world, deps } = arrange();

    await expect(createOrder(deps, BUYER, LARGE)).rejects.toThrow(BillingAddressRequiredError);
    expect(world.gateway.createdOrders).toEqual([]);
    expect(world.orders.items.size).toBe(0);
  });

  it("freezes the order's billing details and the seller, with the IGST of another state", async () => {
    const { world, deps } = arrange();

    const answer = await createOrder(deps, BUYER, { ...LARGE, billing: SAMPLE_BUYER_OTHER_STATE });

    // 18% of 62,974.80 = 11,335.46
    expect(answer.quote.tax).toEqual({
      placeOfSupply: { state: 'Maharashtra', code: '27' },
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_133_546,
    });
    expect(world.orders.items.get(answer.orderId)).toMatchObject({
      billing: SAMPLE_BUYER_OTHER_STATE,
      seller: SAMPLE_SELLER,
      amountPaise: 7_431_026,
    });
  });

  it("uses the profile's billing details when the order gives none", async () => {
    const { world, deps } = arrange();
    await world.users.createUserIfMissing({ ...BUYER, createdAt: '2026-11-20T00:00:00.000Z' });
    await world.users.updateProfile(
      BUYER.userId,
      { billing: SAMPLE_BUYER_SAME_STATE },
      '2026-11-21T00:00:00.000Z',
    );

    const answer = await createOrder(deps, BUYER, LARGE);

    expect(answer.quote.tax).toMatchObject({ cgstPaise: 566_773, sgstPaise: 566_773 });
    expect(world.orders.items.get(answer.orderId)?.billing).toEqual(SAMPLE_BUYER_SAME_STATE);
  });

  it('saves the billing details typed at checkout to the profile: one source for the next time', async () => {
    const { world, deps } = arrange();
    await world.users.createUserIfMissing({ ...BUYER, createdAt: '2026-11-20T00:00:00.000Z' });
    await world.users.updateProfile(
      BUYER.userId,
      { billing: SAMPLE_BUYER_SAME_STATE },
      '2026-11-21T00:00:00.000Z',
    );

    await createOrder(deps, BUYER, { ...SMALL, billing: SAMPLE_BUYER_OTHER_STATE });

    expect((await world.users.getUser(BUYER.userId))?.billing).toEqual(SAMPLE_BUYER_OTHER_STATE);
    // The next order without details is billed to them.
    const next = await createOrder(deps, BUYER, LARGE);
    expect(world.orders.items.get(next.orderId)?.billing).toEqual(SAMPLE_BUYER_OTHER_STATE);
  });

  it('saves nothing to the profile for refused details', async () => {
    const { world, deps } = arrange();
    await world.users.createUserIfMissing({ ...BUYER, createdAt: '2026-11-20T00:00:00.000Z' });

    await expect(
      createOrder(deps, BUYER, {
        ...SMALL,
        billing: { ...SAMPLE_BUYER_OTHER_STATE, state: 'Karnataka' },
      }),
    ).rejects.toThrow(InvalidGstinError);
    expect((await world.users.getUser(BUYER.userId))?.billing).toBeUndefined();
  });

  it('checks the billing details as the profile does: a GSTIN of another state is refused', async () => {
    const { world, deps } = arrange();

    await expect(
      createOrder(deps, BUYER, {
        ...SMALL,
        billing: { ...SAMPLE_BUYER_OTHER_STATE, state: 'Karnataka' },
      }),
    ).rejects.toThrow(InvalidGstinError);
    expect(world.gateway.createdOrders).toEqual([]);
  });

  it('takes a smaller order without billing details, with no tax split and the seller frozen', async () => {
    const { world, deps } = arrange();

    const answer = await createOrder(deps, BUYER, SMALL);

    expect(answer.quote.tax).toBeUndefined();
    const order = world.orders.items.get(answer.orderId);
    expect(order?.billing).toBeUndefined();
    expect(order?.seller).toEqual(SAMPLE_SELLER);
  });

  it('fulfilment copies the frozen details to the purchase, which a later profile change leaves alone', async () => {
    const { world, deps } = arrange();
    const answer = await createOrder(deps, BUYER, { ...LARGE, billing: SAMPLE_BUYER_OTHER_STATE });
    const order = world.orders.items.get(answer.orderId);
    if (!order) throw new Error('no order');

    await world.users.updateProfile(
      BUYER.userId,
      { billing: SAMPLE_BUYER_SAME_STATE },
      '2026-11-22T02:01:00.000Z',
    );
    const result = await fulfilPayment(world, order, {
      paymentId: 'pay_Billing0001',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });

    expect(result.outcome === 'fulfilled' && result.purchase).toMatchObject({
      billing: SAMPLE_BUYER_OTHER_STATE,
      seller: SAMPLE_SELLER,
      invoiceNumber: 'INV/26-27/000001',
      invoiceIssuedAt: '2026-11-22T02:00:00.000Z',
    });
  });
});

describe('checkout handler: billing', () => {
  function handler() {
    const { deps } = arrange();
    return makeHandler(deps);
  }
  const post = (file: string, body: unknown): APIGatewayProxyEventV2 =>
    httpEvent(file, { body: JSON.stringify(body) });

  it('answers 400 billing_address_required to a large order without an address', async () => {
    const answer = parse(await handler()(post('post-checkout-orders.json', LARGE)));

    expect(answer.statusCode).toBe(400);
    expect(answer.json).toMatchObject({
      error: { code: 'billing_address_required', message: expect.stringMatching(/₹50,000/) },
    });
  });

  it('answers the quote with its tax split for a billing state', async () => {
    const answer = parse(
      await handler()(post('post-checkout-quote.json', { ...SMALL, billingState: 'Delhi' })),
    );

    expect(answer.statusCode).toBe(200);
    expect(answer.json).toMatchObject({
      tax: { placeOfSupply: { state: 'Delhi', code: '07' }, igstPaise: 539_784 },
    });
  });

  it('answers 400 to billing details with a field it does not know', async () => {
    const answer = parse(
      await handler()(
        post('post-checkout-orders.json', {
          ...SMALL,
          billing: { ...SAMPLE_BUYER_SAME_STATE, country: 'IN' },
        }),
      ),
    );

    expect(answer.statusCode).toBe(400);
    expect(answer.json).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
