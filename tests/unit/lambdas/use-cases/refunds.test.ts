/**
 * The money-back guarantee end to end on in-memory fakes (D16): cancelling from the dashboard,
 * the refunds worker asking Razorpay, Razorpay's webhooks, the credit note and the mails, and
 * refunds and disputes made outside the store. Exactly once is shown by crashing every step once
 * and running it again, and by racing two callers: one refund at Razorpay, one credit note.
 */
import { describe, expect, it } from 'vitest';
import type { CancelServiceResponse } from '../../../../lambdas/domain/api';
import { formatInr } from '../../../../lambdas/domain/money';
import type { Months } from '../../../../lambdas/domain/pricing';
import { NAME_TAKEN_REASON, TRANSFER_FAILED_REASON } from '../../../../lambdas/domain/registrant';
import { buildDashboard } from '../../../../lambdas/use-cases/build-dashboard';
import { fulfilPayment } from '../../../../lambdas/use-cases/fulfil-payment';
import { handleRazorpayWebhook } from '../../../../lambdas/use-cases/handle-razorpay-webhook';
import { cancelService } from '../../../../lambdas/use-cases/refunds/cancel-service';
import { completeRefund } from '../../../../lambdas/use-cases/refunds/complete-refund';
import {
  recordDisputeEvent,
  recordRefundEvent,
} from '../../../../lambdas/use-cases/refunds/record-refund-event';
import {
  CancelServiceNotFoundError,
  NotRefundableError,
  RefundStepInProgressError,
  RefundWindowClosedError,
} from '../../../../lambdas/use-cases/refunds/errors';
import {
  requestRefund,
  retryFailedRefund,
} from '../../../../lambdas/use-cases/refunds/request-refund';
import { paymentRefunds, refundOf } from '../../../../lambdas/use-cases/refunds/views';
import { refundOrderPayment } from '../../../../lambdas/use-cases/refunds/refund-order-payment';
import { PaymentProviderError } from '../../../../lambdas/use-cases/errors';
import {
  recomputeCurrentPlan,
  ServiceChangedTooOftenError,
  withdrawPeriods,
} from '../../../../lambdas/use-cases/refunds/end-service';
import type { RefundRecord } from '../../../../lambdas/ports/refunds';
import { ConvergeBusyError, convergeService } from '../../../../lambdas/use-cases/converge-service';
import { InMemoryPanel, InMemoryProvisioningRecords } from '../../../helpers/fakes/provisioning';
import { crashOnce, SimulatedCrash } from '../../../helpers/fakes/stores';
import { BUYER, fakeWorld, WEBHOOK_SECRET } from '../../../helpers/fakes/world';
import { disputeWebhook, refundWebhook } from '../../../helpers/refund-webhooks';
import { partServiceIdOf } from '../../../../lambdas/domain/bundle-parts';

const BOUGHT_AT = new Date('2026-11-22T02:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const LEASE_MS = 30_000;

function refundWorld(start = BOUGHT_AT) {
  const world = fakeWorld(start);
  const provisioning = new InMemoryProvisioningRecords({ services: world.services });
  return Object.assign(world, {
    provisioning,
    panel: new InMemoryPanel(),
    siteUrl: () => 'https://store.example.in',
    leaseMs: LEASE_MS,
    /** How far the test's bus has delivered world.events. */
    delivered: 0,
  });
}
type World = ReturnType<typeof refundWorld>;

let orders = 0;
/**
 * A paid, fulfilled order of `planId` (the one exactly-once fulfilment), at the world's now;
 * `registerDomain` is a hosting's free first-year domain (D23).
 */
async function buy(
  world: World,
  planId = 'basichosting',
  months: Months = 12,
  domain?: string,
  registerDomain?: string,
) {
  orders += 1;
  const n = String(orders).padStart(6, '0');
  const orderId = `order_Refund${n}`;
  const paymentId = `pay_Refund${n}`;
  const order = await world.givenOrder({
    orderId,
    planId,
    months,
    receipt: `rcpt_refund_${n}`,
    ...(domain ? { domain } : {}),
    ...(registerDomain ? { registerDomain } : {}),
  });
  world.gateway.givenPayment({ id: paymentId, orderId, amountPaise: order.amountPaise });
  const result = await fulfilPayment(world, order, {
    paymentId,
    orderId,
    amountPaise: order.amountPaise,
    currency: 'INR',
  });
  if (result.outcome !== 'fulfilled' || !result.purchase.serviceId)
    throw new Error('not fulfilled');
  return { paymentId, serviceId: result.purchase.serviceId, amountPaise: order.amountPaise };
}

/** A bundle's domain registered at the registrar, as converge records it (D24). */
function registerBundleDomain(world: World, serviceId: string) {
  const part = world.services.items.get(`${BUYER.userId}#${partServiceIdOf(serviceId, 'domain')}`);
  if (!part) throw new Error('the bundle has no domain part');
  part.provisioning = { state: 'ready', readyAt: world.now().toISOString(), updatedAt: '' };
}

/** A purchase like the buyer's first, with `changes`, as recorded before services were stored. */
async function addedBeforeServices(
  world: World,
  changes: Partial<Parameters<World['purchases']['createPurchase']>[0]>,
) {
  const [first] = world.purchases.all();
  if (!first) throw new Error('no purchase');
  const { serviceId: _none, ...legacy } = first;
  await world.purchases.createPurchase({ ...legacy, ...changes });
}

function advance(world: World, ms: number) {
  world.setNow(new Date(world.now().getTime() + ms));
}

const cancel = (world: World, serviceId: string, userId = BUYER.userId) =>
  cancelService(world, { userId, serviceId, reason: 'Not what I needed', origin: 'buyer' });

/** Delivers the bus's refund events to the worker, as EventBridge would, until none are left. */
async function drainBus(world: World) {
  while (world.delivered < world.events.events.length) {
    const event = world.events.events[world.delivered];
    world.delivered += 1;
    if (!event) continue;
    const detail = event.detail as {
      userId: string;
      refundKey: string;
      attempt: number;
      serviceId: string;
      why: 'cancelled' | 'refunded' | 'dispute_lost';
    };
    if (event.detailType === 'RefundRequested') await requestRefund(world, detail);
    if (event.detailType === 'RefundFailed') await retryFailedRefund(world, detail);
    if (event.detailType === 'RefundCompleted') await completeRefund(world, detail);
    if (event.detailType === 'ServiceCancelled' || event.detailType === 'ServiceChanged') {
      await convergeService({ ...world, records: world.provisioning }, detail, {
        deliveryId: `evt_${world.delivered}`,
        rethrow: true,
      });
    }
  }
}

let webhookEvents = 0;
/** Razorpay ends the refund and sends its webhook. */
async function razorpaySettles(world: World, refundId: string, outcome: 'processed' | 'failed') {
  const { refund, payment } = world.gateway.settleRefund(refundId, outcome);
  webhookEvents += 1;
  return handleRazorpayWebhook(
    world,
    refundWebhook(
      `refund.${outcome}`,
      refund,
      payment,
      `evt_refund_${webhookEvents}`,
      WEBHOOK_SECRET,
    ),
  );
}

const gatewayRefunds = (world: World, paymentId: string) =>
  [...world.gateway.refunds.values()].filter((r) => r.paymentId === paymentId);

const mailsTo = (world: World, subject: RegExp) =>
  world.mailer.sent.filter((m) => m.to === BUYER.email && subject.test(m.subject));

describe('cancel: who and what', () => {
  it('another buyer’s service, or none at all: 404 service_not_found, nothing recorded', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world);

    await expect(cancel(world, serviceId, 'someone-else')).rejects.toBeInstanceOf(
      CancelServiceNotFoundError,
    );
    await expect(cancel(world, 'svc_000000000000000000000000')).rejects.toBeInstanceOf(
      CancelServiceNotFoundError,
    );
    expect(world.refunds.all()).toEqual([]);
  });

  it('a domain: 409 not_refundable', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world, 'basicdomain');

    await expect(cancel(world, serviceId)).rejects.toBeInstanceOf(NotRefundableError);
    expect(world.refunds.all()).toEqual([]);
  });

  it('a domain someone else registered first: refunded in full, and the mail says the name was taken (D23)', async () => {
    const world = refundWorld();
    const domain = 'asharao.com';
    const { serviceId, amountPaise } = await buy(world, 'basicdomain', 12, domain);
    // Converge found the name taken and failed the part with its sentence (converge-service.ts).
    await world.provisioning.begin(BUYER.userId, serviceId, 'pending', world.now());
    const claim = await world.provisioning.claim(BUYER.userId, serviceId, 'evt', world.now());
    if (claim.state !== 'claimed') throw new Error('no claim');
    await world.provisioning.settle(
      BUYER.userId,
      serviceId,
      claim.token,
      'pending',
      { state: 'failed', reason: NAME_TAKEN_REASON(domain) },
      world.now(),
    );

    await cancelService(world, {
      userId: BUYER.userId,
      serviceId,
      reason: 'The domain was registered by someone else before we could register it',
      origin: 'operator',
      unregisteredDomain: true,
    });
    await drainBus(world);

    const [mail] = mailsTo(world, /was registered by someone else/);
    expect(mail?.subject).toBe(
      `${domain} was registered by someone else: your ${formatInr(amountPaise)} is being refunded`,
    );
    expect(mail?.text).toContain(`Someone else registered ${domain} moments before we could`);
    expect(mail?.text).toContain(`We are refunding the full ${formatInr(amountPaise)} you paid`);
    expect(mail?.text).toContain('/domains');
    expect(mailsTo(world, /Your refund of .* has started/)).toHaveLength(0);
  });

  it('day 30 after paying is refunded; day 31 is 409 refund_window_closed', async () => {
    // Paid 22 Nov 07:30 IST: day 30 is 22 December, by India's calendar.
    const onDay30 = refundWorld();
    const first = await buy(onDay30);
    onDay30.setNow(new Date('2026-12-22T18:29:00.000Z')); // 23:59 IST on 22 Dec
    const day31 = refundWorld();
    const second = await buy(day31);
    day31.setNow(new Date('2026-12-22T18:30:00.000Z')); // 00:00 IST on 23 Dec

    await expect(cancel(onDay30, first.serviceId)).resolves.toMatchObject({
      refund: { status: 'pending' },
    });
    await expect(cancel(day31, second.serviceId)).rejects.toBeInstanceOf(RefundWindowClosedError);
  });
});

