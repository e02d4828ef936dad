/**
 * An operator's actions on a service (issue #27) on in-memory fakes: suspend, unsuspend, extend,
 * end and refund, each a fact on the service that converge acts on, each done once however often
 * it is clicked (two clicks at once included), each audited once with its note.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperatorRef } from '../../../../lambdas/domain/admin';
import { whmUsernameFor } from '../../../../lambdas/domain/provisioning';
import {
  serviceAction,
  type ServiceActionInput,
  type ServiceActionsDeps,
} from '../../../../lambdas/use-cases/admin/service-actions';
import { convergeService } from '../../../../lambdas/use-cases/converge-service';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { requestRefund } from '../../../../lambdas/use-cases/refunds/request-refund';
import { InMemoryAuditLog } from '../../../helpers/fakes/audit';
import { convergeWorld } from '../../../helpers/converge-world';
import { InMemoryRefundsStore } from '../../../helpers/fakes/refunds';
import { BUYER } from '../../../helpers/fakes/world';

const OPERATOR: OperatorRef = {
  userId: '9b2d7c1e-3f4a-4b5c-8d6e-7f8a9b0c1d2e',
  email: 'priya.nair@storefront.example.in',
};
const START = new Date('2026-11-22T04:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

function actionsWorld() {
  const world = convergeWorld(undefined, START);
  const { deps: converge } = world;
  const audit = new InMemoryAuditLog();
  const refunds = new InMemoryRefundsStore();
  let ids = 0;
  const deps: ServiceActionsDeps = {
    services: world.services,
    purchases: world.purchases,
    users: world.users,
    refunds,
    events: world.events,
    converge,
    audit,
    log: world.log,
    now: world.now,
    newId: () => `entry-${(ids += 1)}`,
  };
  return Object.assign(world, { audit, refunds, converge, deps });
}

let world: ReturnType<typeof actionsWorld>;
let serviceId: string;
let paymentId: string;
let paidPaise: number;
const DOMAIN = 'ashaverma.in';

beforeEach(async () => {
  world = actionsWorld();
  await world.users.createUserIfMissing({ ...BUYER, createdAt: START.toISOString() });
  const order = await world.givenOrder({ orderId: 'order_Actions00001', domain: DOMAIN });
  paymentId = 'pay_Actions000001';
  world.gateway.givenPayment({
    id: paymentId,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
  });
  const result = await fulfilPayment(world, order, {
    paymentId,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (result.outcome !== 'fulfilled') throw new Error('expected a purchase');
  const purchase = (await world.purchases.listPurchases(BUYER.userId))[0]!;
  serviceId = purchase.serviceId!;
  paidPaise = purchase.amountPaise;
  await convergeService(
    world.converge,
    { userId: BUYER.userId, serviceId },
    { deliveryId: 'evt-paid' },
  );
});

const act = (input: Omit<ServiceActionInput, 'userId'>) =>
  serviceAction(world.deps, OPERATOR, serviceId, { userId: BUYER.userId, ...input });
const account = () => world.panel.accounts.get(whmUsernameFor(serviceId, DOMAIN));
const service = async () => (await world.services.getService(BUYER.userId, serviceId))!;
const changed = () => world.events.events.filter((e) => e.detailType === 'ServiceChanged');

describe('suspend and unsuspend (an operator hold)', () => {
  it('suspends once under two clicks at once, audited with the note; the panel account is suspended', async () => {
    expect(account()?.suspended).toBe(false);
    const note = 'Phishing page reported by CERT-In; suspended until the buyer removes it.';

    const [first, second] = await Promise.all([
      act({ action: 'suspend', note }),
      act({ action: 'suspend', note }),
    ]);

    expect(first).toMatchObject({ desired: 'suspended', actual: 'suspended' });
    expect(second.desired).toBe('suspended');
    expect(account()?.suspended).toBe(true);
    expect((await service()).hold).toMatchObject({ note });
    expect(world.audit.entries).toEqual([
      expect.objectContaining({
        action: 'service.suspended',
        operator: OPERATOR,
        target: { kind: 'service', id: serviceId },
        customerId: BUYER.userId,
        note,
      }),
    ]);
    expect(changed()).toHaveLength(1);
  });

  it('unsuspends: the hold is lifted once and the account is live again', async () => {
    await act({ action: 'suspend', note: 'Abuse report.' });

    const lifted = await act({ action: 'unsuspend', note: 'Page removed; checked.' });
    const again = await act({ action: 'unsuspend', note: 'Page removed; checked.' });

    expect(lifted).toMatchObject({ desired: 'active', actual: 'live' });
    expect(again.desired).toBe('active');
    expect(account()?.suspended).toBe(false);
    expect(world.audit.entries.map((e) => e.action)).toEqual([
      'service.suspended',
      'service.unsuspended',
    ]);
  });
});

describe('extend (goodwill, no charge)', () => {
  it('moves the renewal date by the days once under a double click, with a ledger entry and no payment', async () => {
    const before = await service();
    const input = {
      action: 'extend',
      note: 'Outage on 20 Nov.',
      days: 30,
      requestId: 'req-1',
    } as const;

    await Promise.all([act(input), act(input)]);
    await act(input);

    const after = await service();
    expect(Date.parse(after.renewalDate) - Date.parse(before.renewalDate)).toBe(30 * DAY);
    expect(Object.values(after.goodwill ?? {})).toEqual([
      { days: 30, at: START.toISOString(), note: 'Outage on 20 Nov.' },
    ]);
    expect(Object.keys(after.periods)).toEqual(Object.keys(before.periods));
    expect(world.gateway.refunds.size).toBe(0);
    expect(world.audit.entries).toEqual([
      expect.objectContaining({
        action: 'service.extended',
        before: expect.objectContaining({ renewalDate: before.renewalDate }),
        after: { renewalDate: after.renewalDate, days: 30 },
      }),
    ]);
  });

  it('keeps an expired service live when extended past today (converge reads the ledger)', async () => {
    const renewal = Date.parse((await service()).renewalDate);
    world.setNow(new Date(renewal + 10 * DAY));
    await convergeService(
      world.converge,
      { userId: BUYER.userId, serviceId },
      { deliveryId: 'late' },
    );
    expect(account()?.suspended).toBe(true);

    const view = await act({
      action: 'extend',
      note: 'Goodwill after a billing mix-up.',
      days: 20,
    });

    expect(view).toMatchObject({ desired: 'active', actual: 'live' });
    expect(account()?.suspended).toBe(false);
  });

  it('asks for the days, with a sentence', async () => {
    await expect(act({ action: 'extend', note: 'x' })).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'Say how many days to extend the service by (days).',
    });
    expect(world.audit.entries).toEqual([]);
  });
});

describe('end now', () => {
  it('ends the service once and suspends it at the panel; it cannot then be suspended or extended', async () => {
    const [ended] = await Promise.all([
      act({ action: 'end', note: 'Buyer asked by phone to close the account.' }),
      act({ action: 'end', note: 'Buyer asked by phone to close the account.' }),
    ]);

    expect(ended).toMatchObject({ desired: 'ended', actual: 'suspended' });
    expect(world.audit.entries.map((e) => e.action)).toEqual(['service.ended']);
    await expect(act({ action: 'suspend', note: 'x' })).rejects.toMatchObject({
      code: 'service_action_refused',
    });
    await expect(act({ action: 'extend', note: 'x', days: 5 })).rejects.toMatchObject({
      code: 'service_action_refused',
    });
    expect(world.audit.entries).toHaveLength(1);
  });
});

describe('refund any payment, in full or in part', () => {
  it('refunds part of a payment once under two clicks; the worker asks Razorpay for that part; the service runs on', async () => {
    const note = 'Goodwill: two days of downtime.';
    const views = await Promise.all([
      act({ action: 'refund', note, paymentId, amountPaise: 50_000 }),
      act({ action: 'refund', note, paymentId, amountPaise: 50_000 }),
    ]);

    const records = await world.refunds.listForUser(BUYER.userId);
    expect(records).toEqual([
      expect.objectContaining({ paymentId, amountPaise: 50_000, origin: 'operator', reason: note }),
    ]);
    const requested = world.events.events.filter((e) => e.detailType === 'RefundRequested');
    expect(requested).toHaveLength(1);
    expect(views.map((v) => v.desired)).toEqual(['active', 'active']);
    expect(world.audit.entries).toEqual([
      expect.objectContaining({
        action: 'service.refunded',
        after: { refundPaise: 50_000, full: false },
        note,
      }),
    ]);

    const outcome = await requestRefund(
      {
        ...world,
        refunds: world.refunds,
        siteUrl: () => 'https://shop.example.in',
        leaseMs: 30_000,
      },
      { userId: BUYER.userId, refundKey: paymentId },
    );
    expect(outcome).toBe('requested');
    expect([...world.gateway.refunds.values()].map((r) => r.amountPaise)).toEqual([50_000]);
  });

  it('a domain refunded before its registration began: the buyer is mailed that the refund started', async () => {
    const order = await world.givenOrder({
      orderId: 'order_Actions00002',
      planId: 'basicdomain',
      domain: 'asha-two.in',
    });
    world.gateway.givenPayment({
      id: 'pay_Actions000002',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
    });
    const paid = await fulfilPayment(world, order, {
      paymentId: 'pay_Actions000002',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
      currency: 'INR',
    });
    if (paid.outcome !== 'fulfilled' || !paid.purchase.serviceId) throw new Error('not paid');
    await serviceAction(world.deps, OPERATOR, paid.purchase.serviceId, {
      userId: BUYER.userId,
      action: 'refund',
      note: 'Bought by mistake.',
      paymentId: 'pay_Actions000002',
    });

    const outcome = await requestRefund(
      { ...world, siteUrl: () => 'https://shop.example.in', leaseMs: 30_000 },
      { userId: BUYER.userId, refundKey: 'pay_Actions000002' },
    );

    expect(outcome).toBe('requested');
    const started = world.mailer.sent.filter((m) => /has started/.test(m.subject));
    expect(started.map((m) => m.text.includes('asha-two.in'))).toEqual([true]);
  });

  it('a full refund after a goodwill extension still ends the service: goodwill extends paid time only', async () => {
    await act({ action: 'extend', note: 'Outage.', days: 30 });

    const view = await act({ action: 'refund', note: 'Refund in full, agreed.', paymentId });

    expect(view.desired).toBe('ended');
    expect(account()?.suspended).toBe(true);
  });

  it('a full refund takes the payment’s period back: the service ends', async () => {
    const view = await act({
      action: 'refund',
      note: 'Refund owed after 40 days: agreed.',
      paymentId,
    });

    expect(view.desired).toBe('ended');
    expect((await world.refunds.get(BUYER.userId, paymentId))?.amountPaise).toBe(paidPaise);
    expect(account()?.suspended).toBe(true);
  });

  it('refuses a second refund of another amount, a payment not of this service, and too much', async () => {
    await act({ action: 'refund', note: 'Part.', paymentId, amountPaise: 10_000 });

    await expect(
      act({ action: 'refund', note: 'More.', paymentId, amountPaise: 20_000 }),
    ).rejects.toMatchObject({ code: 'service_action_refused' });
    await expect(
      act({ action: 'refund', note: 'x', paymentId: 'pay_NotThisOne0001' }),
    ).rejects.toMatchObject({ code: 'payment_not_found' });
    await expect(act({ action: 'refund', note: 'x' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    expect(world.audit.entries).toHaveLength(1);
  });
});
