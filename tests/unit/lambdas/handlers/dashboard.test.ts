import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../lambdas/handlers/dashboard';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { httpEvent, parse, resetWorld, withoutAuthorizer, world } from './handler-world';

vi.mock(
  '../../../../lambdas/handlers/deps/stores',
  async () => (await import('./handler-world')).storesModule,
);

describe('dashboard handler', () => {
  beforeEach(() => resetWorld());

  it('creates the user from the token claims and answers services and payments', async () => {
    const order = await world.givenOrder();
    await fulfilPayment(world, order, {
      paymentId: 'pay_1',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });
    world.users.items.clear();

    const { statusCode, json } = parse(await handler(httpEvent('get-dashboard.json')));

    expect(statusCode).toBe(200);
    expect(json.user).toMatchObject({
      id: '5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c',
      phone: '+919876543210',
    });
    expect(json.services).toHaveLength(1);
    expect(json.payments).toMatchObject([{ status: 'paid', paymentId: 'pay_1' }]);
    expect(world.users.items.get('5f0c8b2e-6a1d-4c3e-9b7a-1d2e3f4a5b6c')).toMatchObject({
      name: 'Asha Verma',
      email: 'asha.verma@example.in',
    });
  });

  it('answers 401 without claims', async () => {
    const { statusCode } = parse(await handler(withoutAuthorizer(httpEvent('get-dashboard.json'))));

    expect(statusCode).toBe(401);
    expect(world.users.items.size).toBe(0);
  });
});
