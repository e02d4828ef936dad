/**
 * Fulfilment on the DynamoDB adapters against dynalite (in memory, in this process): what the
 * conditional writes add up to when several payments and deliveries meet at once, as the local
 * stack's DynamoDB runs them. Each port's own rules are specified in tests/unit/contracts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDocumentCounters } from '../../../../lambdas/adapters/dynamodb/counters-table';
import { DynamoOrdersStore } from '../../../../lambdas/adapters/dynamodb/orders-table';
import { DynamoPurchasesStore } from '../../../../lambdas/adapters/dynamodb/purchases-table';
import { DynamoServicesStore } from '../../../../lambdas/adapters/dynamodb/services-table';
import { DynamoUsersStore } from '../../../../lambdas/adapters/dynamodb/users-table';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { quote, type Months } from '../../../../lambdas/domain/pricing';
import { addMonths } from '../../../../lambdas/domain/services';
import type { OrderRecord } from '../../../../lambdas/ports/orders';
import { serviceIdFor } from '../../../../lambdas/use-cases/extend-service';
import {
  fulfilPayment,
  type FulfilPaymentDeps,
} from '../../../../lambdas/use-cases/fulfil-payment';
import { startDynalite, type Dynalite } from '../../../helpers/dynalite';
import { RecordingEventPublisher, RecordingLog } from '../../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

const PAID_AT = new Date('2026-11-22T02:00:00.000Z');

function backend(): FulfilPaymentDeps & { events: RecordingEventPublisher } {
  return {
    orders: new DynamoOrdersStore(db.client, db.table('orders')),
    purchases: new DynamoPurchasesStore(db.client, db.table('purchases')),
    services: new DynamoServicesStore(db.client, db.table('services')),
    users: new DynamoUsersStore(db.client, db.table('users')),
    events: new RecordingEventPublisher(),
    log: new RecordingLog(),
    now: () => PAID_AT,
    counters: new DynamoDocumentCounters(db.client, db.table('counters')),
  };
}

function order(userId: string, orderId: string, months: Months): OrderRecord {
  const plan = CATALOG.find((p) => p.id === 'premiumhosting');
  if (!plan) throw new Error('catalog has no premiumhosting');
  const q = quote(plan, months);
  return {
    orderId,
    receipt: `rcpt_${orderId}`,
    userId,
    email: 'asha.verma@example.in',
    name: 'Asha Verma',
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months,
    quote: q,
    amountPaise: q.totalPaise,
    currency: 'INR',
    status: 'created',
    createdAt: '2026-11-22T01:00:00.000Z',
    updatedAt: '2026-11-22T01:00:00.000Z',
  };
}

describe('fulfilment on DynamoDB (dynalite)', () => {
  it('8 payments for one plan fulfilled at once give 8 consecutive periods: none is lost', async () => {
    const deps = backend();
    const userId = 'user-eight-tabs';
    const months: Months[] = [12, 1, 24, 36, 12, 1, 24, 12];
    const orders = months.map((m, n) => order(userId, `order_EightTabs${n}`, m));
    for (const o of orders) await deps.orders.putOrder(o);

    const results = await Promise.all(
      orders.map((o, n) =>
        fulfilPayment(deps, o, {
          paymentId: `pay_EightTabs${n}`,
          orderId: o.orderId,
          amountPaise: o.amountPaise,
          currency: 'INR',
        }),
      ),
    );

    const end = addMonths(
      PAID_AT,
      months.reduce((sum, m) => sum + m, 0),
    ).toISOString();
    expect(results.map((r) => r.outcome)).toEqual(months.map(() => 'fulfilled'));
    const [service] = await deps.services.listServices(userId);
    expect(service).toMatchObject({
      serviceId: serviceIdFor(userId, { planId: 'premiumhosting' }),
      renewalDate: end,
      version: 8,
    });
    const purchases = await deps.purchases.listPurchases(userId);
    const periods = purchases
      .map((p) => ({ start: p.startDate, end: p.renewalDate }))
      .sort((a, b) => a.start.localeCompare(b.start));
    expect(periods[0]?.start).toBe(PAID_AT.toISOString());
    for (let i = 1; i < periods.length; i += 1) expect(periods[i]?.start).toBe(periods[i - 1]?.end);
    for (const p of purchases)
      expect(service?.periods[p.purchaseId]?.renewalDate).toBe(p.renewalDate);
    expect((await deps.users.getUser(userId))?.expiry).toBe(end);
    expect(deps.events.published).toHaveLength(8);
  });

  it('verify and the webhook racing on each of 3 payments extend the service 3 times, not 6', async () => {
    const deps = backend();
    const userId = 'user-races';
    const orders = [1, 2, 3].map((n) => order(userId, `order_Races${n}`, 12));
    for (const o of orders) await deps.orders.putOrder(o);

    await Promise.all(
      orders.flatMap((o, n) => {
        const payment = {
          paymentId: `pay_Races${n}`,
          orderId: o.orderId,
          amountPaise: o.amountPaise,
          currency: 'INR',
        };
        return [fulfilPayment(deps, o, payment), fulfilPayment(deps, o, payment)];
      }),
    );

    const [service] = await deps.services.listServices(userId);
    expect(service).toMatchObject({
      version: 3,
      renewalDate: addMonths(PAID_AT, 36).toISOString(),
    });
    expect(await deps.purchases.listPurchases(userId)).toHaveLength(3);
    for (const o of orders) expect((await deps.orders.getOrder(o.orderId))?.status).toBe('paid');
  });
});
