/**
 * One contract for the refunds port, run against the in-memory fake the use-case specs use and the
 * DynamoDB adapter on dynalite: an intent is written once per payment, a step is claimed by one
 * caller at a time and done once, Razorpay's id is kept for its attempt only, a refund settles
 * once, a failed attempt moves to the next, and reports from Razorpay only move forward. Also the
 * three writes refunds added to other ports: a service's periods taken back (on its version), the
 * buyer's plan replaced only as read, and a credit note's refund written once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPurchasesStore } from '../../../lambdas/adapters/dynamodb/purchases-table';
import { DynamoRefundsStore } from '../../../lambdas/adapters/dynamodb/refunds-table';
import { DynamoServicesStore } from '../../../lambdas/adapters/dynamodb/services-table';
import { DynamoUsersStore } from '../../../lambdas/adapters/dynamodb/users-table';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { quote } from '../../../lambdas/domain/pricing';
import { refundReceipt } from '../../../lambdas/domain/refunds';
import type { PurchaseRecord, PurchasesStore } from '../../../lambdas/ports/purchases';
import type { RefundRecord, RefundsStore } from '../../../lambdas/ports/refunds';
import type { ServicePeriod, ServicesStore } from '../../../lambdas/ports/services';
import type { UsersStore } from '../../../lambdas/ports/users';
import { startDynalite, type Dynalite } from '../../helpers/dynalite';
import { InMemoryRefundsStore } from '../../helpers/fakes/refunds';
import {
  InMemoryPurchasesStore,
  InMemoryServicesStore,
  InMemoryUsersStore,
} from '../../helpers/fakes/stores';

let db: Dynalite;
beforeAll(async () => {
  db = await startDynalite();
});
afterAll(async () => db?.stop());

let seq = 0;
function intent(overrides: Partial<RefundRecord> = {}): RefundRecord {
  seq += 1;
  const paymentId = `pay_Contract${String(seq).padStart(6, '0')}`;
  return {
    userId: `user-refunds-${seq}`,
    refundKey: paymentId,
    kind: 'store',
    paymentId,
    orderId: `order_Contract${seq}`,
    purchase: {
      purchaseId: `pur_${paymentId}`,
      serviceId: 'svc_contract',
      planId: 'basichosting',
      planName: 'Basic Hosting',
      category: 'hosting',
      email: 'asha.verma@example.in',
      name: 'Asha Verma',
    },
    origin: 'buyer',
    paidPaise: 3_538_584,
    amountPaise: 3_538_584,
    deductionPaise: 0,
    status: 'requested',
    attempt: 1,
    receipt: refundReceipt(paymentId, 1),
    createdAt: '2026-11-25T06:30:00.000Z',
    updatedAt: '2026-11-25T06:30:00.000Z',
    done: {},
    claims: {},
    ...overrides,
  };
}

const NOW = new Date('2026-11-25T06:30:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

const backends: [string, () => RefundsStore][] = [
  ['in-memory fake', () => new InMemoryRefundsStore()],
  ['DynamoDB adapter', () => new DynamoRefundsStore(db.client, db.table('refunds'))],
];

describe.each(backends)('refunds store: %s', (_, makeStore) => {
  it('writes an intent once per payment; the second writer reads the first', async () => {
    const store = makeStore();
    const record = intent();

    const first = await store.create(record);
    const second = await store.create({ ...record, amountPaise: 1 });

    expect([first, second]).toEqual([true, false]);
    expect((await store.get(record.userId, record.refundKey))?.amountPaise).toBe(3_538_584);
    expect((await store.listForUser(record.userId)).map((r) => r.refundKey)).toEqual([
      record.refundKey,
    ]);
  });

  it('lets one caller hold a step; a lapsed claim is taken over; a done step stays done', async () => {
    const store = makeStore();
    const record = intent();
    await store.create(record);
    const { userId, refundKey } = record;

    const first = await store.claimStep(userId, refundKey, 'gateway:1', NOW, 1000);
    const racer = await store.claimStep(userId, refundKey, 'gateway:1', later(500), 1000);
    const takeover = await store.claimStep(userId, refundKey, 'gateway:1', later(1500), 1000);
    if (takeover.state !== 'claimed') throw new Error('expected the lapsed claim to be taken');
    await store.completeStep(
      userId,
      refundKey,
      'gateway:1',
      later(1600).toISOString(),
      takeover.token,
    );
    const after = await store.claimStep(userId, refundKey, 'gateway:1', later(99_000), 1000);

    expect(first.state).toBe('claimed');
    expect(racer).toEqual({ state: 'held' });
    expect(after).toEqual({ state: 'done' });
    const stored = await store.get(userId, refundKey);
    expect(stored?.done['gateway:1']).toBe(later(1600).toISOString());
    expect(stored?.claims['gateway:1']).toBeUndefined();
  });

  it('a claim given back is taken again at once; the old holder cannot end the new claim', async () => {
    const store = makeStore();
    const record = intent();
    await store.create(record);
    const { userId, refundKey } = record;
    const first = await store.claimStep(userId, refundKey, 'requestMail', NOW, 60_000);
    if (first.state !== 'claimed') throw new Error('expected a claim');

    await store.releaseStep(userId, refundKey, 'requestMail', first.token);
    const second = await store.claimStep(userId, refundKey, 'requestMail', NOW, 60_000);
    await store.releaseStep(userId, refundKey, 'requestMail', first.token);
    const third = await store.claimStep(userId, refundKey, 'requestMail', NOW, 60_000);

    expect(second.state).toBe('claimed');
    expect(third).toEqual({ state: 'held' });
  });

  it("keeps Razorpay's id for the current attempt only, and moves requested to pending", async () => {
    const store = makeStore();
    const record = intent();
    await store.create(record);
    const { userId, refundKey } = record;

    const wrongAttempt = await store.recordGatewayRefund(userId, refundKey, {
      attempt: 2,
      gatewayRefundId: 'rfnd_A',
    });
    const first = await store.recordGatewayRefund(userId, refundKey, {
      attempt: 1,
      gatewayRefundId: 'rfnd_A',
    });
    const again = await store.recordGatewayRefund(userId, refundKey, {
      attempt: 1,
      gatewayRefundId: 'rfnd_A',
    });
    const other = await store.recordGatewayRefund(userId, refundKey, {
      attempt: 1,
      gatewayRefundId: 'rfnd_B',
    });

    expect([wrongAttempt, first, again, other]).toEqual([false, true, true, false]);
    expect(await store.get(userId, refundKey)).toMatchObject({
      gatewayRefundId: 'rfnd_A',
      status: 'pending',
    });
  });

  it('settles once: processed fixes its instant and is final', async () => {
    const store = makeStore();
    const record = intent();
    await store.create(record);
    const { userId, refundKey } = record;

    const processed = await store.settle(userId, refundKey, 1, {
      status: 'processed',
      at: '2026-11-25T07:00:00.000Z',
    });
    const again = await store.settle(userId, refundKey, 1, {
      status: 'processed',
      at: '2026-11-25T08:00:00.000Z',
    });
    const lateFailure = await store.settle(userId, refundKey, 1, {
      status: 'failed',
      at: '2026-11-25T09:00:00.000Z',
      reason: 'late',
    });

    expect([processed, again, lateFailure]).toEqual([true, false, false]);
    expect(await store.get(userId, refundKey)).toMatchObject({
      status: 'processed',
      processedAt: '2026-11-25T07:00:00.000Z',
    });
  });

  it('a failed attempt moves to the next once, with its receipt, keeping the failed id', async () => {
    const store = makeStore();
    const record = intent();
    await store.create(record);
    const { userId, refundKey, paymentId } = record;
    await store.recordGatewayRefund(userId, refundKey, { attempt: 1, gatewayRefundId: 'rfnd_A' });
    await store.settle(userId, refundKey, 1, {
      status: 'failed',
      at: '2026-11-25T07:00:00.000Z',
      reason: 'Razorpay reported the refund failed',
    });

    const moved = await store.nextAttempt(
      userId,
      refundKey,
      1,
      refundReceipt(paymentId, 2),
      NOW.toISOString(),
    );
    const twice = await store.nextAttempt(
      userId,
      refundKey,
      1,
      refundReceipt(paymentId, 2),
      NOW.toISOString(),
    );

    expect([moved, twice]).toEqual([true, false]);
    const stored = await store.get(userId, refundKey);
    expect(stored).toMatchObject({
      attempt: 2,
      status: 'requested',
      receipt: `refund:${paymentId}:2`,
      failedRefundIds: ['rfnd_A'],
    });
    expect(stored?.gatewayRefundId).toBeUndefined();
  });

  it("an outside refund's report only moves forward; a dispute's status follows Razorpay", async () => {
    const store = makeStore();
    const base = intent();
    const outside = intent({
      userId: base.userId,
      refundKey: `${base.paymentId}#rfnd_X`,
      paymentId: base.paymentId,
      kind: 'outside',
      origin: 'razorpay',
      status: 'pending',
      gatewayRefundId: 'rfnd_X',
      full: false,
      attention: 'yes',
    });

    await store.upsertReported(outside);
    const processed = await store.upsertReported({
      ...outside,
      status: 'processed',
      full: true,
      processedAt: '2026-11-25T07:00:00.000Z',
      updatedAt: '2026-11-25T07:00:00.000Z',
    });
    const stale = await store.upsertReported({ ...outside, status: 'pending' });
    const dispute = intent({
      userId: base.userId,
      refundKey: `${base.paymentId}#disp_X`,
      kind: 'dispute',
      status: 'pending',
      disputeId: 'disp_X',
      disputeStatus: 'open',
      attention: 'yes',
    });
    await store.upsertReported(dispute);
    const lost = await store.upsertReported({ ...dispute, disputeStatus: 'lost' });

    expect(processed).toMatchObject({ status: 'processed', full: true });
    expect(stale).toMatchObject({ status: 'processed', processedAt: '2026-11-25T07:00:00.000Z' });
    expect(lost.disputeStatus).toBe('lost');
  });

  it('lists what needs a person (a sparse index), and a processed refund leaves the list', async () => {
    const store = makeStore();
    const record = intent();
    await store.create(record);
    await store.markNeedsAttention(record.userId, record.refundKey, 'refused', NOW.toISOString());

    const listed = await store.listNeedingAttention(100);
    await store.settle(record.userId, record.refundKey, 1, {
      status: 'processed',
      at: later(1000).toISOString(),
    });
    const after = await store.listNeedingAttention(100);

    expect(listed.map((r) => r.refundKey)).toContain(record.refundKey);
    expect(listed.find((r) => r.refundKey === record.refundKey)?.attentionReason).toBe('refused');
    expect(after.map((r) => r.refundKey)).not.toContain(record.refundKey);
  });

  it("keeps a store refund on the worker's list until that attempt is finished; a next attempt returns it", async () => {
    const store = makeStore();
    const asked = '2027-01-05T10:00:00.000Z';
    const record = intent({ createdAt: asked, updatedAt: asked });
    const outside = intent({
      kind: 'outside',
      origin: 'razorpay',
      status: 'pending',
      createdAt: asked,
      updatedAt: asked,
    });
    await store.create(record);
    await store.create(outside);
    const keysBefore = async (before: string) =>
      (await store.listAwaitingWorker(before, 1000)).map((r) => r.refundKey);

    const inGrace = await keysBefore(asked);
    const due = await keysBefore('2027-01-05T10:10:00.000Z');
    await store.finishedByWorker(record.userId, record.refundKey, 2);
    const afterOtherAttempt = await keysBefore('2027-01-05T10:10:00.000Z');
    await store.finishedByWorker(record.userId, record.refundKey, 1);
    const afterFinished = await keysBefore('2027-01-05T10:10:00.000Z');

    expect(inGrace).not.toContain(record.refundKey);
    expect(due).toContain(record.refundKey);
    expect(due).not.toContain(outside.refundKey);
    expect(afterOtherAttempt).toContain(record.refundKey);
    expect(afterFinished).not.toContain(record.refundKey);

    // Razorpay failed attempt 1: its retry is the worker's, then attempt 2 from when it was made.
    await store.settle(record.userId, record.refundKey, 1, {
      status: 'failed',
      at: '2027-01-05T11:00:00.000Z',
      reason: 'Razorpay reported the refund failed',
    });
    const failed = await store.listAwaitingWorker('2027-01-05T11:00:00.001Z', 1000);
    expect(failed.find((r) => r.refundKey === record.refundKey)).toMatchObject({
      status: 'failed',
      awaitingSince: '2027-01-05T11:00:00.000Z',
    });
    const retried = '2027-01-05T11:01:00.000Z';
    await store.nextAttempt(
      record.userId,
      record.refundKey,
      1,
      refundReceipt(record.paymentId, 2),
      retried,
    );
    const beforeRetry = await keysBefore(retried);
    const listed = await store.listAwaitingWorker('2027-01-05T11:11:00.000Z', 1000);

    expect(beforeRetry).not.toContain(record.refundKey);
    expect(listed.find((r) => r.refundKey === record.refundKey)).toMatchObject({
      attempt: 2,
      awaitingWorker: 'yes',
      awaitingSince: retried,
    });
  });

  it("lists a span's store and outside refunds, oldest first, across midnight UTC; no disputes", async () => {
    const store = makeStore();
    // India's 10 March 2027: 18:30 UTC on the 9th to 18:30 UTC on the 10th.
    const from = '2027-03-09T18:30:00.000Z';
    const to = '2027-03-10T18:30:00.000Z';
    const at = (createdAt: string, overrides: Partial<RefundRecord> = {}) =>
      intent({ createdAt, updatedAt: createdAt, ...overrides });
    const justBefore = at('2027-03-09T18:29:59.999Z');
    const evening = at('2027-03-09T20:00:00.000Z');
    const outside = at('2027-03-10T10:00:00.000Z', {
      kind: 'outside',
      origin: 'razorpay',
      status: 'processed',
    });
    const dispute = at('2027-03-10T11:00:00.000Z', { kind: 'dispute', status: 'pending' });
    const atEnd = at(to);
    for (const record of [atEnd, dispute, outside, evening, justBefore]) {
      await store.create(record);
    }

    const listed = await store.listMadeBetween(from, to);

    expect(listed.map((r) => r.refundKey)).toEqual([evening.refundKey, outside.refundKey]);
  });
});

// ---------------------------------------------------------------------------------------------
// What refunds added to the services, users and purchases ports.

const period = (n: number, purchaseDate: string, renewalDate: string): ServicePeriod => ({
  purchaseId: `pur_pay_w${n}`,
  paymentId: `pay_w${n}`,
  purchaseDate,
  startDate: purchaseDate,
  renewalDate,
  months: 12,
  amountPaise: 3_538_584,
});

const serviceBackends: [string, () => ServicesStore][] = [
  ['in-memory fake', () => new InMemoryServicesStore()],
  ['DynamoDB adapter', () => new DynamoServicesStore(db.client, db.table('services'))],
];

describe.each(serviceBackends)('services store, periods taken back: %s', (_, makeStore) => {
  async function givenRenewedService(store: ServicesStore) {
    seq += 1;
    const identity = {
      userId: `user-withdraw-${seq}`,
      serviceId: `svc_withdraw_${seq}`,
      planId: 'basichosting',
      planName: 'Basic Hosting',
      category: 'hosting' as const,
    };
    await store.extendService(
      identity,
      period(1, '2025-12-10T04:30:00.000Z', '2026-12-10T04:30:00.000Z'),
      0,
      NOW.toISOString(),
    );
    await store.extendService(
      identity,
      period(2, '2026-11-20T04:30:00.000Z', '2027-12-10T04:30:00.000Z'),
      1,
      NOW.toISOString(),
    );
    return identity;
  }

  it('returns a renewal to the previous date, on the version read, and keeps its schedule', async () => {
    const store = makeStore();
    const ref = await givenRenewedService(store);

    const stale = await store.withdrawPeriods(
      ref,
      {
        purchaseIds: ['pur_pay_w2'],
        renewalDate: '2026-12-10T04:30:00.000Z',
        at: NOW.toISOString(),
      },
      1,
    );
    const written = await store.withdrawPeriods(
      ref,
      {
        purchaseIds: ['pur_pay_w2'],
        renewalDate: '2026-12-10T04:30:00.000Z',
        at: NOW.toISOString(),
      },
      2,
    );

    expect([stale, written]).toEqual([false, true]);
    const stored = await store.getService(ref.userId, ref.serviceId);
    expect(stored).toMatchObject({ renewalDate: '2026-12-10T04:30:00.000Z', version: 3 });
    expect(stored?.periods['pur_pay_w2']?.refundedAt).toBe(NOW.toISOString());
    expect(stored?.periods['pur_pay_w1']?.refundedAt).toBeUndefined();
    expect(stored?.cancelledAt).toBeUndefined();
    // The new renewal date's first step: 30 days before 10 Dec begins in India (00:00 IST).
    expect(stored?.nextDueAt).toBe('2026-11-09T18:30:00.000Z');
  });

  it('ends a service: cancelled, out of the renewal index; a later payment gives it time again', async () => {
    const store = makeStore();
    const ref = await givenRenewedService(store);

    await store.withdrawPeriods(
      ref,
      {
        purchaseIds: ['pur_pay_w1', 'pur_pay_w2'],
        renewalDate: NOW.toISOString(),
        cancelledAt: NOW.toISOString(),
        at: NOW.toISOString(),
      },
      2,
    );
    const ended = await store.getService(ref.userId, ref.serviceId);
    await store.extendService(
      ref,
      period(3, '2027-01-05T04:30:00.000Z', '2028-01-05T04:30:00.000Z'),
      3,
      '2027-01-05T04:30:00.000Z',
    );
    const bought = await store.getService(ref.userId, ref.serviceId);

    expect(ended).toMatchObject({ cancelledAt: NOW.toISOString(), renewalDate: NOW.toISOString() });
    expect(ended?.nextDueAt).toBeUndefined();
    expect(ended?.dueShard).toBeUndefined();
    expect(bought?.cancelledAt).toBeUndefined();
    expect(bought?.renewalDate).toBe('2028-01-05T04:30:00.000Z');
  });
});

const userBackends: [string, () => UsersStore][] = [
  ['in-memory fake', () => new InMemoryUsersStore()],
  ['DynamoDB adapter', () => new DynamoUsersStore(db.client, db.table('users'))],
];

describe.each(userBackends)('users store, the plan recomputed: %s', (_, makeStore) => {
  it('replaces the plan only while the record holds what was read; null removes it', async () => {
    const store = makeStore();
    seq += 1;
    const userId = `user-plan-${seq}`;
    await store.createUserIfMissing({
      userId,
      email: 'asha.verma@example.in',
      name: 'Asha Verma',
      phone: '',
      createdAt: NOW.toISOString(),
    });
    await store.applyPurchase({
      userId,
      purchaseId: 'pur_1',
      currentPlan: 'basichosting',
      expiry: '2027-11-20T04:30:00.000Z',
      email: 'asha.verma@example.in',
      name: 'Asha Verma',
      at: NOW.toISOString(),
    });
    const held = { currentPlan: 'basichosting', expiry: '2027-11-20T04:30:00.000Z' };

    const wrong = await store.replaceCurrentPlan(
      userId,
      { ...held, expiry: '2030-01-01T00:00:00.000Z' },
      null,
      NOW.toISOString(),
    );
    const removed = await store.replaceCurrentPlan(userId, held, null, NOW.toISOString());
    const user = await store.getUser(userId);
    const set = await store.replaceCurrentPlan(
      userId,
      null,
      { currentPlan: 'basicvps', expiry: '2027-01-01T00:00:00.000Z' },
      NOW.toISOString(),
    );

    expect([wrong, removed, set]).toEqual([false, true, true]);
    expect(user?.currentPlan).toBeUndefined();
    expect(user?.expiry).toBeUndefined();
    expect(await store.getUser(userId)).toMatchObject({
      currentPlan: 'basicvps',
      expiry: '2027-01-01T00:00:00.000Z',
    });
  });
});

const purchaseBackends: [string, () => PurchasesStore][] = [
  ['in-memory fake', () => new InMemoryPurchasesStore()],
  ['DynamoDB adapter', () => new DynamoPurchasesStore(db.client, db.table('purchases'))],
];

describe.each(purchaseBackends)("purchases store, a credit note's refund: %s", (_, makeStore) => {
  it('is written once; the second writer reads the first; no purchase, no write', async () => {
    const store = makeStore();
    seq += 1;
    const plan = CATALOG.find((p) => p.id === 'basichosting');
    if (!plan) throw new Error('no basichosting');
    const purchase: PurchaseRecord = {
      userId: `user-cn-${seq}`,
      purchaseId: 'pur_pay_cn',
      paymentId: 'pay_cn',
      orderId: 'order_cn',
      planId: 'basichosting',
      planName: 'Basic Hosting',
      category: 'hosting',
      months: 12,
      purchaseDate: NOW.toISOString(),
      startDate: NOW.toISOString(),
      renewalDate: '2027-11-25T06:30:00.000Z',
      amountPaise: 3_538_584,
      currency: 'INR',
      quote: quote(plan, 12),
      email: 'asha.verma@example.in',
      name: 'Asha Verma',
      createdAt: NOW.toISOString(),
    };
    await store.createPurchase(purchase);

    const first = await store.setCreditNoteRefund(purchase.userId, purchase.purchaseId, {
      amountPaise: 3_538_584,
      refundId: 'rfnd_A',
    });
    const second = await store.setCreditNoteRefund(purchase.userId, purchase.purchaseId, {
      amountPaise: 1,
      refundId: 'rfnd_B',
    });
    const none = await store.setCreditNoteRefund(purchase.userId, 'pur_pay_none', {
      amountPaise: 1,
    });

    expect(first).toEqual({ amountPaise: 3_538_584, refundId: 'rfnd_A' });
    expect(second).toEqual({ amountPaise: 3_538_584, refundId: 'rfnd_A' });
    expect(none).toBeUndefined();
  });
});
