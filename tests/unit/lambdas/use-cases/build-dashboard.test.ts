import { describe, expect, it, vi } from 'vitest';
import { buildDashboard } from '../../../../lambdas/use-cases/build-dashboard';
import { serviceIdFor } from '../../../../lambdas/use-cases/extend-service';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { BUYER, fakeWorld, type FakeWorld } from '../../../helpers/fakes/world';

async function pay(
  world: FakeWorld,
  orderId: string,
  overrides: Parameters<FakeWorld['givenOrder']>[0] = {},
) {
  const order = await world.givenOrder({ orderId, receipt: `rcpt_${orderId}`, ...overrides });
  const result = await fulfilPayment(world, order, {
    paymentId: `pay_${orderId}`,
    orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (result.outcome !== 'fulfilled') throw new Error('not fulfilled');
  return result.purchase;
}

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
    expect(answer.services.map((s) => [s.id, s.planId, s.status, s.domain])).toEqual([
      [serviceIdFor(BUYER.userId, { planId: 'basichosting' }), 'basichosting', 'active', undefined],
      [
        serviceIdFor(BUYER.userId, { planId: 'basicdomain', domain: 'asha.in' }),
        'basicdomain',
        'expired',
        'asha.in',
      ],
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
      // The first tax invoice of the financial year April 2026 to March 2027 (D15).
      invoiceNumber: 'INV/26-27/000001',
    });
  });

  it('shows a renewed service once: paid up to its last period, as its latest payment bought it', async () => {
    const world = fakeWorld(new Date('2026-01-10T00:00:00.000Z'));
    await pay(world, 'order_First');
    world.setNow(new Date('2026-06-01T00:00:00.000Z'));
    await pay(world, 'order_Renewal', { months: 24 });
    world.setNow(new Date('2026-07-01T00:00:00.000Z'));

    const answer = await buildDashboard(world, BUYER);

    expect(answer.services).toEqual([
      {
        id: serviceIdFor(BUYER.userId, { planId: 'basichosting' }),
        planId: 'basichosting',
        name: 'Basic Hosting',
        category: 'hosting',
        months: 24,
        purchaseDate: '2026-06-01T00:00:00.000Z',
        renewalDate: '2029-01-10T00:00:00.000Z',
        status: 'active',
        // Paid, and never delivered in this world (D22).
        state: 'setting_up',
        pricePaidPaise: (await world.orders.getOrder('order_Renewal'))?.amountPaise,
        renewable: true,
        // 1 July 2026 to 10 January 2029, India's calendar days.
        daysLeft: 924,
        // Nothing has delivered it in this world yet.
        provisioning: { state: 'pending' },
        // Off until the buyer turns it on (D25).
        autoRenew: false,
        // The renewal is inside its 30 days (D16): cancelling refunds it, back to the first period.
        refundableUntil: '2026-07-01T18:29:59.999Z',
        refundablePaise: (await world.orders.getOrder('order_Renewal'))?.amountPaise,
        runsUntilAfterCancel: '2027-01-10T00:00:00.000Z',
      },
    ]);
    expect(answer.payments.map((p) => p.orderId)).toEqual(['order_Renewal', 'order_First']);
  });

  it('shows each service’s delivery from its own item: ready hosting with its access, a VPS with an operator', async () => {
    const world = fakeWorld(new Date('2026-01-10T00:00:00.000Z'));
    await pay(world, 'order_Hosting');
    await pay(world, 'order_Vps', { planId: 'basicvps' });
    const hosting = serviceIdFor(BUYER.userId, { planId: 'basichosting' });
    const vps = serviceIdFor(BUYER.userId, { planId: 'basicvps' });
    const item = (id: string) => world.services.items.get(`${BUYER.userId}#${id}`)!;
    item(hosting).provisioning = {
      state: 'ready',
      username: 'ash3k9x2m7q',
      domain: 'ashaverma.in',
      package: 'storefront_basic',
      server: 'server1.example.in',
      nameservers: ['ns1.example.in', 'ns2.example.in'],
      panelUrl: 'https://server1.example.in:2083',
      readyAt: '2026-01-10T00:01:00.000Z',
      updatedAt: '2026-01-10T00:01:00.000Z',
      claim: { token: 'a-claim-token', by: 'delivery', at: 0 },
    };
    item(vps).provisioning = { state: 'manual', updatedAt: '2026-01-10T00:00:05.000Z' };

    const answer = await buildDashboard(world, BUYER);

    const byId = new Map(answer.services.map((s) => [s.id, s.provisioning]));
    expect(byId.get(hosting)).toEqual({
      state: 'ready',
      username: 'ash3k9x2m7q',
      server: 'server1.example.in',
      nameservers: ['ns1.example.in', 'ns2.example.in'],
      panelUrl: 'https://server1.example.in:2083',
    });
    expect(byId.get(vps)).toEqual({ state: 'manual' });
  });

  it('reads services, purchases, unsettled orders and refunds in one query each, whatever the buyer holds', async () => {
    const world = fakeWorld(new Date('2026-01-10T00:00:00.000Z'));
    for (const planId of ['basichosting', 'basicvps', 'basicstorage']) {
      await pay(world, `order_${planId}`, { planId });
    }
    const reads = [
      vi.spyOn(world.services, 'listServiceSummaries'),
      vi.spyOn(world.purchases, 'listPurchaseSummaries'),
      vi.spyOn(world.orders, 'listUnsettledOrders'),
      vi.spyOn(world.refunds, 'listForUser'),
    ];
    // Whole items (a purchase's frozen quote and seller, every paid order) are not read.
    const notRead = [
      vi.spyOn(world.services, 'listServices'),
      vi.spyOn(world.purchases, 'listPurchases'),
      vi.spyOn(world.orders, 'listOrdersForUser'),
      vi.spyOn(world.services, 'getService'),
      vi.spyOn(world.purchases, 'getPurchase'),
      vi.spyOn(world.orders, 'getOrder'),
    ];

    const answer = await buildDashboard(world, BUYER);

    expect(answer.services).toHaveLength(3);
    expect(answer.payments).toHaveLength(3);
    for (const read of reads) expect(read).toHaveBeenCalledTimes(1);
    for (const read of notRead) expect(read).not.toHaveBeenCalled();
  });

  it('shows services bought before services were stored, from their purchases', async () => {
    const world = fakeWorld(new Date('2026-01-10T00:00:00.000Z'));
    await pay(world, 'order_Old1');
    world.setNow(new Date('2026-02-10T00:00:00.000Z'));
    await pay(world, 'order_Old2');
    // As those purchases were recorded then: no service item, no serviceId.
    world.recordedBeforeServices();

    const answer = await buildDashboard(world, BUYER);

    expect(answer.services).toEqual([
      expect.objectContaining({
        id: serviceIdFor(BUYER.userId, { planId: 'basichosting' }),
        purchaseDate: '2026-02-10T00:00:00.000Z',
        renewalDate: '2028-01-10T00:00:00.000Z',
        status: 'active',
      }),
    ]);
    expect(answer.payments).toHaveLength(2);
  });
});
