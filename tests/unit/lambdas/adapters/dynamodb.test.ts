import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { CATALOG } from '../../../../lambdas/domain/catalog';
import {
  DynamoProcessedEvents,
  DynamoWelcomeMailClaims,
} from '../../../../lambdas/adapters/dynamodb/idempotency-table';
import { DynamoOrdersStore } from '../../../../lambdas/adapters/dynamodb/orders-table';
import { DynamoPlansStore } from '../../../../lambdas/adapters/dynamodb/plans-table';
import { DynamoPurchasesStore } from '../../../../lambdas/adapters/dynamodb/purchases-table';
import { DynamoUsersStore } from '../../../../lambdas/adapters/dynamodb/users-table';
import type { PurchaseRecord } from '../../../../lambdas/ports/purchases';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-south-1' }));
const ddb = mockClient(client);
const table = (name: string) => () => name;
const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

beforeEach(() => ddb.reset());

describe('DynamoPlansStore', () => {
  it('reads every page, keeps catalog order, accepts `feature` (D11) and skips broken rows', async () => {
    const [first, second, third] = CATALOG;
    ddb
      .on(ScanCommand)
      .resolvesOnce({
        Items: [{ ...third }, { id: 'broken', name: 'No category' }],
        LastEvaluatedKey: { id: 'broken' },
      })
      .resolvesOnce({
        Items: [{ ...second, features: undefined, feature: ['Old-style feature'] }, { ...first }],
      });

    const plans = await new DynamoPlansStore(client, table('plans')).listPlans();

    expect(plans.map((p) => p.id)).toEqual([first?.id, second?.id, third?.id]);
    expect(plans[1]?.features).toEqual(['Old-style feature']);
    expect(ddb.commandCalls(ScanCommand)[1]?.args[0].input).toMatchObject({
      TableName: 'plans',
      ExclusiveStartKey: { id: 'broken' },
    });
  });
});

describe('DynamoPurchasesStore', () => {
  const purchase = { userId: 'u1', purchaseId: 'pur_pay_1' } as PurchaseRecord;

  it('writes a purchase only if it does not exist', async () => {
    ddb.on(PutCommand).resolves({});

    expect(
      await new DynamoPurchasesStore(client, table('purchases')).createPurchase(purchase),
    ).toBe(true);
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({
      TableName: 'purchases',
      Item: purchase,
      ConditionExpression: 'attribute_not_exists(purchaseId)',
    });
  });

  it('answers false when the purchase exists, and rethrows other errors', async () => {
    const store = new DynamoPurchasesStore(client, table('purchases'));
    ddb.on(PutCommand).rejectsOnce(conditionFailed()).rejectsOnce(new Error('throttled'));

    expect(await store.createPurchase(purchase)).toBe(false);
    await expect(store.createPurchase(purchase)).rejects.toThrow('throttled');
  });

  it('reads consistently and marks the event published once', async () => {
    ddb.on(GetCommand).resolves({ Item: purchase });
    ddb.on(UpdateCommand).resolves({});
    const store = new DynamoPurchasesStore(client, table('purchases'));

    expect(await store.getPurchase('u1', 'pur_pay_1')).toEqual(purchase);
    await store.markEventPublished('u1', 'pur_pay_1', '2026-11-22T02:00:00.000Z');

    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.ConsistentRead).toBe(true);
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: { userId: 'u1', purchaseId: 'pur_pay_1' },
      UpdateExpression: 'SET eventPublishedAt = if_not_exists(eventPublishedAt, :at)',
    });
  });
});

describe('DynamoUsersStore', () => {
  const application = {
    userId: 'u1',
    purchaseId: 'pur_pay_1',
    currentPlan: 'basichosting',
    expiry: '2027-11-22T02:00:00.000Z',
    email: 'a@example.in',
    name: 'A',
    at: '2026-11-22T02:00:00.000Z',
  };

  it('applies a purchase once, conditioned on the per-purchase marker', async () => {
    ddb.on(UpdateCommand).resolvesOnce({}).rejectsOnce(conditionFailed());
    const store = new DynamoUsersStore(client, table('users'));

    expect(await store.applyPurchase(application)).toBe(true);
    expect(await store.applyPurchase(application)).toBe(false);
    const input = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input?.ConditionExpression).toContain('NOT contains(appliedPurchaseIds, :purchaseId)');
    expect(input?.UpdateExpression).toContain('ADD appliedPurchaseIds :purchase');
    expect(input?.ExpressionAttributeValues?.[':purchase']).toEqual(new Set(['pur_pay_1']));
  });

  it('creates a user only when missing and returns the stored one otherwise', async () => {
    const stored = {
      userId: 'u1',
      email: 'old@example.in',
      name: 'Old',
      phone: '',
      createdAt: 'x',
      currentPlan: 'basicvps',
    };
    ddb.on(PutCommand).rejects(conditionFailed());
    ddb.on(GetCommand).resolves({ Item: stored });

    const user = await new DynamoUsersStore(client, table('users')).createUserIfMissing({
      userId: 'u1',
      email: 'new@example.in',
      name: 'New',
      phone: '',
      createdAt: 'y',
    });

    expect(user).toEqual(stored);
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.ConditionExpression).toBe(
      'attribute_not_exists(userId)',
    );
    expect(JSON.stringify(ddb.commandCalls(PutCommand)[0]?.args[0].input)).not.toMatch(/password/i);
  });
});

