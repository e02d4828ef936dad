/**
 * The DynamoDB adapters against dynalite (in memory, in this process): the conditional writes and
 * update expressions that exactly-once rests on, as the local stack's DynamoDB runs them.
 */
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '../../../../lambdas/system/facts';
import { DynamoWelcomeMailClaims } from '../../../../lambdas/adapters/dynamodb/idempotency-table';
import { DynamoOrdersStore } from '../../../../lambdas/adapters/dynamodb/orders-table';
import { DynamoPurchasesStore } from '../../../../lambdas/adapters/dynamodb/purchases-table';
import { DynamoUsersStore } from '../../../../lambdas/adapters/dynamodb/users-table';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import { quote } from '../../../../lambdas/domain/pricing';
import type { OrderRecord } from '../../../../lambdas/ports/orders';
import type { PurchaseRecord } from '../../../../lambdas/ports/purchases';

type DynaliteFactory = (options: Record<string, unknown>) => Server;
const dynalite = createRequire(import.meta.url)('dynalite') as DynaliteFactory;

let server: Server;
let client: DynamoDBDocumentClient;
const name = (id: string) => () => `t-${id}`;

beforeAll(async () => {
  server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const raw = new DynamoDBClient({
    region: 'ap-south-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  for (const table of TABLES) {
    const keys = [table.partitionKey, ...('sortKey' in table ? [table.sortKey] : [])];
    const indexes = 'globalSecondaryIndexes' in table ? table.globalSecondaryIndexes : [];
    const attributes = new Map(
      [...keys, ...indexes.flatMap((i) => [i.partitionKey, i.sortKey])].map((k) => [
        k.name,
        k.type,
      ]),
    );
    await raw.send(
      new CreateTableCommand({
        TableName: `t-${table.id}`,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
          AttributeName,
          AttributeType,
        })),
        KeySchema: keys.map((k, i) => ({
          AttributeName: k.name,
          KeyType: i === 0 ? 'HASH' : 'RANGE',
        })),
        GlobalSecondaryIndexes: indexes.length
          ? indexes.map((i) => ({
              IndexName: i.indexName,
              KeySchema: [
                { AttributeName: i.partitionKey.name, KeyType: 'HASH' as const },
                { AttributeName: i.sortKey.name, KeyType: 'RANGE' as const },
              ],
              Projection: { ProjectionType: 'ALL' as const },
            }))
          : undefined,
      }),
    );
  }
});

afterAll(async () => {
  client?.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function order(orderId: string, createdAt: string): OrderRecord {
  const plan = CATALOG[3];
  if (!plan) throw new Error('catalog');
  const q = quote(plan, 12);
  return {
    orderId,
    receipt: `rcpt_${orderId}`,
    userId: 'u1',
    email: 'a@example.in',
    name: 'A',
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: 12,
    quote: q,
    amountPaise: q.totalPaise,
    currency: 'INR',
    status: 'created',
    createdAt,
    updatedAt: createdAt,
  };
}

describe('DynamoDB adapters on dynalite', () => {
  it('moves an order created → failed → paid, and never back from paid', async () => {
    const orders = new DynamoOrdersStore(client, name('orders'));
    await orders.putOrder(order('order_1', '2026-11-22T01:00:00.000Z'));
    const mark = {
      orderId: 'order_1',
      paymentId: 'pay_f',
      at: '2026-11-22T01:01:00.000Z',
      reason: 'declined',
    };

    expect(await orders.markFailed(mark)).toBe(true);
    await orders.markPaid({ ...mark, paymentId: 'pay_ok' });
    expect(await orders.markFailed(mark)).toBe(false);
    expect(await orders.markReview(mark)).toBe(false);
    await orders.markPaid({ ...mark, paymentId: 'pay_other' });

    expect(await orders.getOrder('order_1')).toMatchObject({ status: 'paid', paymentId: 'pay_ok' });
    await expect(orders.putOrder(order('order_1', 'x'))).rejects.toThrow();
  });

  it("lists a buyer's orders newest first through the byUser index", async () => {
    const orders = new DynamoOrdersStore(client, name('orders'));
    await orders.putOrder(order('order_2', '2026-11-22T03:00:00.000Z'));

    const listed = await orders.listOrdersForUser('u1');

    expect(listed.map((o) => o.orderId)).toEqual(['order_2', 'order_1']);
  });

  it('writes a purchase once and marks its event once', async () => {
    const purchases = new DynamoPurchasesStore(client, name('purchases'));
    const purchase = {
      userId: 'u1',
      purchaseId: 'pur_pay_1',
      planId: 'basichosting',
      renewalDate: 'r1',
    } as PurchaseRecord;

    const results = await Promise.all([1, 2, 3].map(() => purchases.createPurchase(purchase)));
    await purchases.markEventPublished('u1', 'pur_pay_1', 'first');
    await purchases.markEventPublished('u1', 'pur_pay_1', 'second');

    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await purchases.getPurchase('u1', 'pur_pay_1')).toMatchObject({
      eventPublishedAt: 'first',
    });
    expect(await purchases.listPurchases('u1')).toHaveLength(1);
  });

  it('applies a purchase to the user once, creating the record if needed', async () => {
    const users = new DynamoUsersStore(client, name('users'));
    const application = {
      userId: 'u2',
      purchaseId: 'pur_pay_1',
      currentPlan: 'basichosting',
      expiry: '2027-11-22T00:00:00.000Z',
      email: 'b@example.in',
      name: 'B',
      at: '2026-11-22T00:00:00.000Z',
    };

    expect(await users.applyPurchase(application)).toBe(true);
    expect(await users.applyPurchase({ ...application, expiry: 'later' })).toBe(false);
    expect(
      await users.applyPurchase({
        ...application,
        purchaseId: 'pur_pay_2',
        currentPlan: 'basicvps',
      }),
    ).toBe(true);

    expect(await users.getUser('u2')).toEqual({
      userId: 'u2',
      email: 'b@example.in',
      name: 'B',
      phone: '',
      createdAt: '2026-11-22T00:00:00.000Z',
      currentPlan: 'basicvps',
      expiry: '2027-11-22T00:00:00.000Z',
    });
    expect(
      (
        await users.createUserIfMissing({
          userId: 'u2',
          email: 'x',
          name: 'X',
          phone: '',
          createdAt: 'y',
        })
      ).name,
    ).toBe('B');
  });

  it('claims a welcome mail once, releases only its own claim, and takes over a stale one', async () => {
    const claims = new DynamoWelcomeMailClaims(client, name('idempotency'), 60_000);
    const now = new Date('2026-11-22T02:00:00.000Z');

    const results = await Promise.all(
      ['evt-1', 'evt-2', 'evt-3'].map((d) => claims.claim('pur_1', d, now)),
    );
    const winners = results.filter((r) => r.state === 'claimed');
    await claims.release('pur_1', 'not-the-token');
    const whileHeld = await claims.claim('pur_1', 'evt-4', now);
    const afterLease = await claims.claim('pur_1', 'evt-5', new Date(now.getTime() + 3 * 60_000));
    if (afterLease.state !== 'claimed') throw new Error('no claim after the lease');
    await claims.complete('pur_1', afterLease.token, now);
    const afterSent = await claims.claim('pur_1', 'evt-6', new Date(now.getTime() + 60 * 60_000));

    expect(winners).toHaveLength(1);
    expect(whileHeld).toMatchObject({ state: 'held' });
    expect(afterSent).toEqual({ state: 'sent' });
  });
});