describe('cancel: the service ends, the refund is recorded before Razorpay is asked', () => {
  it('basichosting: cancelled at once, everything paid to come back, plan and expiry cleared', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    advance(world, 2 * DAY);

    const answer = await cancel(world, serviceId);

    expect(answer.service).toMatchObject({ id: serviceId, status: 'cancelled' });
    expect(answer.service.refundableUntil).toBeUndefined();
    expect(answer.refund).toEqual({
      id: `refund:${paymentId}`,
      amountPaise: 3_538_584,
      status: 'pending',
      createdAt: world.now().toISOString(),
    });
    expect(world.refunds.all()).toEqual([
      expect.objectContaining({
        refundKey: paymentId,
        kind: 'store',
        status: 'requested',
        receipt: `refund:${paymentId}`,
        reason: 'Not what I needed',
      }),
    ]);
    // Razorpay is the worker's business: nothing was asked of it yet.
    expect(gatewayRefunds(world, paymentId)).toEqual([]);
    expect(world.events.events.map((e) => e.detailType)).toEqual(
      expect.arrayContaining(['RefundRequested', 'ServiceCancelled']),
    );
    const user = await world.users.getUser(BUYER.userId);
    expect(user?.currentPlan).toBeUndefined();
    expect(user?.expiry).toBeUndefined();
  });

  it('a bundle refunds everything but its registered domain: ₹42,465.84 − ₹1,178.82 = ₹41,287.02', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world, 'basicbundle');
    registerBundleDomain(world, serviceId);

    const answer = await cancel(world, serviceId);

    expect(answer.refund).toMatchObject({ amountPaise: 4_128_702, deductionPaise: 117_882 });
  });

  it('a bundle whose domain was never registered refunds everything (D6: non-refundable only once registered)', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world, 'basicbundle');

    const answer = await cancel(world, serviceId);

    expect(answer.refund).toMatchObject({ amountPaise: 4_246_584 });
    expect(answer.refund.deductionPaise).toBeUndefined();
  });

  it('the same answer when repeated, and one refund however often it is clicked', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    advance(world, DAY);

    const first = await cancel(world, serviceId);
    advance(world, 60_000);
    const again = await cancel(world, serviceId);
    await drainBus(world);
    const afterRefund = await cancel(world, serviceId);

    expect(again).toEqual(first);
    expect(afterRefund.refund.id).toBe(first.refund.id);
    expect(gatewayRefunds(world, paymentId)).toHaveLength(1);
    expect(world.refunds.all()).toHaveLength(1);
  });

  it('two tabs at once: one intent, the same answer, one refund at Razorpay', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);

    const answers = await Promise.all([cancel(world, serviceId), cancel(world, serviceId)]);
    await Promise.allSettled([drainBus(world), drainBus(world)]);
    await drainBus(world);

    expect(answers[0]).toEqual(answers[1]);
    expect(world.refunds.all()).toHaveLength(1);
    expect(gatewayRefunds(world, paymentId)).toHaveLength(1);
    expect(mailsTo(world, /refund of .* has started/)).toHaveLength(1);
  });

  it('a cancelled renewal returns the service to its previous renewal date, still active', async () => {
    const world = refundWorld(new Date('2025-12-10T04:30:00.000Z'));
    const { serviceId } = await buy(world);
    world.setNow(new Date('2026-11-20T04:30:00.000Z'));
    const renewal = await buy(world);
    world.setNow(new Date('2026-11-25T04:30:00.000Z'));

    const answer = await cancel(world, serviceId);

    expect(renewal.serviceId).toBe(serviceId);
    expect(answer.refunds.map((r) => r.id)).toEqual([`refund:${renewal.paymentId}`]);
    expect(answer.service).toMatchObject({
      status: 'active',
      renewalDate: '2026-12-10T04:30:00.000Z',
    });
    expect(await world.users.getUser(BUYER.userId)).toMatchObject({
      currentPlan: 'basichosting',
      expiry: '2026-12-10T04:30:00.000Z',
    });
    expect(world.events.events.map((e) => e.detailType)).not.toContain('ServiceCancelled');
    await drainBus(world);
    expect(mailsTo(world, /has started/)[0]?.text).toContain('stays active until');
  });

  it('the current plan falls back to what is still active (D4)', async () => {
    const world = refundWorld();
    await buy(world, 'basicvps');
    advance(world, DAY);
    const hosting = await buy(world, 'premiumhosting', 24);

    await cancel(world, hosting.serviceId);

    const vps = (await world.services.listServices(BUYER.userId)).find(
      (s) => s.planId === 'basicvps',
    );
    expect(await world.users.getUser(BUYER.userId)).toMatchObject({
      currentPlan: 'basicvps',
      expiry: vps?.renewalDate,
    });
  });

  it.each([
    ['refunds.create', 'after'],
    ['services.withdrawPeriods', 'before'],
    ['services.withdrawPeriods', 'after'],
    ['users.replaceCurrentPlan', 'before'],
    ['users.replaceCurrentPlan', 'after'],
    ['events.publish', 'before'],
    ['events.publish', 'after'],
    ['refunds.completeStep', 'after'],
  ] as const)(
    'a crash %s (%s) and a retry: one intent, the service ended, one refund at Razorpay',
    async (target, when) => {
      const world = refundWorld();
      const { serviceId, paymentId } = await buy(world);
      const [store, method] = target.split('.') as [keyof World, string];
      crashOnce(world[store] as object, method as never, when);

      await expect(cancel(world, serviceId)).rejects.toBeInstanceOf(SimulatedCrash);
      const answer = await cancel(world, serviceId);
      await drainBus(world);

      expect(answer.service.status).toBe('cancelled');
      expect(world.refunds.all()).toHaveLength(1);
      expect(gatewayRefunds(world, paymentId)).toHaveLength(1);
      expect((await world.users.getUser(BUYER.userId))?.currentPlan).toBeUndefined();
    },
  );
});

describe('the refunds worker asks Razorpay once', () => {
  async function cancelled() {
    const world = refundWorld();
    const bought = await buy(world);
    await cancel(world, bought.serviceId);
    const detail = { userId: BUYER.userId, refundKey: bought.paymentId };
    return { world, ...bought, detail };
  }

  it('makes the refund with the intent’s receipt and amount, records it, mails the buyer', async () => {
    const { world, paymentId, detail } = await cancelled();

    await expect(requestRefund(world, detail)).resolves.toBe('requested');

    const [made] = gatewayRefunds(world, paymentId);
    expect(made).toMatchObject({
      amountPaise: 3_538_584,
      receipt: `refund:${paymentId}`,
      notes: expect.objectContaining({ origin: 'buyer', reason: 'Not what I needed' }),
    });
    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      status: 'pending',
      gatewayRefundId: made?.id,
    });
    const [mail] = mailsTo(world, /Your refund of ₹35,385\.84 has started/);
    expect(mail?.text).toContain(made?.id ?? 'none');
  });

  it.each([
    ['gateway', 'listRefunds', 'before'],
    ['gateway', 'createRefund', 'before'],
    // Razorpay made it and the answer was lost: found again by its receipt, never made twice.
    ['gateway', 'createRefund', 'after'],
    ['refunds', 'recordGatewayRefund', 'before'],
    ['refunds', 'recordGatewayRefund', 'after'],
    // Razorpay's id is recorded but the step's claim is still held: the id is enough to go on.
    ['refunds', 'completeStep', 'before'],
    ['refunds', 'completeStep', 'after'],
  ] as const)(
    'a crash at %s.%s (%s), then the bus’s retry once the lease is over: one refund',
    async (target, method, when) => {
      const { world, paymentId, detail } = await cancelled();
      crashOnce(world[target] as object, method as never, when);

      await expect(requestRefund(world, detail)).rejects.toBeInstanceOf(SimulatedCrash);
      // A step that throws gives its claim back (steps.ts): the bus's next delivery goes on at
      // once, finds what the crashed attempt did, and makes nothing twice.
      await expect(requestRefund(world, detail)).resolves.toBe('requested');
      advance(world, LEASE_MS + 1000);
      await requestRefund(world, detail);

      const made = gatewayRefunds(world, paymentId);
      expect(made).toHaveLength(1);
      expect((await world.refunds.get(BUYER.userId, paymentId))?.gatewayRefundId).toBe(made[0]?.id);
      expect(mailsTo(world, /has started/)).toHaveLength(1);
    },
  );

  it('two deliveries at once: one asks Razorpay, the other is told to retry later', async () => {
    const { world, paymentId, detail } = await cancelled();

    const results = await Promise.allSettled([
      requestRefund(world, detail),
      requestRefund(world, detail),
    ]);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: expect.any(RefundStepInProgressError),
    });
    // The bus's failed delivery says which step of which refund waits.
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: {
        name: 'RefundStepInProgressError',
        message: `Step gateway:1 of refund ${paymentId} is held by another attempt; retry later.`,
      },
    });
    expect(gatewayRefunds(world, paymentId)).toHaveLength(1);
  });

  it('a payment refunded in Razorpay’s dashboard meanwhile: no refund, an operator, the buyer told', async () => {
    const { world, paymentId, detail } = await cancelled();
    world.gateway.givenDashboardRefund(paymentId, 3_538_584);

    await expect(requestRefund(world, detail)).resolves.toBe('needs_operator');

    expect(gatewayRefunds(world, paymentId).filter((r) => r.receipt !== null)).toEqual([]);
    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      status: 'failed',
      attention: 'yes',
    });
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'Refund needs an operator' }),
    );
    expect(mailsTo(world, /is delayed/)).toHaveLength(1);
    expect(await world.refunds.listNeedingAttention(10)).toHaveLength(1);
  });
});

describe('Razorpay’s webhooks for a store refund', () => {
  async function requested() {
    const world = refundWorld();
    const bought = await buy(world);
    advance(world, 3 * DAY);
    await cancel(world, bought.serviceId);
    await drainBus(world);
    const [made] = gatewayRefunds(world, bought.paymentId);
    if (!made) throw new Error('no refund made');
    return { world, ...bought, refundId: made.id };
  }

  it('processed: the credit note is issued once (CN/26-27/000001) and the buyer mailed once', async () => {
    const { world, paymentId, refundId } = await requested();

    const outcome = await razorpaySettles(world, refundId, 'processed');
    await drainBus(world);
    // Razorpay sends refund.processed again (another event id): nothing new.
    const { refund, payment } = {
      refund: await world.gateway.fetchRefund(refundId),
      payment: await world.gateway.fetchPayment(paymentId),
    };
    await handleRazorpayWebhook(
      world,
      refundWebhook('refund.processed', refund, payment, 'evt_again', WEBHOOK_SECRET),
    );
    await drainBus(world);

    expect(outcome).toBe('refund_recorded');
    const purchase = world.purchases.all().find((p) => p.paymentId === paymentId);
    expect(purchase).toMatchObject({
      creditNoteNumber: 'CN/26-27/000001',
      creditNoteRefund: { amountPaise: 3_538_584, refundId },
    });
    expect(mailsTo(world, /is processed/)).toHaveLength(1);
    expect(mailsTo(world, /is processed/)[0]?.text).toContain('CN/26-27/000001');
    expect(world.events.events.filter((e) => e.detailType === 'RefundCompleted')).toHaveLength(1);
  });

  it('processed before the worker recorded Razorpay’s answer: the webhook records it', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    crashOnce(world.refunds, 'recordGatewayRefund', 'before');
    await expect(
      requestRefund(world, { userId: BUYER.userId, refundKey: paymentId }),
    ).rejects.toThrow();
    const [made] = gatewayRefunds(world, paymentId);

    await razorpaySettles(world, made?.id ?? '', 'processed');

    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      status: 'processed',
      gatewayRefundId: made?.id,
    });
  });

  it('a crash while issuing the credit note, and the retry: one number, none skipped', async () => {
    const { world, paymentId, refundId } = await requested();
    crashOnce(world.purchases, 'setDocumentNumber', 'after');

    await razorpaySettles(world, refundId, 'processed');
    await expect(drainBus(world)).rejects.toBeInstanceOf(SimulatedCrash);
    await completeRefund(world, { userId: BUYER.userId, refundKey: paymentId });

    expect(world.purchases.all().map((p) => p.creditNoteNumber)).toEqual(['CN/26-27/000001']);
    expect(mailsTo(world, /is processed/)).toHaveLength(1);
  });

  it('failed: an operator alarm, the buyer told it is retried, a second attempt, the service stays cancelled', async () => {
    const { world, paymentId, serviceId, refundId } = await requested();

    await razorpaySettles(world, refundId, 'failed');
    await drainBus(world);

    expect(world.log.lines).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'Refund failed at Razorpay' }),
    );
    expect(mailsTo(world, /is delayed/)).toHaveLength(1);
    const attempts = gatewayRefunds(world, paymentId);
    expect(attempts.map((r) => [r.receipt, r.status])).toEqual([
      [`refund:${paymentId}`, 'failed'],
      [`refund:${paymentId}:2`, 'pending'],
    ]);
    // Cancelled at the click, three days after the purchase.
    expect((await world.services.getService(BUYER.userId, serviceId))?.cancelledAt).toBe(
      '2026-11-25T02:00:00.000Z',
    );

    await razorpaySettles(world, attempts[1]?.id ?? '', 'processed');
    await drainBus(world);
    const board = await buildDashboard(world, BUYER);
    expect(board.payments.find((p) => p.paymentId === paymentId)).toMatchObject({
      refund: { status: 'processed', amountPaise: 3_538_584, razorpayRefundId: attempts[1]?.id },
      creditNoteNumber: 'CN/26-27/000001',
    });
  });

  it('fails every attempt: handed to an operator after three', async () => {
    const { world, paymentId, refundId } = await requested();

    let current = refundId;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await razorpaySettles(world, current, 'failed');
      await drainBus(world);
      current = gatewayRefunds(world, paymentId).find((r) => r.status === 'pending')?.id ?? '';
    }

    expect(gatewayRefunds(world, paymentId)).toHaveLength(3);
    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      status: 'failed',
      attempt: 3,
      attention: 'yes',
    });
    const board = await buildDashboard(world, BUYER);
    expect(board.payments.find((p) => p.paymentId === paymentId)?.refund?.status).toBe('failed');
  });
});

