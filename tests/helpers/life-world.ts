/**
 * One buyer's hosting service in a whole backend on fakes (issue #22's proof): the payments,
 * refunds and disputes as Razorpay makes them, the bus as a queue the test drains (converge for
 * PurchaseCompleted, ServiceCancelled and ServiceChanged; the refunds worker for its events), a
 * consumer that throws retried at most `maxRetries` times and then dead-lettered as EventBridge
 * does, the payments reconciler and the renewal job run when the test says, a WHM panel that can
 * be down, and a mailer that notes the service's desired state at the moment each mail leaves.
 * The services, provisioning and schedule stores can be swapped for the DynamoDB adapters.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { loadEvent } from '../../events/load-event';
import { CATALOG } from '../../lambdas/domain/catalog';
import type { ServiceState } from '../../lambdas/domain/lifecycle';
import type { Months } from '../../lambdas/domain/pricing';
import { makeHandler } from '../../lambdas/handlers/provision-service';
import type { Mailer, OutgoingMail } from '../../lambdas/ports/mail';
import type { ProvisioningRecords } from '../../lambdas/ports/provisioning';
import type { RenewalSchedule } from '../../lambdas/ports/renewals';
import type { ServicesStore } from '../../lambdas/ports/services';
import { lifeOfService } from '../../lambdas/use-cases/converge-service';
import { serviceIdFor } from '../../lambdas/use-cases/extend-service';
import { fulfilPayment } from '../../lambdas/use-cases/fulfil-payment';
import { handleRazorpayWebhook } from '../../lambdas/use-cases/handle-razorpay-webhook';
import { reconcilePayments } from '../../lambdas/use-cases/reconcile-payments';
import { cancelService } from '../../lambdas/use-cases/refunds/cancel-service';
import { completeRefund } from '../../lambdas/use-cases/refunds/complete-refund';
import { requestRefund, retryFailedRefund } from '../../lambdas/use-cases/refunds/request-refund';
import { runRenewalReminders } from '../../lambdas/use-cases/run-renewal-reminders';
import { recordServiceFact } from '../../lambdas/use-cases/service-facts';
import { InMemoryPanel, InMemoryProvisioningRecords } from './fakes/provisioning';
import { InMemoryRenewalSchedule } from './fakes/renewals';
import { InMemoryMessagesStore, SimulatedCrash } from './fakes/stores';
import { BUYER, fakeWorld, WEBHOOK_SECRET } from './fakes/world';
import { signedDelivery } from './razorpay-signing';
import { refundWebhook, type SignedDelivery } from './refund-webhooks';

export const LIFE_START = new Date('2026-11-22T02:00:00.000Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Claims of the provisioning records and the refund steps. */
export const CLAIM_LEASE_MS = 2 * MINUTE;
export const PLAN_ID = 'basichosting';

/** The stores a model run may put on DynamoDB; the rest stay in memory. */
export interface LifeStores {
  services: ServicesStore;
  records: ProvisioningRecords;
  schedule: RenewalSchedule;
}

export interface LifeWorldOptions {
  start?: Date;
  /** A buyer of its own (tables shared between runs). */
  userId?: string;
  /** Retries of a consumer that throws before its event is dead-lettered (EventBridge: 2). */
  maxRetries?: number;
  stores?: () => LifeStores;
}

/** One event on the test's bus, with how often its consumer threw. */
export interface BusDelivery {
  id: string;
  detailType: string;
  detail: { userId?: string; [key: string]: unknown };
  attempts: number;
  error?: string;
}

/** A mail as it left, with what the service should have been at that moment. */
export interface SentMail {
  subject: string;
  at: string;
  state: ServiceState | 'none';
}

/** The mailer every use case gets: it notes the service's desired state as each mail leaves. */
class StateNotingMailer implements Mailer {
  readonly sent: SentMail[] = [];
  constructor(
    private readonly inner: Mailer,
    private readonly stateNow: () => Promise<ServiceState | 'none'>,
    private readonly now: () => Date,
  ) {}
  async send(mail: OutgoingMail): Promise<void> {
    const state = await this.stateNow();
    await this.inner.send(mail);
    this.sent.push({ subject: mail.subject, at: this.now().toISOString(), state });
  }
}

