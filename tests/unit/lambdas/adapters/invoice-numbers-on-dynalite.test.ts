/**
 * Tax invoice numbers (D15) taken by the whole fulfilment on the DynamoDB adapters, against
 * dynalite in this process: many buyers' payments fulfilled at once, each by its checkout callback
 * and its webhook together, get consecutive numbers with none skipped and none twice, and each
 * PurchaseCompleted names its purchase's number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDocumentCounters } from '../../../../lambdas/adapters/dynamodb/counters-table';
import { DynamoOrdersStore } from '../../../../lambdas/adapters/dynamodb/orders-table';
import { DynamoPurchasesStore } from '../../../../lambdas/adapters/dynamodb/purchases-table';
import { DynamoServicesStore } from '../../../../lambdas/adapters/dynamodb/services-table';
import { DynamoUsersStore } from '../../../../lambdas/adapters/dynamodb/users-table';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { quote } from '../../../../lambdas/domain/pricing';
import type { OrderRecord } from '../../../../lambdas/ports/orders';
import {
  fulfilPayment,
  type FulfilPaymentDeps,
} from '../../../../lambdas/use-cases/fulfil-payment';
import { startDynalite, type Dynalite } from '../../../helpers/dynalite';
import { RecordingEventPublisher, RecordingLog } from '../../../helpers/fakes/stores';
import {
  SAMPLE_BUYER_OTHER_STATE,
  SAMPLE_SELLER,
} from '../../../../lambdas/templates/invoice/sample';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

const PAID_AT = new Date('2026-11-22T02:00:00.000Z');
const BUYERS = 24;

function backend(): FulfilPaymentDeps & {
  events: RecordingEventPublisher;
  counters: DynamoDocumentCounters;
} {
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

function order(n: number): OrderRecord {
  const plan = CATALOG.find((p) => p.id === 'basichosting');
  if (!plan) throw new Error('catalog has no basichosting');
  const q = quote(plan, 12);
  return {
    orderId: `order_Crowd${String(n).padStart(3, '0')}`,
    receipt: `rcpt_crowd${n}`,
    userId: `user-crowd-${n}`,
    email: `buyer${n}@example.in`,
    name: `Buyer ${n}`,
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: 12,
    quote: q,
    billing: SAMPLE_BUYER_OTHER_STATE,
    seller: SAMPLE_SELLER,
    amountPaise: q.totalPaise,
    currency: 'INR',
    status: 'created',
    createdAt: '2026-11-22T01:00:00.000Z',
    updatedAt: '2026-11-22T01:00:00.000Z',
  };
}

describe('invoice numbers on DynamoDB (dynalite)', () => {
  it(`${BUYERS} buyers paying at once, each fulfilled twice at once, get numbers 1 to ${BUYERS}, each once`, async () => {
    const deps = backend();
    const orders = Array.from({ length: BUYERS }, (_, i) => order(i + 1));
    for (const o of orders) await deps.orders.putOrder(o);

    await Promise.all(
      orders.flatMap((o, n) => {
        const payment = {
          paymentId: `pay_Crowd${String(n).padStart(3, '0')}`,
          orderId: o.orderId,
          amountPaise: o.amountPaise,
          currency: 'INR',
        };
        return [fulfilPayment(deps, o, payment), fulfilPayment(deps, o, payment)];
      }),
    );

    const purchases = (
      await Promise.all(orders.map((o) => deps.purchases.listPurchases(o.userId)))
    ).flat();
    const expected = Array.from(
      { length: BUYERS },
      (_, i) => `INV/26-27/${String(i + 1).padStart(6, '0')}`,
    );
    expect(purchases).toHaveLength(BUYERS);
    expect(purchases.map((p) => p.invoiceNumber).sort()).toEqual(expected);
    for (const p of purchases) {
      expect(p.invoiceIssuedAt).toBe(p.createdAt);
      expect(p.billing).toEqual(SAMPLE_BUYER_OTHER_STATE);
      expect(p.seller).toEqual(SAMPLE_SELLER);
    }
    expect(await deps.counters.read('INV/26-27')).toEqual({ series: 'INV/26-27', last: BUYERS });
    const announced = new Map(
      deps.events.published.map((detail) => [detail.purchaseId, detail.invoiceNumber]),
    );
    for (const p of purchases) expect(announced.get(p.purchaseId)).toBe(p.invoiceNumber);
  });
});