describe('refunds and disputes made outside the store', () => {
  async function bought() {
    const world = refundWorld();
    const purchase = await buy(world);
    await requestRefundNothing(world);
    return { world, ...purchase };
  }
  async function requestRefundNothing(world: World) {
    await drainBus(world);
  }

  it('a full refund in Razorpay’s dashboard ends the service and gets a credit note', async () => {
    const { world, paymentId, serviceId } = await bought();
    const dashboard = world.gateway.givenDashboardRefund(paymentId, 3_538_584);

    const outcome = await razorpaySettles(world, dashboard.id, 'processed');
    await drainBus(world);

    expect(outcome).toBe('refund_recorded');
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'Refund made outside the store' }),
    );
    const service = await world.services.getService(BUYER.userId, serviceId);
    expect(service?.cancelledAt).toBe(world.now().toISOString());
    expect((await world.users.getUser(BUYER.userId))?.currentPlan).toBeUndefined();
    expect(world.events.events.map((e) => e.detailType)).toContain('ServiceCancelled');
    expect(world.purchases.all()[0]).toMatchObject({
      creditNoteNumber: 'CN/26-27/000001',
      creditNoteRefund: { amountPaise: 3_538_584, refundId: dashboard.id },
    });
  });

  it('a partial refund is recorded for the operators; the service runs on', async () => {
    const { world, paymentId, serviceId } = await bought();
    const dashboard = world.gateway.givenDashboardRefund(paymentId, 100_000);

    await razorpaySettles(world, dashboard.id, 'processed');
    await drainBus(world);

    expect(await world.refunds.listNeedingAttention(10)).toEqual([
      expect.objectContaining({ kind: 'outside', amountPaise: 100_000, full: false }),
    ]);
    const service = await world.services.getService(BUYER.userId, serviceId);
    expect(service?.cancelledAt).toBeUndefined();
    expect(world.purchases.all()[0]?.creditNoteNumber).toBeUndefined();
    const board = await buildDashboard(world, BUYER);
    expect(board.payments[0]?.refund).toMatchObject({ amountPaise: 100_000, status: 'processed' });
    // Cancelling afterwards refunds only what is left.
    const answer = await cancel(world, serviceId);
    expect(answer.refund.amountPaise).toBe(3_538_584 - 100_000);
  });

  it('cancelling after a partial refund in the dashboard gets one credit note for all that was refunded', async () => {
    const { world, paymentId, serviceId } = await bought();
    const dashboard = world.gateway.givenDashboardRefund(paymentId, 100_000);
    await razorpaySettles(world, dashboard.id, 'processed');
    await drainBus(world);

    await cancel(world, serviceId);
    await requestRefund(world, { userId: BUYER.userId, refundKey: paymentId });
    const ours = gatewayRefunds(world, paymentId).find((r) => r.id !== dashboard.id);
    if (!ours) throw new Error('the store made no refund');
    await razorpaySettles(world, ours.id, 'processed');
    await drainBus(world);

    expect(ours.amountPaise).toBe(3_538_584 - 100_000);
    expect(world.purchases.all()[0]).toMatchObject({
      creditNoteNumber: 'CN/26-27/000001',
      creditNoteRefund: { amountPaise: 3_538_584, refundId: ours.id },
    });
  });

  it('a dispute opened is flagged for the operators, nothing else; a dispute lost ends the service', async () => {
    const { world, paymentId, serviceId } = await bought();
    const payment = await world.gateway.fetchPayment(paymentId);
    const dispute = { id: 'disp_Nz5xC2vB8nM1qW', amountPaise: payment.amountPaise };

    const opened = await handleRazorpayWebhook(
      world,
      disputeWebhook('payment.dispute.created', dispute, payment, 'evt_disp_1', WEBHOOK_SECRET),
    );
    const afterOpened = await world.services.getService(BUYER.userId, serviceId);
    await handleRazorpayWebhook(
      world,
      disputeWebhook('payment.dispute.lost', dispute, payment, 'evt_disp_2', WEBHOOK_SECRET),
    );
    const afterLost = await world.services.getService(BUYER.userId, serviceId);

    expect(opened).toBe('dispute_recorded');
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'Payment dispute opened' }),
    );
    expect(afterOpened?.cancelledAt).toBeUndefined();
    expect(afterLost?.cancelledAt).toBe(world.now().toISOString());
    expect(await world.refunds.listNeedingAttention(10)).toEqual([
      expect.objectContaining({ kind: 'dispute', disputeStatus: 'lost' }),
    ]);
    expect(world.events.events.filter((e) => e.detailType === 'ServiceCancelled')).toHaveLength(1);
  });

  it('a refund an operator made from the review console is the console’s: ignored here', async () => {
    const { world, paymentId } = await bought();
    const payment = await world.gateway.fetchPayment(paymentId);
    const refund = { ...world.gateway.givenDashboardRefund(paymentId, 3_538_584) };
    refund.receipt = `review:${payment.orderId}`;

    const outcome = await handleRazorpayWebhook(
      world,
      refundWebhook('refund.created', refund, payment, 'evt_review', WEBHOOK_SECRET),
    );

    expect(outcome).toBe('ignored');
    expect(world.refunds.all()).toEqual([]);
  });
});

describe('the hosting of an ended service is suspended, never deleted', () => {
  async function readyHosting(world: World) {
    const { serviceId } = await buy(world);
    await world.provisioning.begin(BUYER.userId, serviceId, 'pending', world.now());
    const claim = await world.provisioning.claim(
      BUYER.userId,
      serviceId,
      'evt_create',
      world.now(),
    );
    if (claim.state !== 'claimed') throw new Error('no claim');
    const username = 'ashaverm';
    await world.provisioning.choose(
      BUYER.userId,
      serviceId,
      claim.token,
      { username, domain: 'asha.example.in', package: 'storefront_basic', usernameAttempt: 0 },
      world.now(),
    );
    await world.panel.create({
      username,
      domain: 'asha.example.in',
      package: 'storefront_basic',
      contactEmail: BUYER.email,
    });
    await world.provisioning.settle(
      BUYER.userId,
      serviceId,
      claim.token,
      'pending',
      { state: 'ready', server: 'server1.example.in', nameservers: [] },
      world.now(),
    );
    return { serviceId, username };
  }

  it('cancelled: suspended on the panel, the account kept, once however often it is told', async () => {
    const world = refundWorld();
    const { serviceId, username } = await readyHosting(world);
    await cancel(world, serviceId);

    await drainBus(world);
    const again = await convergeService(
      { ...world, records: world.provisioning },
      { userId: BUYER.userId, serviceId },
      { deliveryId: 'evt_dup' },
    );

    expect(world.panel.accounts.get(username)).toMatchObject({ suspended: true });
    expect((await world.provisioning.get(BUYER.userId, serviceId))?.state).toBe('suspended');
    expect(again).toEqual({
      outcome: 'in_step',
      desired: 'ended',
      actual: 'suspended',
      actions: [],
    });
    const board = await buildDashboard(world, BUYER);
    expect(board.services[0]?.status).toBe('cancelled');
  });

  it('its account being made by another attempt right now: the bus tries again later', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world);
    await world.provisioning.begin(BUYER.userId, serviceId, 'pending', world.now());
    const claim = await world.provisioning.claim(BUYER.userId, serviceId, 'evt_other', world.now());
    if (claim.state !== 'claimed') throw new Error('not claimed');
    await world.provisioning.choose(
      BUYER.userId,
      serviceId,
      claim.token,
      {
        username: 'ashxyz12',
        domain: 'asha.example.in',
        package: 'storefront_basic',
        usernameAttempt: 0,
      },
      world.now(),
    );
    await cancel(world, serviceId);

    await expect(drainBus(world)).rejects.toBeInstanceOf(ConvergeBusyError);
    const service = await world.services.getService(BUYER.userId, serviceId);
    expect(service?.life).toMatchObject({ desired: 'ended', actual: 'absent' });
  });

  it('never made: nothing to suspend, and in step', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world);
    await world.provisioning.begin(BUYER.userId, serviceId, 'pending', world.now());
    await cancel(world, serviceId);

    await drainBus(world);

    const service = await world.services.getService(BUYER.userId, serviceId);
    expect(service?.life).toMatchObject({ desired: 'ended', actual: 'absent' });
    expect(service?.life?.outOfStepSince).toBeUndefined();
    expect(world.panel.calls).toBe(0);
  });
});

describe('the dashboard', () => {
  it('offers the guarantee on a service card until its 30th day, then shows the refund on its payment', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world, 'basicbundle');
    registerBundleDomain(world, serviceId);

    const before = await buildDashboard(world, BUYER);
    const answer: CancelServiceResponse = await cancel(world, serviceId);
    await drainBus(world);
    const pending = await buildDashboard(world, BUYER);

    expect(before.services[0]).toMatchObject({
      refundableUntil: '2026-12-22T18:29:59.999Z',
      refundablePaise: 4_128_702,
    });
    expect(pending.services[0]).toMatchObject({ status: 'cancelled' });
    expect(pending.services[0]?.refundableUntil).toBeUndefined();
    expect(pending.payments.find((p) => p.paymentId === paymentId)?.refund).toMatchObject({
      id: answer.refund.id,
      status: 'pending',
      amountPaise: 4_128_702,
    });
  });
});