/**
 * Makes `target[method]` throw SimulatedCrash on its next call ('before' it acts, or 'after' it
 * acted); answers a function that takes the crash away if it has not happened yet and says
 * whether it happened.
 */
export function armCrash(target: object, method: string, when: 'before' | 'after'): () => boolean {
  const own = Object.getOwnPropertyDescriptor(target, method);
  const original = (target as Record<string, unknown>)[method];
  if (typeof original !== 'function') throw new Error(`${method} is not a method`);
  const restore = () => {
    if (own) Object.defineProperty(target, method, own);
    else delete (target as Record<string, unknown>)[method];
  };
  let fired = false;
  const wrapped = async (...args: unknown[]) => {
    fired = true;
    restore();
    if (when === 'before') throw new SimulatedCrash(`crash before ${method}`);
    await (original as (...a: unknown[]) => Promise<unknown>).apply(target, args);
    throw new SimulatedCrash(`crash after ${method}`);
  };
  Object.defineProperty(target, method, { value: wrapped, configurable: true, writable: true });
  return () => {
    if ((target as Record<string, unknown>)[method] === wrapped) restore();
    return fired;
  };
}

/** Razorpay's dispute webhooks (created, won, lost), signed, from the real-shaped sample. */
function disputeDelivery(
  type: 'payment.dispute.created' | 'payment.dispute.won' | 'payment.dispute.lost',
  dispute: { id: string; amountPaise: number },
  payment: {
    id: string;
    amountPaise: number;
    orderId: string;
    amountRefundedPaise: number;
    status: string;
  },
  eventId: string,
): SignedDelivery {
  const body = loadEvent<{
    event: string;
    payload: { dispute?: { entity: Record<string, unknown> }; payment?: { entity: object } };
  }>('razorpay/payment.dispute.lost.json');
  body.event = type;
  Object.assign(body.payload.dispute?.entity ?? {}, {
    id: dispute.id,
    payment_id: payment.id,
    amount: dispute.amountPaise,
    status: type === 'payment.dispute.created' ? 'open' : type.slice('payment.dispute.'.length),
  });
  Object.assign(body.payload.payment?.entity ?? {}, {
    id: payment.id,
    amount: payment.amountPaise,
    status: payment.status,
    order_id: payment.orderId,
    amount_refunded: payment.amountRefundedPaise,
  });
  return signedDelivery(JSON.stringify(body), eventId, WEBHOOK_SECRET);
}

