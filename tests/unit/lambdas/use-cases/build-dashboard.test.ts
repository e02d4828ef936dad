import { describe, expect, it } from 'vitest';
import { buildDashboard } from '../../../../lambdas/use-cases/build-dashboard';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { BUYER, fakeWorld } from '../../../helpers/fakes/world';

describe('buildDashboard', () => {
  it('creates the user record from the token claims when it is missing', async () => {
    const world = fakeWorld();

    const answer = await buildDashboard(world, BUYER);

    expect(answer).toEqual({
      user: {
        id: BUYER.userId,
        email: BUYER.email,
        name: BUYER.name,
        phone: BUYER.phone,
        currentPlan: null,
        expiry: null,
      },
      services: [],
      payments: [],
    });
    expect(world.users.items.get(BUYER.userId)).toMatchObject({
      createdAt: '2026-11-22T02:00:00.000Z',
    });
    expect(JSON.stringify([...world.users.items.values()])).not.toMatch(/password/i);
  });

  it('lists services with their own status (D4) and payments newest first, failed and review too', async () => {
    const world = fakeWorld(new Date('2025-01-10T00:00:00.000Z'));
    const domain = await world.givenOrder({
      orderId: 'order_A',
      planId: 'basicdomain',
      months: 1,
      domain: 'asha.in',
    });
    await fulfilPayment(world, domain, {
      paymentId: 'pay_A',
      orderId: 'order_A',
      amountPaise: domain.amountPaise,
      currency: 'INR',
    });
    world.setNow(new Date('2026-11-01T00:00:00.000Z'));
    const hosting = await world.givenOrder({ orderId: 'order_B' });
    await fulfilPayment(world, hosting, {
      paymentId: 'pay_B',
      orderId: 'order_B',
      amountPaise: hosting.amountPaise,
      currency: 'INR',
    });
    world.setNow(new Date('2026-11-10T00:00:00.000Z'));
    await world.givenOrder({ orderId: 'order_C', planId: 'basicvps' });
    await world.orders.markFailed({
      orderId: 'order_C',
      paymentId: 'pay_C',
      at: world.now().toISOString(),
      reason: 'declined',
    });
    world.setNow(new Date('2026-11-20T00:00:00.000Z'));

    const answer = await buildDashboard(world, BUYER);

    expect(answer.user).toMatchObject({
      currentPlan: 'basichosting',
      expiry: '2027-11-01T00:00:00.000Z',
    });
    expect(answer.services.map((s) => [s.planId, s.status, s.domain])).toEqual([
      ['basichosting', 'active', undefined],
      ['basicdomain', 'expired', 'asha.in'],
    ]);
    expect(answer.payments.map((p) => [p.orderId, p.status])).toEqual([
      ['order_C', 'failed'],
      ['order_B', 'paid'],
      ['order_A', 'paid'],
    ]);
    expect(answer.payments[1]).toEqual({
      id: 'pur_pay_B',
      date: '2026-11-01T00:00:00.000Z',
      amountPaise: hosting.amountPaise,
      status: 'paid',
      planName: 'Basic Hosting',
      paymentId: 'pay_B',
      orderId: 'order_B',
    });
  });
});