describe('DynamoOrdersStore', () => {
  const mark = { orderId: 'order_1', paymentId: 'pay_1', at: '2026-11-22T02:00:00.000Z' };

  it('marks paid only forward and ignores an order already paid', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());

    await expect(
      new DynamoOrdersStore(client, table('orders')).markPaid(mark),
    ).resolves.toBeUndefined();
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input.ConditionExpression).toBe(
      'attribute_exists(orderId) AND #status <> :paid',
    );
  });

  it('never marks a paid order failed or for review', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());
    const store = new DynamoOrdersStore(client, table('orders'));

    expect(await store.markFailed({ ...mark, reason: 'declined' })).toBe(false);
    expect(await store.markReview({ ...mark, reason: 'amount' })).toBe(false);
    const [failed, review] = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(failed?.ConditionExpression).toContain('#status IN (:created, :failed)');
    expect(review?.ConditionExpression).toContain('#status <> :paid');
  });

  it("lists a buyer's orders through the byUser index, every page", async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ orderId: 'o2' }], LastEvaluatedKey: { orderId: 'o2' } })
      .resolvesOnce({ Items: [{ orderId: 'o1' }] });

    const orders = await new DynamoOrdersStore(client, table('orders')).listOrdersForUser('u1');

    expect(orders.map((o) => o.orderId)).toEqual(['o2', 'o1']);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'byUser',
      KeyConditionExpression: 'userId = :user',
      ScanIndexForward: false,
    });
  });
});

describe('idempotency table', () => {
  it('remembers processed webhook event ids with an expiry', async () => {
    ddb
      .on(GetCommand)
      .resolvesOnce({})
      .resolvesOnce({ Item: { id: 'razorpay-event#evt_1' } });
    ddb.on(PutCommand).resolves({});
    const events = new DynamoProcessedEvents(client, table('idem'));
    const at = new Date('2026-11-22T02:00:00.000Z');

    expect(await events.isProcessed('evt_1')).toBe(false);
    await events.markProcessed('evt_1', at);
    expect(await events.isProcessed('evt_1')).toBe(true);
    const item = ddb.commandCalls(PutCommand)[0]?.args[0].input.Item;
    expect(item).toMatchObject({ id: 'razorpay-event#evt_1' });
    expect(item?.expiration).toBeGreaterThan(at.getTime() / 1000);
  });

  it('claims a welcome mail once, taking over only a stale claim, and names a live holder', async () => {
    const LEASE_MS = 60_000;
    ddb.on(PutCommand).resolvesOnce({}).rejectsOnce(conditionFailed());
    ddb.on(GetCommand).resolves({
      Item: { id: 'welcome-mail#pur_1', status: 'sending', claimedBy: 'evt-1', claimedAt: 0 },
    });
    const claims = new DynamoWelcomeMailClaims(client, table('idem'), LEASE_MS, () => 'token-1');
    const now = new Date(30_000);

    expect(await claims.claim('pur_1', 'evt-1', now)).toEqual({
      state: 'claimed',
      token: 'token-1',
    });
    expect(await claims.claim('pur_1', 'evt-2', now)).toEqual({ state: 'held', heldBy: 'evt-1' });
    const input = ddb.commandCalls(PutCommand)[0]?.args[0].input;
    expect(input?.ConditionExpression).toBe(
      'attribute_not_exists(id) OR (#status = :sending AND claimedAt < :staleBefore)',
    );
    expect(input?.ExpressionAttributeValues?.[':staleBefore']).toBe(now.getTime() - LEASE_MS);
    expect(input?.Item).toMatchObject({ claimedBy: 'evt-1', status: 'sending' });
  });

  it('releases only its own unsent claim and stores no credential on completion', async () => {
    ddb.on(DeleteCommand).resolves({});
    ddb.on(UpdateCommand).resolves({});
    const claims = new DynamoWelcomeMailClaims(client, table('idem'), 60_000);

    await claims.release('pur_1', 'token-1');
    await claims.complete('pur_1', 'token-1', new Date());

    expect(ddb.commandCalls(DeleteCommand)[0]?.args[0].input).toMatchObject({
      Key: { id: 'welcome-mail#pur_1' },
      ConditionExpression: 'claimToken = :token AND #status = :sending',
    });
    const update = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.UpdateExpression).toBe('SET #status = :sent, sentAt = :at');
    expect(update?.ExpressionAttributeValues).toMatchObject({ ':token': 'token-1' });
  });
});
