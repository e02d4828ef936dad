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
import { DynamoServicesStore } from '../../../../lambdas/adapters/dynamodb/services-table';
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
      UpdateExpression:
        'SET eventPublishedAt = if_not_exists(eventPublishedAt, :at) REMOVE publishClaim',
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

  it('applies a purchase once, and only to a later or equal expiry', async () => {
    ddb.on(UpdateCommand).resolvesOnce({}).rejectsOnce(conditionFailed());
    const store = new DynamoUsersStore(client, table('users'));

    expect(await store.applyPurchase(application)).toBe(true);
    expect(await store.applyPurchase(application)).toBe(false);
    const input = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input?.ConditionExpression).toBe(
      '(attribute_not_exists(appliedPurchaseIds) OR NOT contains(appliedPurchaseIds, :purchaseId)) ' +
        'AND (attribute_not_exists(expiry) OR expiry <= :expiry)',
    );
    expect(input?.UpdateExpression).toContain('ADD appliedPurchaseIds :purchase');
    expect(input?.ExpressionAttributeValues?.[':purchase']).toEqual(new Set(['pur_pay_1']));
    expect(input?.ExpressionAttributeValues?.[':expiry']).toBe('2027-11-22T02:00:00.000Z');
  });

  it('returns the stored user without writing when there is one', async () => {
    const stored = {
      userId: 'u1',
      email: 'old@example.in',
      name: 'Old',
      phone: '',
      createdAt: 'x',
      currentPlan: 'basicvps',
    };
    ddb.on(GetCommand).resolves({ Item: stored });

    const user = await new DynamoUsersStore(client, table('users')).createUserIfMissing({
      userId: 'u1',
      email: 'new@example.in',
      name: 'New',
      phone: '',
      createdAt: 'y',
    });

    expect(user).toEqual(stored);
    expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.ConsistentRead).toBe(true);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('creates a missing user by a put conditioned on absence, and reads back a racing one', async () => {
    const racer = { userId: 'u1', email: 'racer@example.in', name: 'R', phone: '', createdAt: 'x' };
    ddb.on(GetCommand).resolvesOnce({}).resolvesOnce({ Item: racer });
    ddb.on(PutCommand).rejects(conditionFailed());

    const user = await new DynamoUsersStore(client, table('users')).createUserIfMissing({
      userId: 'u1',
      email: 'new@example.in',
      name: 'New',
      phone: '',
      createdAt: 'y',
    });

    expect(user).toEqual(racer);
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.ConditionExpression).toBe(
      'attribute_not_exists(userId)',
    );
    expect(JSON.stringify(ddb.commandCalls(PutCommand)[0]?.args[0].input)).not.toMatch(/password/i);
  });
});