describe('the credit note: what it credits, and why, in its words (D15)', () => {
  /** The buyer's purchase of `paymentId` as the store holds it. */
  const purchaseOf = (world: World, paymentId: string) =>
    world.purchases.all().find((p) => p.paymentId === paymentId);

  /** Cancels as `origin`, has Razorpay make and process the store's refund, and delivers all. */
  async function refundedByTheStore(
    world: World,
    serviceId: string,
    paymentId: string,
    origin: 'buyer' | 'operator',
  ) {
    await cancelService(world, { userId: BUYER.userId, serviceId, reason: 'Asked', origin });
    await drainBus(world);
    const made = gatewayRefunds(world, paymentId).find((r) => r.receipt !== null);
    if (!made) throw new Error('no refund made');
    await razorpaySettles(world, made.id, 'processed');
    await drainBus(world);
    return made;
  }

  /** A hosting plan and a bundle (its domain registered), each refunded by the store for `origin`. */
  async function hostingAndBundleRefunded(origin: 'buyer' | 'operator') {
    const world = refundWorld();
    const hosting = await buy(world);
    const bundle = await buy(world, 'basicbundle');
    registerBundleDomain(world, bundle.serviceId);
    await refundedByTheStore(world, hosting.serviceId, hosting.paymentId, origin);
    await refundedByTheStore(world, bundle.serviceId, bundle.paymentId, origin);
    return { world, hosting, bundle };
  }

  it('a buyer’s cancel: within the guarantee; with the domain kept back it says so', async () => {
    const { world, hosting, bundle } = await hostingAndBundleRefunded('buyer');

    expect(purchaseOf(world, hosting.paymentId)?.creditNoteRefund?.reason).toBe(
      'Cancelled within the 30-day money-back guarantee',
    );
    expect(purchaseOf(world, bundle.paymentId)?.creditNoteRefund).toMatchObject({
      amountPaise: 4_128_702,
      reason: 'Cancelled within the 30-day money-back guarantee (less the domain registration)',
    });
  });

  it('an operator’s refund: by the store, with the domain kept back said too', async () => {
    const { world, hosting, bundle } = await hostingAndBundleRefunded('operator');

    expect(purchaseOf(world, hosting.paymentId)?.creditNoteRefund?.reason).toBe(
      'Refunded by the store',
    );
    expect(purchaseOf(world, bundle.paymentId)?.creditNoteRefund?.reason).toBe(
      'Refunded by the store (less the domain registration)',
    );
  });

  it('a payment refunded in Razorpay’s dashboard in two parts credits the whole payment, made through Razorpay', async () => {
    const world = refundWorld();
    const { paymentId, serviceId, amountPaise } = await buy(world);
    const first = world.gateway.givenDashboardRefund(paymentId, 100_000);
    await razorpaySettles(world, first.id, 'processed');
    await drainBus(world);
    const rest = world.gateway.givenDashboardRefund(paymentId, amountPaise - 100_000);

    await razorpaySettles(world, rest.id, 'processed');
    await drainBus(world);

    expect(purchaseOf(world, paymentId)).toMatchObject({
      creditNoteNumber: 'CN/26-27/000001',
      creditNoteRefund: {
        amountPaise,
        refundId: rest.id,
        reason: 'Refund made through Razorpay',
      },
    });
    expect((await world.services.getService(BUYER.userId, serviceId))?.cancelledAt).toBe(
      world.now().toISOString(),
    );
  });

  it('a part of another payment refunded in the dashboard is not credited by this payment’s credit note', async () => {
    const world = refundWorld();
    const other = await buy(world);
    const bundle = await buy(world, 'basicbundle');
    registerBundleDomain(world, bundle.serviceId);
    const dashboard = world.gateway.givenDashboardRefund(other.paymentId, 100_000);
    await razorpaySettles(world, dashboard.id, 'processed');
    await drainBus(world);

    await refundedByTheStore(world, bundle.serviceId, bundle.paymentId, 'buyer');

    expect(purchaseOf(world, bundle.paymentId)?.creditNoteRefund?.amountPaise).toBe(4_128_702);
  });

  it('a part refunded in the dashboard and not yet processed is not credited by the store’s refund', async () => {
    const world = refundWorld();
    const { paymentId, serviceId, amountPaise } = await buy(world);
    const dashboard = world.gateway.givenDashboardRefund(paymentId, 100_000);
    const { refund, payment } = {
      refund: await world.gateway.fetchRefund(dashboard.id),
      payment: await world.gateway.fetchPayment(paymentId),
    };
    await handleRazorpayWebhook(
      world,
      refundWebhook('refund.created', refund, payment, 'evt_dash_created', WEBHOOK_SECRET),
    );

    const ours = await refundedByTheStore(world, serviceId, paymentId, 'buyer');

    expect(ours.amountPaise).toBe(amountPaise - 100_000);
    expect(purchaseOf(world, paymentId)?.creditNoteRefund?.amountPaise).toBe(amountPaise - 100_000);
  });

  it('RefundCompleted for a refund not processed, unknown or of no purchase: nothing issued, nobody mailed', async () => {
    const world = refundWorld();
    const { paymentId, serviceId } = await buy(world);
    await cancel(world, serviceId);
    const pending = { userId: BUYER.userId, refundKey: paymentId };
    const unknown = { userId: BUYER.userId, refundKey: 'pay_Unknown0000001' };
    const record = await world.refunds.get(BUYER.userId, paymentId);
    if (!record) throw new Error('no record');
    const { purchase: _dropped, ...noPurchase } = record;
    await world.refunds.create({
      ...noPurchase,
      refundKey: 'pay_NoPurchase0001',
      status: 'processed',
      processedAt: world.now().toISOString(),
    });
    await world.refunds.create({ ...record, refundKey: 'pay_NotDated00001', status: 'processed' });

    for (const refundKey of [
      paymentId,
      unknown.refundKey,
      'pay_NoPurchase0001',
      'pay_NotDated00001',
    ]) {
      await expect(completeRefund(world, { ...pending, refundKey })).resolves.toBe('nothing_to_do');
    }

    expect(world.mailer.sent.filter((m) => /is processed/.test(m.subject))).toEqual([]);
    expect(world.purchases.all()[0]?.creditNoteRefund).toBeUndefined();
    expect(world.purchases.all()[0]?.creditNoteNumber).toBeUndefined();
  });

  it('a purchase bought before tax invoices: the buyer is mailed, with no credit note', async () => {
    const world = refundWorld();
    const { paymentId, serviceId } = await buy(world);
    for (const [key, p] of world.purchases.items) {
      const { invoiceNumber: _none, ...rest } = p;
      world.purchases.items.set(key, rest);
    }

    await refundedByTheStore(world, serviceId, paymentId, 'buyer');

    expect(purchaseOf(world, paymentId)?.creditNoteRefund).toBeUndefined();
    expect(purchaseOf(world, paymentId)?.creditNoteNumber).toBeUndefined();
    const [mail] = mailsTo(world, /is processed/);
    expect(mail?.text).not.toContain('Credit note');
  });

  it('completed is said once done; the mail names Razorpay’s refund and when it was processed', async () => {
    const world = refundWorld();
    const { paymentId, serviceId } = await buy(world);
    await cancel(world, serviceId);
    await drainBus(world);
    const [made] = gatewayRefunds(world, paymentId);
    const { refund, payment } = world.gateway.settleRefund(made?.id ?? '', 'processed');
    await handleRazorpayWebhook(
      world,
      refundWebhook('refund.processed', refund, payment, 'evt_done', WEBHOOK_SECRET),
    );
    advance(world, 5 * DAY);

    await expect(
      completeRefund(world, { userId: BUYER.userId, refundKey: paymentId }),
    ).resolves.toBe('completed');

    const [mail] = mailsTo(world, /is processed/);
    expect(mail?.text).toContain(made?.id ?? 'none');
    expect(mail?.text).toContain('on 22 November 2026');
    expect(mail?.text).toContain('CN/26-27/000001');
  });

  it('a second refund of a payment that has its credit note gets none of its own: an operator’s', async () => {
    const world = refundWorld();
    const { paymentId, serviceId } = await buy(world);
    const made = await refundedByTheStore(world, serviceId, paymentId, 'buyer');
    const record = await world.refunds.get(BUYER.userId, paymentId);
    if (!record) throw new Error('no record');
    await world.refunds.create({
      ...record,
      refundKey: `${paymentId}#rfnd_Second000001`,
      kind: 'outside',
      gatewayRefundId: 'rfnd_Second000001',
      full: true,
      done: {},
    });

    await completeRefund(world, {
      userId: BUYER.userId,
      refundKey: `${paymentId}#rfnd_Second000001`,
    });

    expect(purchaseOf(world, paymentId)).toMatchObject({
      creditNoteNumber: 'CN/26-27/000001',
      creditNoteRefund: { refundId: made.id },
    });
    const mails = mailsTo(world, /is processed/);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).not.toContain('Credit note');
    expect(
      world.log.lines.filter((l) => l.message === 'Credit note issued for a refund'),
    ).toHaveLength(1);
  });
});

