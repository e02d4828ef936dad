/**
 * What the operator's console reads and writes, one contract run against the in-memory fakes and
 * the DynamoDB adapters on dynalite (with the indexes lambdas/system/facts.ts defines): orders by
 * status without a scan, users by email, welcome mails whose send failed, and the append-only
 * audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAuditLog } from '../../../lambdas/adapters/dynamodb/audit-table';
import { DynamoWelcomeMailClaims } from '../../../lambdas/adapters/dynamodb/idempotency-table';
import { DynamoOrdersStore } from '../../../lambdas/adapters/dynamodb/orders-table';
import { DynamoProvisioningRecords } from '../../../lambdas/adapters/dynamodb/provisioning-records';
import { DynamoServicesStore } from '../../../lambdas/adapters/dynamodb/services-table';
import { DynamoUsersStore } from '../../../lambdas/adapters/dynamodb/users-table';
import type { AuditEntry } from '../../../lambdas/domain/admin';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { quote } from '../../../lambdas/domain/pricing';
import type { AuditLog } from '../../../lambdas/ports/audit';
import type { WelcomeMailClaims } from '../../../lambdas/ports/idempotency';
import type { OrderRecord, OrdersStore } from '../../../lambdas/ports/orders';
import type { ProvisioningRecords } from '../../../lambdas/ports/provisioning';
import type { ServicesStore } from '../../../lambdas/ports/services';
import type { UsersStore } from '../../../lambdas/ports/users';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryAuditLog } from '../../helpers/fakes/audit';
import { InMemoryProvisioningRecords } from '../../helpers/fakes/provisioning';
import {
  InMemoryOrdersStore,
  InMemoryUsersStore,
  InMemoryWelcomeMailClaims,
} from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
const unique = (prefix: string) => `${prefix}${String((seq += 1)).padStart(6, '0')}`;

function order(overrides: Partial<OrderRecord>): OrderRecord {
  const plan = CATALOG.find((p) => p.id === 'basichosting');
  if (!plan) throw new Error('catalog has no basichosting');
  const q = quote(plan, 12);
  return {
    orderId: unique('order_Admin'),
    receipt: unique('rcpt_admin'),
    userId: unique('user-'),
    email: 'asha.verma@example.in',
    name: 'Asha Verma',
    planId: plan.id,
    planName: plan.name,
    category: plan.category,
    months: 12,
    quote: q,
    amountPaise: q.totalPaise,
    currency: 'INR',
    status: 'created',
    createdAt: '2026-11-22T01:00:00.000Z',
    updatedAt: '2026-11-22T01:00:00.000Z',
    ...overrides,
  };
}

describe.each([
  ['in memory', () => new InMemoryOrdersStore() as OrdersStore],
  ['DynamoDB', () => new DynamoOrdersStore(db.client, db.table('orders')) as OrdersStore],
])('OrdersStore.listOrdersByStatus (%s)', (_name, make) => {
  it('lists one status, last moved first, up to the limit and since a moment', async () => {
    const store = make();
    // A status of its own per run, so the DynamoDB table's other specs' orders cannot interfere.
    const moved = [
      '2026-11-22T03:00:00.000Z',
      '2026-11-22T05:00:00.000Z',
      '2026-11-22T04:00:00.000Z',
    ];
    const inReview = moved.map((updatedAt) => order({ status: 'review', updatedAt }));
    for (const o of inReview) await store.putOrder(o);
    await store.putOrder(order({ status: 'paid', updatedAt: '2026-11-22T06:00:00.000Z' }));

    const all = (await store.listOrdersByStatus('review', { limit: 100 })).filter((o) =>
      inReview.some((r) => r.orderId === o.orderId),
    );
    const since = (
      await store.listOrdersByStatus('review', {
        limit: 100,
        movedSince: '2026-11-22T04:00:00.000Z',
      })
    ).filter((o) => inReview.some((r) => r.orderId === o.orderId));

    expect(all.map((o) => o.updatedAt)).toEqual([
      '2026-11-22T05:00:00.000Z',
      '2026-11-22T04:00:00.000Z',
      '2026-11-22T03:00:00.000Z',
    ]);
    expect(since.map((o) => o.updatedAt)).toEqual([
      '2026-11-22T05:00:00.000Z',
      '2026-11-22T04:00:00.000Z',
    ]);
    expect(all.every((o) => o.status === 'review')).toBe(true);
  });

  it('follows an order as it moves: a refunded order leaves review', async () => {
    const store = make();
    const o = order({
      status: 'review',
      reviewPaymentId: 'pay_X',
      updatedAt: '2026-11-23T01:00:00.000Z',
    });
    await store.putOrder(o);

    const moved = await store.markRefunded({
      orderId: o.orderId,
      paymentId: 'pay_X',
      at: '2026-11-23T02:00:00.000Z',
      reason: 'refunded',
    });

    expect(moved).toBe(true);
    const review = await store.listOrdersByStatus('review', { limit: 1000 });
    const refunded = await store.listOrdersByStatus('refunded', { limit: 1000 });
    expect(review.map((x) => x.orderId)).not.toContain(o.orderId);
    expect(refunded.map((x) => x.orderId)).toContain(o.orderId);
    const limited = await store.listOrdersByStatus('refunded', { limit: 1 });
    expect(limited).toHaveLength(1);
  });
});

describe.each([
  ['in memory', () => new InMemoryUsersStore() as UsersStore],
  ['DynamoDB', () => new DynamoUsersStore(db.client, db.table('users')) as UsersStore],
])('UsersStore.findUsersByEmail (%s)', (_name, make) => {
  it('finds every record with exactly that email, and no other', async () => {
    const store = make();
    const email = `${unique('ravi')}@example.in`;
    const first = {
      userId: unique('u-'),
      email,
      name: 'Ravi',
      phone: '',
      createdAt: '2026-11-22T01:00:00.000Z',
    };
    await store.createUserIfMissing(first);
    await store.createUserIfMissing({ ...first, userId: unique('u-'), email: `x${email}` });

    expect(await store.findUsersByEmail(email)).toEqual([first]);
    expect(await store.findUsersByEmail(`nobody-${email}`)).toEqual([]);
  });
});

describe.each([
  ['in memory', () => new InMemoryWelcomeMailClaims(60_000) as WelcomeMailClaims],
  [
    'DynamoDB',
    () =>
      new DynamoWelcomeMailClaims(db.client, db.table('idempotency'), 60_000) as WelcomeMailClaims,
  ],
])('WelcomeMailClaims: failed mails (%s)', (_name, make) => {
  const T0 = new Date('2026-11-22T02:00:00.000Z');

  it('keeps a failed send for the console until the next claim, which takes it at once', async () => {
    const claims = make();
    const purchaseId = unique('pur_pay_failed');
    const first = await claims.claim(purchaseId, 'evt-a', T0);
    if (first.state !== 'claimed') throw new Error('expected a claim');

    await claims.release(purchaseId, first.token, {
      userId: 'user-1',
      at: T0,
      reason: 'MessageRejected: Email address is not verified.',
    });

    expect(await claims.stateOf(purchaseId)).toEqual({
      state: 'failed',
      at: T0.toISOString(),
      reason: 'MessageRejected: Email address is not verified.',
      userId: 'user-1',
    });
    expect((await claims.listFailed(1000)).filter((m) => m.purchaseId === purchaseId)).toEqual([
      { purchaseId, userId: 'user-1', failedAt: T0.toISOString(), reason: expect.any(String) },
    ]);

    const again = await claims.claim(purchaseId, 'evt-redrive', T0);
    expect(again.state).toBe('claimed');
    expect((await claims.listFailed(1000)).map((m) => m.purchaseId)).not.toContain(purchaseId);
    if (again.state !== 'claimed') return;
    await claims.complete(purchaseId, again.token, new Date(T0.getTime() + 1000));
    expect(await claims.stateOf(purchaseId)).toEqual({
      state: 'sent',
      at: new Date(T0.getTime() + 1000).toISOString(),
    });
    expect(await claims.claim(purchaseId, 'evt-late', T0)).toEqual({ state: 'sent' });
  });

  it('answers undefined for a mail no attempt claimed, and sending for a live claim', async () => {
    const claims = make();
    const purchaseId = unique('pur_pay_fresh');

    expect(await claims.stateOf(purchaseId)).toBeUndefined();
    await claims.claim(purchaseId, 'evt-a', T0);
    expect(await claims.stateOf(purchaseId)).toEqual({ state: 'sending', at: T0.toISOString() });
  });
});

describe.each([
  ['in memory', () => new InMemoryAuditLog() as AuditLog],
  ['DynamoDB', () => new DynamoAuditLog(db.client, db.table('audit')) as AuditLog],
])('AuditLog (%s)', (_name, make) => {
  const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
    entryId: unique('2026-11-22T02:00:00.000Z#'),
    at: '2026-11-22T02:00:00.000Z',
    operator: { userId: 'op-1', email: 'priya.nair@storefront.example.in' },
    action: 'order.refunded',
    target: { kind: 'order', id: 'order_Audit' },
    note: 'Wrong amount.',
    ...overrides,
  });

  it('appends an entry once: the same id again writes nothing and changes nothing', async () => {
    const audit = make();
    const target = { kind: 'order' as const, id: unique('order_Audit') };
    const first = entry({
      target,
      entryId: 'resolve#1',
      before: { status: 'review' },
      after: { status: 'refunded' },
    });

    expect(await audit.append(first)).toBe(true);
    expect(await audit.append({ ...first, note: 'Rewritten history' })).toBe(false);

    expect(await audit.listForTarget(target)).toEqual([first]);
  });

  it("lists a target's entries oldest first, and a customer's across targets", async () => {
    const audit = make();
    const customerId = unique('customer-');
    const order = { kind: 'order' as const, id: unique('order_Audit') };
    const later = entry({
      target: order,
      at: '2026-11-22T05:00:00.000Z',
      entryId: 'b',
      customerId,
    });
    const earlier = entry({
      target: order,
      at: '2026-11-22T03:00:00.000Z',
      entryId: 'a',
      customerId,
    });
    const mail = entry({
      target: { kind: 'welcome-mail', id: unique('pur_') },
      action: 'dead_letter.redriven',
      at: '2026-11-22T04:00:00.000Z',
      customerId,
    });
    for (const e of [later, earlier, mail]) await audit.append(e);
    await audit.append(entry({ target: { kind: 'support-mail', id: unique('msg_') } }));

    expect(await audit.listForTarget(order)).toEqual([earlier, later]);
    expect((await audit.listForCustomer(customerId)).map((e) => e.at)).toEqual([
      '2026-11-22T03:00:00.000Z',
      '2026-11-22T04:00:00.000Z',
      '2026-11-22T05:00:00.000Z',
    ]);
  });
});

describe.each([
  [
    'in memory',
    () => {
      const records = new InMemoryProvisioningRecords({ leaseMs: 60_000 });
      return {
        records: records as ProvisioningRecords,
        services: records.services as ServicesStore,
      };
    },
  ],
  [
    'DynamoDB',
    () => ({
      records: new DynamoProvisioningRecords(
        db.client,
        db.table('services'),
        60_000,
      ) as ProvisioningRecords,
      services: new DynamoServicesStore(db.client, db.table('services')) as ServicesStore,
    }),
  ],
])('ProvisioningRecords: services waiting for a person (%s)', (_name, make) => {
  const T0 = new Date('2026-11-22T02:00:00.000Z');

  async function givenService(services: ServicesStore, planId = 'basicvps') {
    const userId = unique('user-waiting-');
    const serviceId = unique('svc_waiting');
    await services.extendService(
      { userId, serviceId, planId, planName: 'Basic VPS', category: 'vps', domain: 'asharao.in' },
      {
        purchaseId: `pur_${serviceId}`,
        paymentId: `pay_${serviceId}`,
        purchaseDate: T0.toISOString(),
        startDate: T0.toISOString(),
        renewalDate: '2027-11-22T02:00:00.000Z',
        months: 12,
        amountPaise: 848_232,
      },
      0,
      T0.toISOString(),
    );
    return { userId, serviceId };
  }

  const ids = (list: { serviceId: string }[]) => list.map((s) => s.serviceId);

  it('lists a manual service from its start, and an operator makes it ready with its details', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'manual', T0);

    const waiting = (await records.listWaiting('manual', 1000)).find(
      (s) => s.serviceId === serviceId,
    );
    const done = await records.completeByHand(
      userId,
      serviceId,
      'manual',
      { 'IP address': '203.0.113.25' },
      T0,
    );
    const twice = await records.completeByHand(
      userId,
      serviceId,
      'manual',
      { 'IP address': '203.0.113.26' },
      T0,
    );

    expect(waiting).toMatchObject({
      userId,
      serviceId,
      state: 'manual',
      planName: 'Basic VPS',
      category: 'vps',
      domain: 'asharao.in',
    });
    expect(done).toBe(true);
    expect(twice).toBe(false);
    expect(await records.get(userId, serviceId)).toMatchObject({
      state: 'ready',
      details: { 'IP address': '203.0.113.25' },
      readyAt: T0.toISOString(),
    });
    expect(ids(await records.listWaiting('manual', 1000))).not.toContain(serviceId);
  });

  it('lists a panel service once it failed; a retry moves it back to pending and out of the list', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services, 'basichosting');
    await records.begin(userId, serviceId, 'pending', T0);
    expect(ids(await records.listWaiting('failed', 1000))).not.toContain(serviceId);
    const claim = await records.claim(userId, serviceId, 'evt-a', T0);
    if (claim.state !== 'claimed') throw new Error('expected the claim');
    await records.settle(
      userId,
      serviceId,
      claim.token,
      'pending',
      { state: 'failed', reason: 'Domain taken.' },
      T0,
    );

    const failed = (await records.listWaiting('failed', 1000)).find(
      (s) => s.serviceId === serviceId,
    );
    const retried = await records.retry(userId, serviceId, T0);
    const again = await records.retry(userId, serviceId, T0);

    expect(failed).toMatchObject({ state: 'failed', failureReason: 'Domain taken.' });
    expect(retried).toBe(true);
    expect(again).toBe(false);
    expect((await records.get(userId, serviceId))?.state).toBe('pending');
    expect(ids(await records.listWaiting('failed', 1000))).not.toContain(serviceId);
  });

  it('leaves a service alone while an attempt holds its claim', async () => {
    const { records, services } = make();
    const { userId, serviceId } = await givenService(services);
    await records.begin(userId, serviceId, 'manual', T0);
    await records.claim(userId, serviceId, 'evt-a', T0);

    expect(
      await records.completeByHand(userId, serviceId, 'manual', { IP: '203.0.113.9' }, T0),
    ).toBe(false);
    expect((await records.get(userId, serviceId))?.state).toBe('manual');
  });
});
