import { describe, expect, it } from 'vitest';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { createOrder, UNPAID_ORDERS_LIMIT } from '../../../../lambdas/use-cases/create-order';
import { TooManyUnpaidOrdersError } from '../../../../lambdas/use-cases/errors';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';

function arrange() {
  const world = fakeWorld();
  let receipts = 0;
  const deps = {
    ...world,
    plans: cachedPlans(new InMemoryPlansStore()),
    newReceipt: () => `rcpt_${++receipts}`,
  };
  const order = () => createOrder(deps, BUYER, { planId: 'basichosting', months: 12 });
  return { world, order };
}

describe('the per-buyer limit on unpaid orders', () => {
  it('refuses a sixth unpaid order within the hour before asking Razorpay for one', async () => {
    const { world, order } = arrange();
    for (let i = 0; i < UNPAID_ORDERS_LIMIT.count; i += 1) await order();
    const created = world.gateway.createdOrders.length;

    await expect(order()).rejects.toBeInstanceOf(TooManyUnpaidOrdersError);
    await expect(order()).rejects.toThrow(/several unpaid orders/);
    expect(world.gateway.createdOrders).toHaveLength(created);
  });

  it('counts only unpaid orders: a paid one frees its place', async () => {
    const { world, order } = arrange();
    const first = await order();
    for (let i = 1; i < UNPAID_ORDERS_LIMIT.count; i += 1) await order();
    await world.orders.markPaid({
      orderId: first.orderId,
      paymentId: 'pay_1',
      at: world.now().toISOString(),
    } as Parameters<typeof world.orders.markPaid>[0]);

    await expect(order()).resolves.toMatchObject({ currency: 'INR' });
  });

  it('lets the buyer order again once the hour has passed', async () => {
    const { world, order } = arrange();
    for (let i = 0; i < UNPAID_ORDERS_LIMIT.count; i += 1) await order();
    world.setNow(new Date(world.now().getTime() + UNPAID_ORDERS_LIMIT.windowMs + 1));

    await expect(order()).resolves.toMatchObject({ currency: 'INR' });
  });
});