describe('Razorpay’s refund and dispute events at their edges', () => {
  const eventsOf = (world: World, type: string) =>
    world.events.events.filter((e) => e.detailType === type).map((e) => e.detail);

  it('a refund or dispute of a payment made without an order, or of another shop’s order: ignored, nothing recorded', async () => {
    const world = refundWorld();
    world.gateway.givenPayment({ id: 'pay_NoOrder000001', orderId: null, amountPaise: 100_000 });
    world.gateway.givenPayment({
      id: 'pay_Elsewhere0001',
      orderId: 'order_Elsewhere001',
      amountPaise: 100_000,
    });

    for (const paymentId of ['pay_NoOrder000001', 'pay_Elsewhere0001']) {
      const refund = world.gateway.givenDashboardRefund(paymentId, 100_000);
      // No payment in the event: the gateway is asked for it.
      await expect(
        recordRefundEvent(world, { type: 'refund.processed', refund, payment: undefined }, 'evt'),
      ).resolves.toBe('ignored');
      const dispute = {
        id: `disp_${paymentId}`,
        paymentId,
        amountPaise: 100_000,
        currency: 'INR',
        status: 'open',
        reasonCode: null,
      };
      await expect(
        recordDisputeEvent(
          world,
          { type: 'payment.dispute.lost', dispute, payment: undefined },
          'evt',
        ),
      ).resolves.toBe('ignored');
    }

    expect(world.refunds.all()).toEqual([]);
    expect(world.events.events).toEqual([]);
  });

  it('our receipt on a refund the store has no record of is ignored; one naming another payment is an outside refund', async () => {
    const world = refundWorld();
    const { paymentId } = await buy(world);
    const payment = await world.gateway.fetchPayment(paymentId);
    const unknown = { ...world.gateway.givenDashboardRefund(paymentId, 100_000) };
    unknown.receipt = `refund:${paymentId}`;

    await expect(
      recordRefundEvent(world, { type: 'refund.processed', refund: unknown, payment }, 'evt_1'),
    ).resolves.toBe('ignored');
    expect(world.refunds.all()).toEqual([]);

    const other = { ...world.gateway.givenDashboardRefund(paymentId, 100_000) };
    other.receipt = 'refund:pay_SomeoneElse01';
    await expect(
      recordRefundEvent(world, { type: 'refund.created', refund: other, payment }, 'evt_2'),
    ).resolves.toBe('refund_recorded');
    expect(world.refunds.all()).toEqual([
      expect.objectContaining({
        refundKey: `${paymentId}#${other.id}`,
        kind: 'outside',
        origin: 'razorpay',
        status: 'pending',
        full: false,
        attention: 'yes',
        attentionReason: 'Partial refund made in Razorpay',
      }),
    ]);
  });

  it('refund.created of the store’s refund records Razorpay’s id and settles nothing', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    crashOnce(world.refunds, 'recordGatewayRefund', 'before');
    await expect(
      requestRefund(world, { userId: BUYER.userId, refundKey: paymentId }),
    ).rejects.toThrow();
    const [made] = gatewayRefunds(world, paymentId);
    if (!made) throw new Error('no refund made');

    await expect(
      recordRefundEvent(
        world,
        {
          type: 'refund.created',
          refund: made,
          payment: await world.gateway.fetchPayment(paymentId),
        },
        'evt_created',
      ),
    ).resolves.toBe('refund_recorded');

    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      status: 'pending',
      gatewayRefundId: made.id,
    });
    expect(eventsOf(world, 'RefundCompleted')).toEqual([]);
    expect(eventsOf(world, 'RefundFailed')).toEqual([]);
  });

  it('refund.failed told twice: one alarm, one RefundFailed with the attempt and when it failed', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    await drainBus(world);
    const [made] = gatewayRefunds(world, paymentId);
    const { refund, payment } = world.gateway.settleRefund(made?.id ?? '', 'failed');
    advance(world, DAY);
    const failedAt = world.now().toISOString();

    for (const eventId of ['evt_failed_1', 'evt_failed_2']) {
      await expect(
        recordRefundEvent(world, { type: 'refund.failed', refund, payment }, eventId),
      ).resolves.toBe('refund_recorded');
      advance(world, 60_000);
    }

    expect(eventsOf(world, 'RefundFailed')).toEqual([
      {
        userId: BUYER.userId,
        refundKey: paymentId,
        paymentId,
        attempt: 1,
        razorpayRefundId: made?.id,
        failedAt,
      },
    ]);
    expect(world.log.lines.filter((l) => l.message === 'Refund failed at Razorpay')).toEqual([
      expect.objectContaining({
        level: 'error',
        extra: [expect.objectContaining({ attempt: 1, paymentId, eventId: 'evt_failed_1' })],
      }),
    ]);
    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Razorpay reported the refund failed',
    });
  });

  it('an event of an earlier attempt changes nothing: the current attempt decides', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    await drainBus(world);
    const [first] = gatewayRefunds(world, paymentId);
    await razorpaySettles(world, first?.id ?? '', 'failed');
    await drainBus(world);
    const before = await world.refunds.get(BUYER.userId, paymentId);
    const published = world.events.events.length;
    const stale = {
      ...(await world.gateway.fetchRefund(first?.id ?? '')),
      status: 'processed' as const,
    };

    await expect(
      recordRefundEvent(
        world,
        {
          type: 'refund.processed',
          refund: stale,
          payment: await world.gateway.fetchPayment(paymentId),
        },
        'evt_stale',
      ),
    ).resolves.toBe('refund_recorded');

    expect(before).toMatchObject({ attempt: 2, status: 'pending' });
    expect(await world.refunds.get(BUYER.userId, paymentId)).toEqual(before);
    expect(world.events.events.length).toBe(published);
  });

  it('a refund made in the dashboard: recorded once with one alarm; it ends nothing until processed, nor when failed', async () => {
    const world = refundWorld();
    const { paymentId, serviceId, amountPaise } = await buy(world);
    const whole = world.gateway.givenDashboardRefund(paymentId, amountPaise);
    const fullPayment = await world.gateway.fetchPayment(paymentId);

    await recordRefundEvent(
      world,
      { type: 'refund.created', refund: whole, payment: fullPayment },
      'e1',
    );
    await recordRefundEvent(
      world,
      { type: 'refund.created', refund: whole, payment: fullPayment },
      'e2',
    );
    const created = await world.refunds.get(BUYER.userId, `${paymentId}#${whole.id}`);
    // Razorpay failed it, in an event whose payment still shows it refunded in full.
    await recordRefundEvent(
      world,
      { type: 'refund.failed', refund: { ...whole, status: 'failed' }, payment: fullPayment },
      'e3',
    );

    expect(created).toMatchObject({ status: 'pending', full: true, amountPaise });
    expect(created?.processedAt).toBeUndefined();
    expect(created?.attention).toBeUndefined();
    expect(world.log.lines.filter((l) => l.message === 'Refund made outside the store')).toEqual([
      expect.objectContaining({
        level: 'warn',
        extra: [
          expect.objectContaining({ amountPaise, full: true, status: 'pending', eventId: 'e1' }),
        ],
      }),
    ]);
    expect(await world.refunds.get(BUYER.userId, `${paymentId}#${whole.id}`)).toMatchObject({
      status: 'failed',
      full: false,
    });
    expect((await world.services.getService(BUYER.userId, serviceId))?.cancelledAt).toBeUndefined();
    expect(world.events.events.map((e) => e.detailType)).not.toContain('ServiceCancelled');
    expect(world.purchases.all()[0]?.creditNoteNumber).toBeUndefined();
  });

  it('the whole payment went back when Razorpay says it is refunded in full, or refunded all it holds', async () => {
    for (const said of [
      { refundStatus: 'full' as const, refunded: 0 },
      { refundStatus: 'partial' as const, refunded: 1 },
    ]) {
      const world = refundWorld();
      const { paymentId, serviceId, amountPaise } = await buy(world);
      const refund = {
        ...world.gateway.givenDashboardRefund(paymentId, 100_000),
        status: 'processed' as const,
      };
      const payment = {
        ...(await world.gateway.fetchPayment(paymentId)),
        refundStatus: said.refundStatus,
        amountRefundedPaise: said.refunded * amountPaise,
      };

      await recordRefundEvent(world, { type: 'refund.processed', refund, payment }, 'evt');

      expect(await world.refunds.get(BUYER.userId, `${paymentId}#${refund.id}`)).toMatchObject({
        full: true,
        processedAt: world.now().toISOString(),
      });
      expect((await world.services.getService(BUYER.userId, serviceId))?.cancelledAt).toBe(
        world.now().toISOString(),
      );
      expect(eventsOf(world, 'ServiceCancelled')).toEqual([
        { userId: BUYER.userId, serviceId, why: 'refunded', at: world.now().toISOString() },
      ]);
      expect(eventsOf(world, 'RefundCompleted')).toEqual([
        expect.objectContaining({
          refundKey: `${paymentId}#${refund.id}`,
          processedAt: world.now().toISOString(),
        }),
      ]);
    }
  });

  it('a renewal’s payment refunded in full in the dashboard: the time it bought is taken back, the service runs on (ServiceChanged)', async () => {
    const world = refundWorld(new Date('2025-12-10T04:30:00.000Z'));
    const { serviceId } = await buy(world);
    world.setNow(new Date('2026-11-20T04:30:00.000Z'));
    const renewal = await buy(world);
    const whole = world.gateway.givenDashboardRefund(renewal.paymentId, renewal.amountPaise);

    await razorpaySettles(world, whole.id, 'processed');

    const service = await world.services.getService(BUYER.userId, serviceId);
    expect(service?.cancelledAt).toBeUndefined();
    expect(service?.renewalDate).toBe('2026-12-10T04:30:00.000Z');
    expect(eventsOf(world, 'ServiceCancelled')).toEqual([]);
    expect(eventsOf(world, 'ServiceChanged')).toContainEqual({
      userId: BUYER.userId,
      serviceId,
      fact: 'refund',
      at: world.now().toISOString(),
    });
  });

  it('a dispute: recorded for the operators, its service suspended while open, running again when won', async () => {
    const world = refundWorld();
    const { paymentId, serviceId, amountPaise } = await buy(world);
    const payment = await world.gateway.fetchPayment(paymentId);
    const dispute = {
      id: 'disp_Won00000000001',
      paymentId,
      amountPaise,
      currency: 'INR',
      status: 'under_review',
      reasonCode: 'fraud',
    };

    await expect(
      recordDisputeEvent(world, { type: 'payment.dispute.created', dispute, payment }, 'evt_d1'),
    ).resolves.toBe('dispute_recorded');
    const opened = await world.refunds.get(BUYER.userId, `${paymentId}#${dispute.id}`);
    const whileOpen = await world.services.getService(BUYER.userId, serviceId);
    await expect(
      recordDisputeEvent(world, { type: 'payment.dispute.won', dispute, payment }, 'evt_d2'),
    ).resolves.toBe('dispute_recorded');

    expect(opened).toMatchObject({
      kind: 'dispute',
      origin: 'razorpay',
      status: 'pending',
      amountPaise,
      disputeId: dispute.id,
      disputeStatus: 'under_review',
      attention: 'yes',
      attentionReason: 'Dispute opened: the service is suspended until it is decided',
      purchase: expect.objectContaining({ serviceId }),
    });
    expect(whileOpen?.disputes).toEqual({ [paymentId]: 'open' });
    expect(await world.refunds.get(BUYER.userId, `${paymentId}#${dispute.id}`)).toMatchObject({
      disputeStatus: 'won',
    });
    // A dispute first heard of when it is won is listed with what that means.
    const late = { ...dispute, id: 'disp_WonLate000001' };
    await recordDisputeEvent(
      world,
      { type: 'payment.dispute.won', dispute: late, payment },
      'evt_d3',
    );
    expect(await world.refunds.get(BUYER.userId, `${paymentId}#${late.id}`)).toMatchObject({
      disputeStatus: 'won',
      attentionReason: 'Dispute won: the service runs again',
    });
    const service = await world.services.getService(BUYER.userId, serviceId);
    expect(service?.disputes).toEqual({ [paymentId]: 'won' });
    expect(service?.cancelledAt).toBeUndefined();
    expect(world.log.lines.filter((l) => l.message === 'Payment dispute opened')).toEqual([
      expect.objectContaining({
        extra: [expect.objectContaining({ amountPaise, paymentId, eventId: 'evt_d1' })],
      }),
    ]);
    expect(eventsOf(world, 'ServiceCancelled')).toEqual([]);
  });

  it('a dispute lost ends its service once, as dispute_lost, and says so', async () => {
    const world = refundWorld();
    const { paymentId, serviceId, amountPaise } = await buy(world);
    const payment = await world.gateway.fetchPayment(paymentId);
    const dispute = {
      id: 'disp_Lost0000000001',
      paymentId,
      amountPaise,
      currency: 'INR',
      status: 'lost',
      reasonCode: null,
    };

    await recordDisputeEvent(world, { type: 'payment.dispute.lost', dispute, payment }, 'evt_l1');

    expect(await world.refunds.get(BUYER.userId, `${paymentId}#${dispute.id}`)).toMatchObject({
      disputeStatus: 'lost',
      attentionReason: 'Dispute lost: the service was ended',
    });
    expect(eventsOf(world, 'ServiceCancelled')).toEqual([
      { userId: BUYER.userId, serviceId, why: 'dispute_lost', at: world.now().toISOString() },
    ]);
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({ message: 'Payment dispute lost; its service ended' }),
    );
  });

  it('a payment made without an order is ignored without asking the orders table for it (DynamoDB refuses a key with no order id)', async () => {
    const world = refundWorld();
    world.gateway.givenPayment({ id: 'pay_NoOrder000002', orderId: null, amountPaise: 100_000 });
    const getOrder = world.orders.getOrder.bind(world.orders);
    world.orders.getOrder = async (orderId: string) => {
      if (!orderId) throw new Error('ValidationException: the key has no orderId');
      return getOrder(orderId);
    };
    const refund = world.gateway.givenDashboardRefund('pay_NoOrder000002', 100_000);

    await expect(
      recordRefundEvent(world, { type: 'refund.processed', refund, payment: undefined }, 'evt'),
    ).resolves.toBe('ignored');
    expect(world.refunds.all()).toEqual([]);
  });

  it('RefundCompleted sent again after a crash carries when Razorpay processed the refund, not the retry’s time', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    await drainBus(world);
    const [made] = gatewayRefunds(world, paymentId);
    const { refund, payment } = world.gateway.settleRefund(made?.id ?? '', 'processed');
    const processedAt = world.now().toISOString();
    crashOnce(world.events, 'publish', 'before');

    await expect(
      recordRefundEvent(world, { type: 'refund.processed', refund, payment }, 'evt_1'),
    ).rejects.toBeInstanceOf(SimulatedCrash);
    advance(world, 60 * 60 * 1000);
    await recordRefundEvent(world, { type: 'refund.processed', refund, payment }, 'evt_2');

    expect(eventsOf(world, 'RefundCompleted')).toEqual([
      expect.objectContaining({ refundKey: paymentId, processedAt }),
    ]);
  });

  it('a domain refunded in full in the dashboard: its record and the buyer’s mail name the domain', async () => {
    const world = refundWorld();
    const domain = 'asharao.in';
    const { paymentId, amountPaise } = await buy(world, 'basicdomain', 12, domain);
    const whole = world.gateway.givenDashboardRefund(paymentId, amountPaise);

    await razorpaySettles(world, whole.id, 'processed');
    await drainBus(world);

    expect(await world.refunds.get(BUYER.userId, `${paymentId}#${whole.id}`)).toMatchObject({
      purchase: expect.objectContaining({ domain }),
    });
    expect(mailsTo(world, /is processed/)).toEqual([
      expect.objectContaining({ text: expect.stringContaining(`(${domain})`) }),
    ]);
  });

  it('a dispute lost on an order’s payment that bought nothing: recorded, nothing ended, and not said to be', async () => {
    const world = refundWorld();
    const order = await world.givenOrder({
      orderId: 'order_BoughtNothing1',
      planId: 'basichosting',
      months: 12,
      receipt: 'rcpt_bought_nothing_1',
    });
    world.gateway.givenPayment({
      id: 'pay_BoughtNothing1',
      orderId: order.orderId,
      amountPaise: order.amountPaise,
    });
    const payment = await world.gateway.fetchPayment('pay_BoughtNothing1');
    const dispute = {
      id: 'disp_BoughtNothing1',
      paymentId: payment.id,
      amountPaise: order.amountPaise,
      currency: 'INR',
      status: 'lost',
      reasonCode: null,
    };

    await expect(
      recordDisputeEvent(world, { type: 'payment.dispute.lost', dispute, payment }, 'evt_l2'),
    ).resolves.toBe('dispute_recorded');

    const record = await world.refunds.get(BUYER.userId, `${payment.id}#${dispute.id}`);
    expect(record).toMatchObject({ kind: 'dispute', disputeStatus: 'lost' });
    expect(record?.purchase).toBeUndefined();
    expect(world.events.events).toEqual([]);
    expect(world.log.lines.map((l) => l.message)).not.toContain(
      'Payment dispute lost; its service ended',
    );
  });
});