export function lifeWorld(options: LifeWorldOptions = {}) {
  const base = fakeWorld(options.start ?? LIFE_START);
  const buyer = options.userId
    ? { ...BUYER, userId: options.userId, email: `${options.userId}@example.in` }
    : BUYER;
  const stores: LifeStores = options.stores?.() ?? {
    services: base.services,
    records: new InMemoryProvisioningRecords({ services: base.services, leaseMs: CLAIM_LEASE_MS }),
    schedule: new InMemoryRenewalSchedule(base.services),
  };
  const { services, records, schedule } = stores;
  const serviceId = serviceIdFor(buyer.userId, { planId: PLAN_ID });
  const ref = { userId: buyer.userId, serviceId };
  const panel = new InMemoryPanel();
  const mailer = new StateNotingMailer(
    base.mailer,
    async () => {
      const service = await services.getService(buyer.userId, serviceId);
      return service ? lifeOfService(service, base.now()).state : 'none';
    },
    base.now,
  );
  const world = {
    ...base,
    services,
    records,
    provisioning: records,
    schedule,
    panel,
    mailer,
    messages: new InMemoryMessagesStore(),
    siteUrl: () => 'https://store.example.in',
    leaseMs: CLAIM_LEASE_MS,
  };
  const maxRetries = options.maxRetries ?? 2;
  const announced: unknown[] = [];
  const converge = makeHandler({
    records,
    services,
    users: base.users,
    panel,
    announce: async (detail) => {
      announced.push(detail);
    },
    mailer,
    siteUrl: world.siteUrl,
    placeholderDomain: () => 'sites.example.in',
    panelUrl: () => 'https://server1.example.in:2083',
    log: base.log,
    now: base.now,
  });

  const bus = {
    seen: 0,
    ids: 0,
    queue: [] as BusDelivery[],
    delivered: [] as BusDelivery[],
    deadLetters: [] as BusDelivery[],
  };
  const collect = () => {
    while (bus.seen < base.events.events.length) {
      const event = base.events.events[bus.seen];
      bus.seen += 1;
      if (!event) continue;
      bus.ids += 1;
      bus.queue.push({
        id: `evt_${String(bus.ids).padStart(6, '0')}`,
        detailType: event.detailType,
        detail: event.detail as BusDelivery['detail'],
        attempts: 0,
      });
    }
  };
  const dispatch = async (delivery: BusDelivery) => {
    // A shared table may hold other runs' services: this world's buyer only.
    if (delivery.detail.userId !== undefined && delivery.detail.userId !== buyer.userId) return;
    const detail = delivery.detail as never;
    switch (delivery.detailType) {
      case 'PurchaseCompleted':
      case 'ServiceCancelled':
      case 'ServiceChanged':
        await converge({
          id: delivery.id,
          'detail-type': delivery.detailType,
          detail: delivery.detail,
        } as unknown as EventBridgeEvent<'ServiceChanged', unknown>);
        return;
      case 'RefundRequested':
        await requestRefund(world, detail);
        return;
      case 'RefundFailed':
        await retryFailedRefund(world, detail);
        return;
      case 'RefundCompleted':
        await completeRefund(world, detail);
        return;
    }
  };

  let orders = 0;
  let webhookIds = 0;
  let runs = 0;
  const webhooks: { kind: string; paymentId: string; delivery: SignedDelivery }[] = [];
  const renewalDeps = {
    schedule,
    services,
    users: base.users,
    plans: async () => CATALOG,
    mailer,
    provisioning: records,
    panel,
    siteUrl: world.siteUrl,
    log: base.log,
    clock: base.now,
    leaseMs: CLAIM_LEASE_MS,
  };
  const nextWebhookId = () => {
    webhookIds += 1;
    return `evt_rzp_${String(webhookIds).padStart(6, '0')}`;
  };
  const send = async (kind: string, paymentId: string, delivery: SignedDelivery) => {
    webhooks.push({ kind, paymentId, delivery });
    return handleRazorpayWebhook(world, delivery);
  };

  return Object.assign(world, {
    buyer,
    serviceId,
    ref,
    bus,
    /** Crashes armed by a test that happened. */
    crashes: 0,
    /** Services the reconciler handed to converge again. */
    reconciled: 0,
    announced,
    webhooks,
    renewalDeps,
    advance(ms: number) {
      base.setNow(new Date(base.now().getTime() + ms));
    },
    service() {
      return services.getService(buyer.userId, serviceId);
    },
    /** Delivers what the bus holds until nothing is left; a consumer that throws is retried. */
    async drain() {
      collect();
      for (let delivery = bus.queue.shift(); delivery; delivery = bus.queue.shift()) {
        try {
          await dispatch(delivery);
          bus.delivered.push(delivery);
        } catch (error) {
          delivery.attempts += 1;
          delivery.error = error instanceof Error ? error.message : String(error);
          if (delivery.attempts > maxRetries) bus.deadLetters.push(delivery);
          else bus.queue.push(delivery);
        }
        collect();
      }
    },
    /** EventBridge delivers an event it delivered before, again (same id). */
    redeliver(delivery: BusDelivery) {
      bus.queue.push({ ...delivery, attempts: 0 });
    },
    /** A paid, fulfilled order for the hosting plan, at the world's now. */
    async buy(months: Months) {
      orders += 1;
      const n = `${String(orders).padStart(4, '0')}`;
      const orderId = `order_Life${n}`;
      const paymentId = `pay_Life${n}`;
      const order = await world.givenOrder({
        orderId,
        planId: PLAN_ID,
        months,
        receipt: `rcpt_life_${n}`,
        userId: buyer.userId,
        email: buyer.email,
        name: buyer.name,
      });
      world.gateway.givenPayment({ id: paymentId, orderId, amountPaise: order.amountPaise });
      const result = await fulfilPayment(world, order, {
        paymentId,
        orderId,
        amountPaise: order.amountPaise,
        currency: 'INR',
      });
      if (result.outcome !== 'fulfilled') throw new Error(`not fulfilled: ${result.reason}`);
      return { paymentId, amountPaise: order.amountPaise, paidAt: base.now().toISOString() };
    },
    cancel() {
      return cancelService(world, { ...ref, reason: 'Not what I needed', origin: 'buyer' });
    },
    /** A refund made in Razorpay's dashboard, processed, and its webhook. */
    async dashboardRefund(paymentId: string, amountPaise: number) {
      const made = world.gateway.givenDashboardRefund(paymentId, amountPaise);
      const { refund, payment } = world.gateway.settleRefund(made.id, 'processed');
      return send(
        'refund.processed',
        paymentId,
        refundWebhook('refund.processed', refund, payment, nextWebhookId(), WEBHOOK_SECRET),
      );
    },
    /** Razorpay processes every store refund still pending, and says so. */
    async settleStoreRefunds() {
      for (const pending of [...world.gateway.refunds.values()]) {
        if (pending.status !== 'pending' || pending.receipt === null) continue;
        const { refund, payment } = world.gateway.settleRefund(pending.id, 'processed');
        await send(
          'refund.processed',
          payment.id,
          refundWebhook('refund.processed', refund, payment, nextWebhookId(), WEBHOOK_SECRET),
        );
      }
    },
    async dispute(paymentId: string, outcome: 'created' | 'won' | 'lost') {
      const payment = await world.gateway.fetchPayment(paymentId);
      const type = `payment.dispute.${outcome}` as const;
      return send(
        type,
        paymentId,
        disputeDelivery(
          type,
          { id: `disp_${paymentId.slice(4)}`, amountPaise: payment.amountPaise },
          { ...payment, orderId: payment.orderId ?? '' },
          nextWebhookId(),
        ),
      );
    },
    /** Razorpay sends an earlier webhook again, under a new event id. */
    resendWebhook(index: number) {
      const earlier = webhooks[index];
      if (!earlier) throw new Error(`no webhook ${index}`);
      return send(earlier.kind, earlier.paymentId, {
        ...earlier.delivery,
        eventId: nextWebhookId(),
      });
    },
    async reconcile() {
      const summary = await reconcilePayments(world, base.now());
      this.reconciled += summary.servicesOutOfStep;
      return summary;
    },
    renewalJob() {
      runs += 1;
      return runRenewalReminders(renewalDeps, base.now(), `run-${runs}`);
    },
    hold() {
      return recordServiceFact(world, ref, { kind: 'hold', note: 'Abuse report' });
    },
    unhold() {
      return recordServiceFact(world, ref, { kind: 'unhold' });
    },
    /**
     * The system left alone with the panel up: the bus drained, then twice the reconciler 16
     * minutes on (what is out of step is converged again) and the daily renewal job; then
     * `look`, still with the panel up.
     */
    async quiet(look: () => Promise<void> = async () => undefined) {
      const down = panel.down;
      panel.down = false;
      for (let round = 0; round < 2; round += 1) {
        await this.drain();
        this.advance(16 * MINUTE);
        await this.reconcile();
        await this.drain();
        await this.renewalJob();
        await this.drain();
      }
      try {
        await look();
      } finally {
        panel.down = down;
      }
    },
    readyMails() {
      return mailer.sent.filter((m) => / is ready$/.test(m.subject));
    },
  });
}

export type LifeWorld = ReturnType<typeof lifeWorld>;