describe('DynamoOrdersStore', () => {
  const mark = { orderId: 'order_1', paymentId: 'pay_1', at: '2026-11-22T02:00:00.000Z' };

  it('marks paid in one update conditioned on the statuses the domain allows', async () => {
    ddb.on(UpdateCommand).resolvesOnce({}).rejectsOnce(conditionFailed());
    const store = new DynamoOrdersStore(client, table('orders'));

    expect(await store.markPaid(mark)).toBe(true);
    expect(await store.markPaid(mark)).toBe(false);
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toEqual({
      TableName: 'orders',
      Key: { orderId: 'order_1' },
      // Paid: out of the dashboard's index of unsettled orders, and a transfer's auth code gone
      // from the order (D23: its service keeps it only until the registrar is asked).
      UpdateExpression:
        'SET #status = :status, #updatedAt = :updatedAt, #paymentId = :paymentId, #paidAt = :paidAt REMOVE #unsettledAt, #transferAuthCode',
      ConditionExpression: 'attribute_exists(orderId) AND #status IN (:from0, :from1, :from2)',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#updatedAt': 'updatedAt',
        '#paymentId': 'paymentId',
        '#paidAt': 'paidAt',
        '#unsettledAt': 'unsettledAt',
        '#transferAuthCode': 'transferAuthCode',
      },
      ExpressionAttributeValues: {
        ':status': 'paid',
        ':updatedAt': mark.at,
        ':paymentId': 'pay_1',
        ':paidAt': mark.at,
        ':from0': 'created',
        ':from1': 'failed',
        ':from2': 'review',
      },
    });
  });

  it('marks failed only from created or failed, review from anything but paid; false when refused', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());
    const store = new DynamoOrdersStore(client, table('orders'));

    expect(await store.markFailed({ ...mark, reason: 'declined' })).toBe(false);
    expect(await store.markReview({ ...mark, reason: 'amount' })).toBe(false);
    const [failed, review] = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(failed?.ExpressionAttributeValues).toMatchObject({
      ':status': 'failed',
      ':failedPaymentId': 'pay_1',
      ':failureReason': 'declined',
      ':from0': 'created',
      ':from1': 'failed',
    });
    expect(failed?.ExpressionAttributeValues).not.toHaveProperty(':from2');
    expect(review?.ExpressionAttributeValues).toMatchObject({
      ':status': 'review',
      ':reviewReason': 'amount',
      ':from0': 'created',
      ':from1': 'failed',
      ':from2': 'review',
    });
  });

  it('rethrows what is not a refused condition', async () => {
    ddb.on(UpdateCommand).rejects(new Error('throttled'));

    await expect(new DynamoOrdersStore(client, table('orders')).markPaid(mark)).rejects.toThrow(
      'throttled',
    );
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

describe('DynamoServicesStore', () => {
  const identity = {
    userId: 'u1',
    serviceId: 'svc_1',
    planId: 'basichosting',
    planName: 'Basic Hosting',
    category: 'hosting' as const,
  };
  const period = {
    purchaseId: 'pur_pay_2',
    paymentId: 'pay_2',
    purchaseDate: '2026-11-22T02:00:00.000Z',
    startDate: '2027-11-22T02:00:00.000Z',
    renewalDate: '2028-11-22T02:00:00.000Z',
    months: 12 as const,
    amountPaise: 3_538_584,
  };

  it('creates a service only where none is, at version 1', async () => {
    ddb.on(PutCommand).resolves({});

    const written = await new DynamoServicesStore(client, table('services')).extendService(
      identity,
      period,
      0,
      '2026-11-22T02:00:00.000Z',
    );

    expect(written).toBe(true);
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({
      ConditionExpression: 'attribute_not_exists(serviceId)',
      Item: {
        ...identity,
        renewalDate: period.renewalDate,
        version: 1,
        periods: { pur_pay_2: period },
      },
    });
  });

  it('extends only the version it read: renewalDate, version, periods, the schedule, and no longer cancelled', async () => {
    ddb.on(UpdateCommand).resolvesOnce({}).rejectsOnce(conditionFailed());
    const store = new DynamoServicesStore(client, table('services'));

    expect(await store.extendService(identity, period, 3, '2026-11-22T02:00:00.000Z')).toBe(true);
    expect(await store.extendService(identity, period, 3, '2026-11-22T02:00:00.000Z')).toBe(false);
    expect(ddb.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      Key: { userId: 'u1', serviceId: 'svc_1' },
      // The renewal schedule starts again from the new date; a payment after a cancellation
      // gives the service time again (D16).
      UpdateExpression:
        'SET renewalDate = :renewal, version = :next, periods.#purchase = :period, updatedAt = :at, nextDueAt = :due, dueShard = :shard REMOVE cancelledAt',
      ConditionExpression: 'version = :expected',
      ExpressionAttributeNames: { '#purchase': 'pur_pay_2' },
      ExpressionAttributeValues: { ':expected': 3, ':next': 4, ':renewal': period.renewalDate },
    });
  });

  it("lists a buyer's services in one consistent query, every page", async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ serviceId: 'svc_1' }], LastEvaluatedKey: { serviceId: 'svc_1' } })
      .resolvesOnce({ Items: [{ serviceId: 'svc_2' }] });

    const services = await new DynamoServicesStore(client, table('services')).listServices('u1');

    expect(services.map((s) => s.serviceId)).toEqual(['svc_1', 'svc_2']);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      KeyConditionExpression: 'userId = :user',
      ConsistentRead: true,
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
      'attribute_not_exists(id) OR #status = :failed OR ' +
        '(#status = :sending AND claimedAt < :staleBefore)',
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