describe('a refund as the buyer sees it (docs/api.md Refund, Payment.refund)', () => {
  const record = (over: Partial<RefundRecord>): RefundRecord => ({
    userId: BUYER.userId,
    refundKey: 'pay_View0000000001',
    kind: 'store',
    paymentId: 'pay_View0000000001',
    orderId: 'order_View000000001',
    origin: 'buyer',
    paidPaise: 3_538_584,
    amountPaise: 3_538_584,
    deductionPaise: 0,
    status: 'requested',
    attempt: 1,
    createdAt: '2026-11-23T02:00:00.000Z',
    updatedAt: '2026-11-23T02:00:00.000Z',
    done: {},
    claims: {},
    ...over,
  });

  it('the store’s refund is named by its first receipt; Razorpay’s id and a kept-back part only when there are some', () => {
    expect(refundOf(record({ attempt: 2, gatewayRefundId: 'rfnd_View00000001' }))).toEqual({
      id: 'refund:pay_View0000000001',
      amountPaise: 3_538_584,
      status: 'pending',
      createdAt: '2026-11-23T02:00:00.000Z',
      razorpayRefundId: 'rfnd_View00000001',
    });
    expect(refundOf(record({ amountPaise: 4_128_702, deductionPaise: 117_882 }))).toEqual({
      id: 'refund:pay_View0000000001',
      amountPaise: 4_128_702,
      status: 'pending',
      createdAt: '2026-11-23T02:00:00.000Z',
      deductionPaise: 117_882,
    });
    expect(refundOf(record({ kind: 'outside', gatewayRefundId: 'rfnd_Dash00000001' })).id).toBe(
      'rfnd_Dash00000001',
    );
    expect(refundOf(record({ kind: 'outside' })).id).toBe('');
  });

  it('pending while Razorpay has it or another attempt is coming; failed once a person has to act', () => {
    const statusOf = (over: Partial<RefundRecord>) => refundOf(record(over)).status;

    expect(statusOf({ status: 'requested' })).toBe('pending');
    expect(statusOf({ status: 'pending' })).toBe('pending');
    expect(statusOf({ status: 'pending', attention: 'yes' })).toBe('failed');
    expect(statusOf({ status: 'processed', attention: 'yes' })).toBe('processed');
    expect(statusOf({ status: 'failed', attempt: 1 })).toBe('pending');
    expect(statusOf({ status: 'failed', attempt: 2 })).toBe('pending');
    expect(statusOf({ status: 'failed', attempt: 3 })).toBe('failed');
    expect(statusOf({ status: 'failed', attempt: 1, attention: 'yes' })).toBe('failed');
    expect(statusOf({ status: 'failed', kind: 'outside' })).toBe('failed');
  });

  it('a payment shows the store’s refund; else what the dashboard gave back, added up from the first, failed ones left out', () => {
    const outside = (id: string, amountPaise: number, status: RefundRecord['status'], at: string) =>
      record({
        refundKey: `pay_View0000000002#${id}`,
        paymentId: 'pay_View0000000002',
        kind: 'outside',
        origin: 'razorpay',
        gatewayRefundId: id,
        amountPaise,
        status,
        createdAt: at,
      });
    const store = record({ status: 'processed' });
    const storeSide = record({
      refundKey: 'pay_View0000000001#rfnd_Side',
      kind: 'outside',
      gatewayRefundId: 'rfnd_Side',
      amountPaise: 100_000,
      status: 'processed',
    });
    const dispute = record({
      refundKey: 'pay_View0000000003#disp_1',
      paymentId: 'pay_View0000000003',
      kind: 'dispute',
      status: 'pending',
    });

    const shown = paymentRefunds([
      outside('rfnd_Later', 200_000, 'pending', '2026-11-25T02:00:00.000Z'),
      storeSide,
      outside('rfnd_Failed', 300_000, 'failed', '2026-11-23T02:00:00.000Z'),
      outside('rfnd_First', 100_000, 'processed', '2026-11-24T02:00:00.000Z'),
      store,
      dispute,
    ]);

    expect([...shown.keys()].sort()).toEqual(['pay_View0000000001', 'pay_View0000000002']);
    expect(shown.get('pay_View0000000001')).toEqual(refundOf(store));
    expect(shown.get('pay_View0000000002')).toEqual({
      id: 'rfnd_First',
      amountPaise: 300_000,
      status: 'pending',
      createdAt: '2026-11-24T02:00:00.000Z',
      razorpayRefundId: 'rfnd_First',
    });
    expect(
      paymentRefunds([
        outside('rfnd_B', 200_000, 'processed', '2026-11-25T02:00:00.000Z'),
        outside('rfnd_A', 100_000, 'processed', '2026-11-24T02:00:00.000Z'),
      ]).get('pay_View0000000002'),
    ).toMatchObject({ id: 'rfnd_A', amountPaise: 300_000, status: 'processed' });
    expect(
      paymentRefunds([
        outside('rfnd_B', 200_000, 'processed', '2026-11-25T02:00:00.000Z'),
        outside('rfnd_A', 100_000, 'pending', '2026-11-24T02:00:00.000Z'),
      ]).get('pay_View0000000002')?.status,
    ).toBe('pending');
  });
});

