import { describe, expect, it } from 'vitest';
import {
  InvalidMonthsError,
  InvalidPromoCodeError,
  PlanNotFoundError,
} from '../../../../lambdas/domain/errors';
import { createOrder } from '../../../../lambdas/use-cases/create-order';
import { PaymentProviderError } from '../../../../lambdas/use-cases/errors';
import { cachedPlans } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { InMemoryPlansStore } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';

function arrange() {
  const world = fakeWorld();
  const deps = {
    ...world,
    plans: cachedPlans(new InMemoryPlansStore()),
    newReceipt: () => 'rcpt_fixed',
  };
  return { world, deps };
}

describe('createOrder', () => {
  it("prices on the server, creates the Razorpay order for the quote's total and stores it", async () => {
    const { world, deps } = arrange();

    const answer = await createOrder(deps, BUYER, {
      planId: 'basichosting',
      months: 24,
      promoCode: 'HOST10',
    });

    // 2,499 × 24 = 59,976.00; −20% = 47,980.80; −10% = 43,182.72; +18% = 50,955.61
    expect(answer).toMatchObject({
      keyId: 'rzp_test_local',
      amountPaise: 5_095_561,
      currency: 'INR',
      prefill: { name: 'Asha Verma', email: 'asha.verma@example.in', contact: '+919876543210' },
    });
    expect(answer.quote.totalPaise).toBe(5_095_561);
    expect(world.gateway.createdOrders).toEqual([
      {
        id: answer.orderId,
        amountPaise: 5_095_561,
        currency: 'INR',
        receipt: 'rcpt_fixed',
        notes: {
          userId: BUYER.userId,
          planId: 'basichosting',
          months: '24',
          promoCode: 'HOST10',
          domain: '',
        },
      },
    ]);
    expect(world.orders.items.get(answer.orderId)).toMatchObject({
      orderId: answer.orderId,
      receipt: 'rcpt_fixed',
      userId: BUYER.userId,
      status: 'created',
      amountPaise: 5_095_561,
      promoCode: 'HOST10',
    });
    expect(world.users.items.get(BUYER.userId)).toMatchObject({
      email: BUYER.email,
      phone: BUYER.phone,
    });
  });

  it('carries the domain into the order (D13)', async () => {
    const { world, deps } = arrange();
    await world.givenRegistrant();

    const answer = await createOrder(deps, BUYER, {
      planId: 'basicdomain',
      months: 12,
      domain: 'ashaverma.com',
    });

    expect(world.orders.items.get(answer.orderId)?.domain).toBe('ashaverma.com');
    expect(world.gateway.createdOrders[0]?.notes.domain).toBe('ashaverma.com');
  });

  it('refuses unknown plans, months and promo codes before calling Razorpay', async () => {
    const { world, deps } = arrange();

    await expect(createOrder(deps, BUYER, { planId: 'nope', months: 12 })).rejects.toBeInstanceOf(
      PlanNotFoundError,
    );
    await expect(
      createOrder(deps, BUYER, { planId: 'basicvps', months: 6 }),
    ).rejects.toBeInstanceOf(InvalidMonthsError);
    await expect(
      createOrder(deps, BUYER, { planId: 'basicvps', months: 12, promoCode: 'host10' }),
    ).rejects.toBeInstanceOf(InvalidPromoCodeError);
    expect(world.gateway.createdOrders).toEqual([]);
    expect(world.orders.items.size).toBe(0);
  });

  it('answers a clear error and stores nothing when Razorpay fails', async () => {
    const { world, deps } = arrange();
    world.gateway.failNextCreate = true;

    await expect(
      createOrder(deps, BUYER, { planId: 'basicvps', months: 12 }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    expect(world.orders.items.size).toBe(0);
  });
});
