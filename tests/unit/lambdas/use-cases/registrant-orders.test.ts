/**
 * An order that registers a name (a domain plan's, a bundle's, a hosting's free first-year one) or
 * transfers one in needs the registrant's address and mobile number (D23). The checkout saves them
 * to the profile first; an old client that orders without them is refused at once, before Razorpay
 * hears of it, instead of paying for a name that would wait out of step.
 */
import { describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { RegistrantDetailsRequiredError } from '../../../../lambdas/domain/registrant';
import { makeHandler } from '../../../../lambdas/handlers/checkout';
import { createOrder, type CreateOrderInput } from '../../../../lambdas/use-cases/create-order';
import { SAMPLE_BUYER_SAME_STATE } from '../../../../lambdas/templates/invoice/sample';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';
import { httpEvent, parse } from '../handlers/handler-world';

function arrange() {
  const world = fakeWorld();
  const deps = { ...world, plans: cachedPlans(new InMemoryPlansStore()) };
  return { world, deps };
}

/** A buyer whose sign-up carried no phone, with no billing details saved. */
const NO_PHONE = { ...BUYER, phone: '' };

const ORDERS: [string, CreateOrderInput][] = [
  ['a domain', { planId: 'basicdomain', years: 1, domain: 'asharao.com' }],
  [
    'a transfer in',
    {
      planId: 'basicdomain',
      years: 1,
      domain: 'asharao.com',
      transfer: { authCode: 'Xy7-secret' },
    },
  ],
  [
    "a bundle's domain",
    { planId: 'basicbundle', months: 12, domain: 'asharao.in', registerDomain: 'asharao.in' },
  ],
  [
    "a hosting's free domain",
    { planId: 'premiumhosting', months: 12, domain: 'asharao.in', registerDomain: 'asharao.com' },
  ],
];

describe('an order that registers a name needs its registrant (D23)', () => {
  it.each(ORDERS)(
    '%s without an address or phone: refused, no Razorpay order, nothing stored',
    async (_, input) => {
      const { world, deps } = arrange();

      const refused = createOrder(deps, NO_PHONE, input);

      await expect(refused).rejects.toBeInstanceOf(RegistrantDetailsRequiredError);
      await expect(refused).rejects.toMatchObject({
        code: 'registrant_details_required',
        gaps: ['address', 'phone'],
      });
      expect(world.gateway.createdOrders).toHaveLength(0);
      expect(world.orders.items.size).toBe(0);
    },
  );

  it('names only what is missing: the phone when the order carries the address', async () => {
    const { world, deps } = arrange();

    const refused = createOrder(deps, NO_PHONE, {
      ...ORDERS[0]![1],
      billing: SAMPLE_BUYER_SAME_STATE,
    });

    await expect(refused).rejects.toMatchObject({
      gaps: ['phone'],
      message: expect.stringMatching(/registrant's mobile number before/),
    });
    expect(world.gateway.createdOrders).toHaveLength(0);
  });

  it.each(ORDERS)(
    '%s: accepted with the address typed at checkout (it becomes the profile’s)',
    async (_, input) => {
      const { world, deps } = arrange();

      const answer = await createOrder(deps, BUYER, { ...input, billing: SAMPLE_BUYER_SAME_STATE });

      expect(world.orders.items.get(answer.orderId)).toBeDefined();
      expect((await world.users.getUser(BUYER.userId))?.billing).toEqual(SAMPLE_BUYER_SAME_STATE);
    },
  );

  it('accepted when the saved profile already holds the address and phone', async () => {
    const { world, deps } = arrange();
    await world.givenRegistrant();

    const answer = await createOrder(deps, BUYER, ORDERS[0]![1]);

    expect(world.gateway.createdOrders).toHaveLength(1);
    expect(world.orders.items.get(answer.orderId)?.domain).toBe('asharao.com');
  });

  it('asks nothing of an order that registers no name (a bundle whose domain is chosen later)', async () => {
    const { world, deps } = arrange();

    await createOrder(deps, NO_PHONE, { planId: 'basicbundle', months: 12, domain: 'asharao.in' });
    await createOrder(deps, NO_PHONE, {
      planId: 'premiumhosting',
      months: 12,
      domain: 'asharao.in',
    });

    expect(world.gateway.createdOrders).toHaveLength(2);
  });

  it('POST /api/checkout/orders answers 400 registrant_details_required with the sentence', async () => {
    const world = fakeWorld();
    const plans = new InMemoryPlansStore();
    const handler = makeHandler({ ...world, plans: () => plans.listPlans() });
    const body = JSON.stringify({ planId: 'basicdomain', domain: 'asharao.com', years: 1 });

    const { statusCode, json } = parse(
      await handler(httpEvent('post-checkout-orders.json', { body })),
    );

    expect(statusCode).toBe(400);
    expect(json).toEqual({
      error: {
        code: 'registrant_details_required',
        message:
          "The domain registry needs the registrant's postal address (line 1, city, state and PIN code) before a name is registered in your name. Please add them to your billing details in Settings, then pay.",
      },
    });
    expect(world.gateway.createdOrders).toHaveLength(0);
  });
});