describe('taking refunded time back while others write (end-service.ts)', () => {
  /** `store` with `method` answering false (another write landed first) `times` times. */
  function losing<T extends object>(store: T, method: keyof T & string, times: number) {
    const calls = { count: 0 };
    const real = (store[method] as (...args: unknown[]) => Promise<boolean>).bind(store);
    const wrapped = Object.create(store) as T;
    Object.assign(wrapped, {
      [method]: async (...args: unknown[]) => {
        calls.count += 1;
        return calls.count <= times ? false : real(...args);
      },
    });
    return { wrapped, calls };
  }

  it('a lost write is tried again on the service as it is now; 25 lost in a row give up, saying so', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world);
    const purchaseId = world.purchases.all()[0]?.purchaseId ?? '';
    const ref = { userId: BUYER.userId, serviceId };
    const never = losing(world.services, 'withdrawPeriods', Infinity);

    const gaveUp = await withdrawPeriods(
      { ...world, services: never.wrapped },
      ref,
      [purchaseId],
      world.now(),
    ).catch((error: unknown) => error);
    // The operator's log names the error by its name.
    expect(gaveUp).toBeInstanceOf(ServiceChangedTooOftenError);
    expect(gaveUp).toMatchObject({
      name: 'ServiceChangedTooOftenError',
      message: `service ${serviceId} kept changing; refunded periods not taken back yet`,
    });
    expect(never.calls.count).toBe(25);
    expect((await world.services.getService(BUYER.userId, serviceId))?.cancelledAt).toBeUndefined();

    const late = losing(world.services, 'withdrawPeriods', 24);
    const done = await withdrawPeriods(
      { ...world, services: late.wrapped },
      ref,
      [purchaseId],
      world.now(),
    );
    expect(late.calls.count).toBe(25);
    expect(done).toMatchObject({
      ended: true,
      service: { serviceId, cancelledAt: world.now().toISOString() },
    });
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({
        message: 'Service ended by a refund',
        extra: [expect.objectContaining({ serviceId, purchaseIds: [purchaseId] })],
      }),
    );
    // Taken back already: nothing is written again.
    const again = losing(world.services, 'withdrawPeriods', 0);
    await expect(
      withdrawPeriods({ ...world, services: again.wrapped }, ref, [purchaseId], world.now()),
    ).resolves.toMatchObject({ ended: true });
    expect(again.calls.count).toBe(0);
  });

  it('a service or buyer that is not there: nothing to take back, no plan', async () => {
    const world = refundWorld();

    await expect(
      withdrawPeriods(world, { userId: BUYER.userId, serviceId: 'svc_none' }, ['p'], world.now()),
    ).resolves.toBeUndefined();
    await expect(recomputeCurrentPlan(world, 'nobody', world.now())).resolves.toBeNull();
  });

  it('the buyer’s plan: a lost write is tried again; 25 lost in a row give up', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world);
    const purchaseId = world.purchases.all()[0]?.purchaseId ?? '';
    await withdrawPeriods(world, { userId: BUYER.userId, serviceId }, [purchaseId], world.now());
    const never = losing(world.users, 'replaceCurrentPlan', Infinity);

    await expect(
      recomputeCurrentPlan({ ...world, users: never.wrapped }, BUYER.userId, world.now()),
    ).rejects.toThrow(
      new ServiceChangedTooOftenError(`the record of ${BUYER.userId} kept changing`),
    );
    expect(never.calls.count).toBe(25);
    expect((await world.users.getUser(BUYER.userId))?.currentPlan).toBe('basichosting');

    const late = losing(world.users, 'replaceCurrentPlan', 24);
    await expect(
      recomputeCurrentPlan({ ...world, users: late.wrapped }, BUYER.userId, world.now()),
    ).resolves.toBeNull();
    expect(late.calls.count).toBe(25);
    const user = await world.users.getUser(BUYER.userId);
    expect(user?.currentPlan).toBeUndefined();
    expect(user?.expiry).toBeUndefined();
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({
        message: 'Current plan recomputed after a refund',
        extra: [{ currentPlan: null, expiry: null }],
      }),
    );
    // In step already: nothing written.
    const none = losing(world.users, 'replaceCurrentPlan', 0);
    await recomputeCurrentPlan({ ...world, users: none.wrapped }, BUYER.userId, world.now());
    expect(none.calls.count).toBe(0);
  });

  it('the plan that runs longest of what is still active is the buyer’s', async () => {
    const world = refundWorld();
    await buy(world, 'basicvps', 1);
    const bundle = await buy(world, 'basicbundle', 12);
    advance(world, DAY);
    const hosting = await buy(world, 'premiumhosting', 24);

    await cancel(world, hosting.serviceId);

    const services = await world.services.listServices(BUYER.userId);
    const bundleRecord = services.find((s) => s.serviceId === bundle.serviceId);
    expect(await world.users.getUser(BUYER.userId)).toMatchObject({
      currentPlan: 'basicbundle',
      expiry: bundleRecord?.renewalDate,
    });
  });

  it('a purchase the service holds no period of is passed over; the ones it holds are taken back', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world);
    const purchaseId = world.purchases.all()[0]?.purchaseId ?? '';

    const done = await withdrawPeriods(
      world,
      { userId: BUYER.userId, serviceId },
      ['purchase_of_another_service', purchaseId],
      world.now(),
    );

    expect(done).toMatchObject({ ended: true, service: { serviceId } });
    expect(done?.service.periods[purchaseId]?.refundedAt).toBe(world.now().toISOString());
    expect(Object.keys(done?.service.periods ?? {})).toEqual([purchaseId]);
  });

  it('a record holding no plan while a service runs is written on the condition that it holds none', async () => {
    const world = refundWorld();
    await buy(world);
    // As after an earlier refund cleared the plan while this service had lapsed, and an
    // operator's goodwill days then made it run again.
    const item = world.users.items.get(BUYER.userId);
    if (!item) throw new Error('no buyer');
    const { currentPlan: _plan, expiry: _expiry, ...cleared } = item;
    world.users.items.set(BUYER.userId, cleared);
    const seen: unknown[] = [];
    const users = Object.create(world.users) as typeof world.users;
    users.replaceCurrentPlan = (userId, was, next, at) => {
      seen.push(was);
      return world.users.replaceCurrentPlan(userId, was, next, at);
    };

    const next = await recomputeCurrentPlan({ ...world, users }, BUYER.userId, world.now());

    // `null`, not a plan of undefined fields: DynamoDB refuses a condition on an undefined value.
    expect(seen).toEqual([null]);
    expect(next?.currentPlan).toBe('basichosting');
    expect(await world.users.getUser(BUYER.userId)).toMatchObject({
      currentPlan: 'basichosting',
      expiry: next?.expiry,
    });
  });

  it('a plan bought before services were stored is still held by its purchase', async () => {
    const world = refundWorld();
    await buy(world, 'basicvps', 1);
    // As the purchase was recorded then: no service item, no serviceId.
    const [vps] = world.purchases.all();
    if (!vps) throw new Error('no purchase');
    world.recordedBeforeServices();
    const hosting = await buy(world, 'basichosting', 12);
    expect((await world.users.getUser(BUYER.userId))?.currentPlan).toBe('basichosting');

    await cancel(world, hosting.serviceId);

    expect(await world.users.getUser(BUYER.userId)).toMatchObject({
      currentPlan: 'basicvps',
      expiry: vps.renewalDate,
    });
  });

  it('a purchase from before services were stored is not held twice: a stored service of its plan under another id stands for it', async () => {
    const world = refundWorld();
    // Basic Hosting's service, changed to Premium Hosting since (D26: it keeps its id).
    const hosting = await buy(world, 'basichosting', 12);
    const key = `${BUYER.userId}#${hosting.serviceId}`;
    const changed = world.services.items.get(key);
    if (!changed) throw new Error('no service');
    world.services.items.set(key, {
      ...changed,
      planId: 'premiumhosting',
      planName: 'Premium Hosting',
    });
    // A Premium Hosting purchase as recorded before services were stored: no serviceId, and a
    // later end than the service's.
    await addedBeforeServices(world, {
      purchaseId: 'pur_pay_LegacyPremium01',
      paymentId: 'pay_LegacyPremium01',
      planId: 'premiumhosting',
      planName: 'Premium Hosting',
      renewalDate: new Date(new Date(changed.renewalDate).getTime() + 365 * DAY).toISOString(),
    });
    const vps = await buy(world, 'basicvps', 1);

    await cancel(world, vps.serviceId);

    expect(await world.users.getUser(BUYER.userId)).toMatchObject({
      currentPlan: 'premiumhosting',
      expiry: changed.renewalDate,
    });
  });

  it('a service that ends at this very instant is no longer held', async () => {
    const world = refundWorld();
    const vps = await buy(world, 'basicvps', 1);
    const ends = (await world.services.getService(BUYER.userId, vps.serviceId))?.renewalDate ?? '';
    world.setNow(new Date(new Date(ends).getTime() - DAY));
    const hosting = await buy(world, 'basichosting', 12);

    world.setNow(new Date(ends));
    await cancel(world, hosting.serviceId);

    const user = await world.users.getUser(BUYER.userId);
    expect(user?.currentPlan).toBeUndefined();
    expect(user?.expiry).toBeUndefined();
  });

  it('the longest is found whichever of two services the store lists first', async () => {
    for (const [vpsMonths, hostingMonths] of [
      [1, 12],
      [12, 1],
    ] as const) {
      const world = refundWorld();
      const vps = await buy(world, 'basicvps', vpsMonths);
      const hosting = await buy(world, 'basichosting', hostingMonths);
      const premium = await buy(world, 'premiumhosting', 24);

      await cancel(world, premium.serviceId);

      const longest = vpsMonths > hostingMonths ? vps : hosting;
      const record = await world.services.getService(BUYER.userId, longest.serviceId);
      expect(await world.users.getUser(BUYER.userId)).toMatchObject({
        currentPlan: record?.planId,
        expiry: record?.renewalDate,
      });
    }
  });

  it('a bundle’s parts are not plans the buyer holds: the bundle refunded leaves none (D24)', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world, 'basicbundle', 12);
    const parts = (await world.services.listServices(BUYER.userId)).filter(
      (s) => s.partOf === serviceId,
    );
    expect(parts.length).toBeGreaterThan(0);

    await cancel(world, serviceId);

    const user = await world.users.getUser(BUYER.userId);
    expect(user?.currentPlan).toBeUndefined();
    expect(user?.expiry).toBeUndefined();
  });
});

describe('the refunds worker at its edges (request-refund.ts)', () => {
  const awaiting = async (world: World) =>
    (await world.refunds.listAwaitingWorker('9999', 10)).map((r) => r.refundKey);

  it('RefundRequested naming no refund of the store’s: nothing asked of Razorpay, nobody mailed', async () => {
    const world = refundWorld();
    const { paymentId } = await buy(world);
    const dashboard = world.gateway.givenDashboardRefund(paymentId, 100_000);
    await razorpaySettles(world, dashboard.id, 'processed');
    // A dashboard refund Razorpay failed is at attempt 1 and failed, as a store refund to retry is.
    const failed = world.gateway.givenDashboardRefund(paymentId, 50_000);
    await razorpaySettles(world, failed.id, 'failed');

    for (const refundKey of [
      'pay_Unknown0000001',
      `${paymentId}#${dashboard.id}`,
      `${paymentId}#${failed.id}`,
    ]) {
      await expect(requestRefund(world, { userId: BUYER.userId, refundKey })).resolves.toBe(
        'nothing_to_do',
      );
      await expect(
        retryFailedRefund(world, { userId: BUYER.userId, refundKey, attempt: 1 }),
      ).resolves.toBe('nothing_to_do');
    }

    expect(gatewayRefunds(world, paymentId)).toHaveLength(2);
    expect(world.mailer.sent.filter((m) => /refund/i.test(m.subject))).toEqual([]);
    expect(await world.refunds.get(BUYER.userId, `${paymentId}#${failed.id}`)).toMatchObject({
      status: 'failed',
      attempt: 1,
    });
  });

  it('a refund an operator holds: the buyer told once, Razorpay not asked, off the worker’s list', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    await world.refunds.markNeedsAttention(
      BUYER.userId,
      paymentId,
      'Held',
      world.now().toISOString(),
    );
    const detail = { userId: BUYER.userId, refundKey: paymentId };

    await expect(requestRefund(world, detail)).resolves.toBe('needs_operator');
    await expect(requestRefund(world, detail)).resolves.toBe('needs_operator');

    expect(gatewayRefunds(world, paymentId)).toEqual([]);
    expect(mailsTo(world, /is delayed/)).toHaveLength(1);
    expect(mailsTo(world, /has started/)).toEqual([]);
    expect(await awaiting(world)).toEqual([]);
  });

  it('processed already: nothing to do, off the list; failed and waiting for its retry: nothing now, still listed', async () => {
    const world = refundWorld();
    const a = await buy(world);
    const b = await buy(world);
    await cancel(world, a.serviceId);
    await cancel(world, b.serviceId);
    await drainBus(world);
    const [madeA] = gatewayRefunds(world, a.paymentId);
    const [madeB] = gatewayRefunds(world, b.paymentId);
    // Razorpay's answers land, but their events are not delivered to the worker yet.
    await razorpaySettles(world, madeA?.id ?? '', 'processed');
    await razorpaySettles(world, madeB?.id ?? '', 'failed');
    world.delivered = world.events.events.length;
    for (const key of [a.paymentId, b.paymentId]) {
      const item = world.refunds.items.get(`${BUYER.userId}#${key}`);
      if (item) Object.assign(item, { awaitingWorker: 'yes', awaitingSince: '2026-01-01' });
    }
    const mails = world.mailer.sent.length;

    await expect(
      requestRefund(world, { userId: BUYER.userId, refundKey: a.paymentId }),
    ).resolves.toBe('nothing_to_do');
    await expect(
      requestRefund(world, { userId: BUYER.userId, refundKey: b.paymentId }),
    ).resolves.toBe('nothing_to_do');

    expect(await awaiting(world)).toEqual([b.paymentId]);
    expect(gatewayRefunds(world, b.paymentId)).toHaveLength(1);
    expect(world.mailer.sent.length).toBe(mails);
  });

  it('tells Razorpay what an accountant needs: the service, the plan, what was kept back, the reason cut to 200', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world, 'basicbundle');
    registerBundleDomain(world, serviceId);
    const reason = 'x'.repeat(250);
    await cancelService(world, { userId: BUYER.userId, serviceId, reason, origin: 'operator' });

    await drainBus(world);

    const [made] = gatewayRefunds(world, paymentId);
    expect(made?.notes).toEqual({
      origin: 'operator',
      orderId: expect.stringMatching(/^order_Refund/),
      serviceId,
      plan: 'basicbundle',
      keptBackPaise: '117882',
      reason: 'x'.repeat(200),
    });
    const [mail] = mailsTo(world, /has started/);
    expect(mail?.text).toContain('Domain registration (not refunded)');
    expect(mail?.text).toContain(formatInr(117_882));
    expect(mail?.text).toContain(formatInr(4_246_584));
    expect(mail?.text).not.toContain('stays active until');
  });

  it('a cancelled renewal mailed as its earlier period ends: not told the service stays active', async () => {
    const world = refundWorld(new Date('2025-12-10T04:30:00.000Z'));
    const { serviceId } = await buy(world);
    world.setNow(new Date('2026-12-09T04:30:00.000Z'));
    await buy(world);
    world.setNow(new Date('2026-12-10T04:00:00.000Z'));
    const answer = await cancel(world, serviceId);
    expect(answer.service).toMatchObject({
      status: 'active',
      renewalDate: '2026-12-10T04:30:00.000Z',
    });

    // The worker's delivery lands at the very moment the earlier payment's year ends.
    world.setNow(new Date('2026-12-10T04:30:00.000Z'));
    await drainBus(world);

    const [mail] = mailsTo(world, /has started/);
    expect(mail?.text).toContain('The service has ended.');
    expect(mail?.text).not.toContain('stays active until');
  });

  it('a payment Razorpay does not hold as captured: no refund, an operator, the reason naming what it holds', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    const held = world.gateway.payments.get(paymentId);
    if (held) held.status = 'authorized';

    await expect(
      requestRefund(world, { userId: BUYER.userId, refundKey: paymentId }),
    ).resolves.toBe('needs_operator');

    expect(gatewayRefunds(world, paymentId)).toEqual([]);
    const reason = `Razorpay holds the payment as authorized with ${formatInr(3_538_584)} left to refund; the refund is ${formatInr(3_538_584)}`;
    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      status: 'failed',
      attention: 'yes',
      attentionReason: reason,
      failureReason: reason,
    });
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Refund needs an operator',
        extra: [{ paymentId, attempt: 1, reason }],
      }),
    );
  });

  it('part of the payment refunded in the dashboard after the cancel: no refund beyond what is left, an operator', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    world.gateway.givenDashboardRefund(paymentId, 100_000);

    await expect(
      requestRefund(world, { userId: BUYER.userId, refundKey: paymentId }),
    ).resolves.toBe('needs_operator');

    expect(gatewayRefunds(world, paymentId).filter((r) => r.receipt !== null)).toEqual([]);
    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      status: 'failed',
      attention: 'yes',
      attentionReason: `Razorpay holds the payment as captured with ${formatInr(3_438_584)} left to refund; the refund is ${formatInr(3_538_584)}`,
    });
  });

  it('a retry is mailed as a delay, never as a new start; RefundFailed of an attempt already moved on changes nothing', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    await drainBus(world);
    const [first] = gatewayRefunds(world, paymentId);
    await razorpaySettles(world, first?.id ?? '', 'failed');
    await drainBus(world);

    await expect(
      retryFailedRefund(world, { userId: BUYER.userId, refundKey: paymentId, attempt: 1 }),
    ).resolves.toBe('requested');

    expect(mailsTo(world, /has started/)).toHaveLength(1);
    expect(mailsTo(world, /is delayed/)).toHaveLength(1);
    expect(gatewayRefunds(world, paymentId).map((r) => r.receipt)).toEqual([
      `refund:${paymentId}`,
      `refund:${paymentId}:2`,
    ]);
    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({ attempt: 2 });
    expect(
      world.log.lines.filter(
        (l) => l.message === 'Refund tried again after Razorpay reported it failed',
      ),
    ).toEqual([expect.objectContaining({ extra: [{ paymentId, attempt: 2 }] })]);
  });

  it('the last attempt failed: handed over with Razorpay’s reason, the buyer told once', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    await drainBus(world);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const pending = gatewayRefunds(world, paymentId).find((r) => r.status === 'pending');
      await razorpaySettles(world, pending?.id ?? '', 'failed');
      await drainBus(world);
    }

    await expect(
      retryFailedRefund(world, { userId: BUYER.userId, refundKey: paymentId, attempt: 3 }),
    ).resolves.toBe('needs_operator');

    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({
      attention: 'yes',
      attentionReason: 'Razorpay reported the refund failed',
    });
    expect(mailsTo(world, /is delayed/)).toHaveLength(3);
    expect(await awaiting(world)).toEqual([]);
  });

  it('a first attempt that failed before its “started” mail went: the buyer hears of the delay, never of a start', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    crashOnce(world.mailer, 'send', 'before');
    // Razorpay has the first refund; the worker died before mailing the buyer.
    await expect(drainBus(world)).rejects.toBeInstanceOf(SimulatedCrash);
    const [first] = gatewayRefunds(world, paymentId);
    await razorpaySettles(world, first?.id ?? '', 'failed');
    await drainBus(world);

    // The bus's retry of the crashed RefundRequested finds the second attempt under way.
    await expect(
      requestRefund(world, { userId: BUYER.userId, refundKey: paymentId }),
    ).resolves.toBe('requested');

    expect(gatewayRefunds(world, paymentId).map((r) => r.receipt)).toEqual([
      `refund:${paymentId}`,
      `refund:${paymentId}:2`,
    ]);
    expect(mailsTo(world, /is delayed/)).toHaveLength(1);
    expect(mailsTo(world, /has started/)).toEqual([]);
  });

  it('a hosting with its free domain: the started mail says the domain stays theirs and nothing is kept back', async () => {
    const world = refundWorld();
    const { serviceId, paymentId, amountPaise } = await buy(
      world,
      'premiumhosting',
      12,
      undefined,
      'asha-free.in',
    );

    await cancel(world, serviceId);
    await drainBus(world);

    const [mail] = mailsTo(world, /has started/);
    expect(mail?.subject).toBe(`Your refund of ${formatInr(amountPaise)} has started`);
    expect(mail?.text).toContain(
      'Your free domain asha-free.in was free, so nothing is kept back for it',
    );
    expect(mail?.text).not.toContain('Domain registration');
    // Razorpay's notes say what was kept back only when something was.
    const [made] = gatewayRefunds(world, paymentId);
    expect(made?.notes).not.toHaveProperty('keptBackPaise');
  });

  /** A domain whose transfer in failed (converge-transfer.ts): refunded in full, as D23 says. */
  async function transferFailedAndRefunded(world: World, domain: string) {
    const { serviceId, paymentId } = await buy(world, 'basicdomain', 12, domain);
    await world.provisioning.begin(BUYER.userId, serviceId, 'pending', world.now());
    const claim = await world.provisioning.claim(BUYER.userId, serviceId, 'evt', world.now());
    if (claim.state !== 'claimed') throw new Error('no claim');
    const reason = TRANSFER_FAILED_REASON(domain, 'The current registrar refused it');
    await world.provisioning.settle(
      BUYER.userId,
      serviceId,
      claim.token,
      'pending',
      { state: 'failed', reason },
      world.now(),
    );
    await cancelService(world, {
      userId: BUYER.userId,
      serviceId,
      reason: 'The domain could not be transferred to us',
      origin: 'operator',
      unregisteredDomain: true,
    });
    await drainBus(world);
    return { serviceId, paymentId };
  }

  it('a domain whose transfer failed: the ordinary started mail, not that the name was taken', async () => {
    const world = refundWorld();

    await transferFailedAndRefunded(world, 'asha-shop.com');

    const [mail] = mailsTo(world, /has started/);
    expect(mail?.text).toContain('Basic Domain (asha-shop.com)');
    expect(mailsTo(world, /registered by someone else/)).toEqual([]);
  });

  it('a domain’s refund Razorpay failed: the delayed mail names the domain', async () => {
    const world = refundWorld();
    const { paymentId } = await transferFailedAndRefunded(world, 'asha-shop.com');
    const [first] = gatewayRefunds(world, paymentId);

    await razorpaySettles(world, first?.id ?? '', 'failed');
    await drainBus(world);

    const [mail] = mailsTo(world, /is delayed/);
    expect(mail?.text).toContain('Basic Domain (asha-shop.com)');
  });

  it('each refund mail goes in the buyer’s mail log under its own kind, about the payment', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);
    await cancel(world, serviceId);
    await drainBus(world);
    const [first] = gatewayRefunds(world, paymentId);
    await razorpaySettles(world, first?.id ?? '', 'failed');
    await drainBus(world);
    const second = gatewayRefunds(world, paymentId).find((r) => r.status === 'pending');
    await razorpaySettles(world, second?.id ?? '', 'processed');
    await drainBus(world);

    const about = (kind: string) => ({ userId: BUYER.userId, kind, ref: paymentId });
    expect(mailsTo(world, /has started/).map((m) => m.about)).toEqual([about('refund-requested')]);
    expect(mailsTo(world, /is delayed/).map((m) => m.about)).toEqual([about('refund-retrying')]);
    expect(mailsTo(world, /is processed/).map((m) => m.about)).toEqual([about('refund-completed')]);
  });
});

describe('the refund of an order’s payment that bought nothing (refund-order-payment.ts)', () => {
  const ORDER = { orderId: 'order_Review000001' };

  function paid(world: World, amountPaise = 500_000) {
    return world.gateway.givenPayment({
      id: 'pay_Review00000001',
      orderId: ORDER.orderId,
      amountPaise,
    });
  }

  it('gives back what is left, once: the console’s receipt, the order in its notes, then found again by that receipt', async () => {
    const world = refundWorld();
    paid(world);
    world.gateway.givenDashboardRefund('pay_Review00000001', 100_000);
    const payment = await world.gateway.fetchPayment('pay_Review00000001');

    const first = await refundOrderPayment(world, ORDER, payment, { origin: 'operator' });
    const again = await refundOrderPayment(world, ORDER, payment, { origin: 'operator' });

    expect(first).toEqual({
      refund: expect.objectContaining({ amountPaise: 400_000 }),
      made: true,
    });
    expect(first.refund).toMatchObject({
      receipt: 'review:order_Review000001',
      notes: { orderId: ORDER.orderId, origin: 'operator' },
    });
    expect(again).toEqual({ refund: first.refund, made: false });
    expect(gatewayRefunds(world, 'pay_Review00000001')).toHaveLength(2);
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({
        message: 'Refund requested for an order in review',
        extra: [
          {
            orderId: ORDER.orderId,
            paymentId: 'pay_Review00000001',
            refundId: first.refund?.id,
            amountPaise: 400_000,
          },
        ],
      }),
    );
  });

  it('an earlier refund of it that failed, or another refund, is not the one: a new one is made', async () => {
    const world = refundWorld();
    paid(world);
    const payment = await world.gateway.fetchPayment('pay_Review00000001');
    const failed = await refundOrderPayment(world, ORDER, payment, {});
    world.gateway.settleRefund(failed.refund?.id ?? '', 'failed');

    const retried = await refundOrderPayment(
      world,
      ORDER,
      await world.gateway.fetchPayment(payment.id),
      {},
    );

    expect(retried.made).toBe(true);
    expect(retried.refund?.id).not.toBe(failed.refund?.id);
    expect(retried.refund?.amountPaise).toBe(500_000);
  });

  it('refunded in full already: nothing made, nothing to adopt', async () => {
    const world = refundWorld();
    paid(world);
    world.gateway.givenDashboardRefund('pay_Review00000001', 500_000);

    await expect(
      refundOrderPayment(world, ORDER, await world.gateway.fetchPayment('pay_Review00000001'), {}),
    ).resolves.toEqual({ refund: undefined, made: false });
    expect(gatewayRefunds(world, 'pay_Review00000001')).toHaveLength(1);
  });

  it('Razorpay not answering is the provider’s error, logged with why', async () => {
    const world = refundWorld();
    paid(world);
    const payment = await world.gateway.fetchPayment('pay_Review00000001');
    crashOnce(world.gateway, 'createRefund', 'before');

    await expect(refundOrderPayment(world, ORDER, payment, {})).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    expect(world.log.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Razorpay did not make the refund',
        extra: [expect.objectContaining({ orderId: ORDER.orderId, paymentId: payment.id })],
      }),
    );
  });
});

describe('cancel at its edges (cancel-service.ts)', () => {
  const detailsOf = (world: World, type: string) =>
    world.events.events.filter((e) => e.detailType === type).map((e) => e.detail);

  it('a repeated cancel asks the worker once: RefundRequested is not published again once marked', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);

    await cancel(world, serviceId);
    advance(world, 60_000);
    await cancel(world, serviceId);

    expect(detailsOf(world, 'RefundRequested')).toEqual([
      {
        userId: BUYER.userId,
        refundKey: paymentId,
        paymentId,
        amountPaise: 3_538_584,
        origin: 'buyer',
        requestedAt: BOUGHT_AT.toISOString(),
      },
    ]);
  });

  it('ServiceCancelled says cancelled, at the click, even when it is published by a retry later', async () => {
    const world = refundWorld();
    const { serviceId } = await buy(world);
    const clickedAt = world.now().toISOString();
    crashOnce(world.events, 'publish', 'before');
    await expect(cancel(world, serviceId)).rejects.toBeInstanceOf(SimulatedCrash);
    advance(world, 10 * 60_000);

    await cancel(world, serviceId);

    expect(detailsOf(world, 'ServiceCancelled')).toEqual([
      { userId: BUYER.userId, serviceId, why: 'cancelled', at: clickedAt },
    ]);
  });

  it('a cancel that names no origin is the buyer’s', async () => {
    const world = refundWorld();
    const { serviceId, paymentId } = await buy(world);

    await cancelService(world, { userId: BUYER.userId, serviceId });

    expect(await world.refunds.get(BUYER.userId, paymentId)).toMatchObject({ origin: 'buyer' });
    expect((await world.refunds.get(BUYER.userId, paymentId))?.reason).toBeUndefined();
  });
});
