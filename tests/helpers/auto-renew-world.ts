/**
 * Auto-renew's world on in-memory fakes (D25): the backend of fakeWorld, the auto-renew store on
 * its services' items, Razorpay's fake with customers, tokens and recurring payments, and the job
 * and opt-in/opt-out with a wall clock the test moves. A captured debit is fulfilled as the
 * webhook does it (fulfilPayment), so a renewal is the normal one.
 */
import { loadEventText } from '../../events/load-event';
import { CATALOG } from '../../lambdas/domain/catalog';
import type { GatewayPayment } from '../../lambdas/ports/payment-gateway';
import type { Months } from '../../lambdas/domain/pricing';
import type { ServiceRef } from '../../lambdas/ports/auto-renew';
import {
  recordMandatePayment,
  recordTokenEvent,
  setAutoRenew,
  type ManageAutoRenewDeps,
} from '../../lambdas/use-cases/auto-renew/manage-auto-renew';
import { optOutToken, optOutUrl } from '../../lambdas/use-cases/auto-renew/opt-out-link';
import {
  runAutoRenew,
  type RunAutoRenewDeps,
} from '../../lambdas/use-cases/auto-renew/run-auto-renew';
import { extendService } from '../../lambdas/use-cases/extend-service';
import { fulfilPayment } from '../../lambdas/use-cases/fulfil-payment';
import { InMemoryAutoRenewStore } from './fakes/auto-renew';
import { BUYER, fakeWorld, KEY_SECRET, WEBHOOK_SECRET } from './fakes/world';
import { signedDelivery } from './razorpay-signing';

export const SITE_URL = 'https://store.example.in';
export const LEASE_MS = 10 * 60 * 1000;

/** 09:00 IST on an India calendar date: when the scheduled job runs. */
export function nineAmIst(date: string): Date {
  return new Date(`${date}T03:30:00.000Z`);
}

export function autoRenewWorld() {
  const base = fakeWorld();
  const store = new InMemoryAutoRenewStore(base.services);
  let wall = new Date('2026-11-22T00:00:00.000Z');
  let payments = 0;
  const manage: ManageAutoRenewDeps = {
    store,
    users: base.users,
    plans: async () => CATALOG,
    gateway: base.gateway,
    mailer: base.mailer,
    siteUrl: () => SITE_URL,
    log: base.log,
    now: () => wall,
  };
  const job: RunAutoRenewDeps = {
    store,
    users: base.users,
    plans: async () => CATALOG,
    gateway: base.gateway,
    orders: base.orders,
    mailer: base.mailer,
    seller: base.seller,
    siteUrl: () => SITE_URL,
    optOutUrl: async (ref: ServiceRef) => optOutUrl(SITE_URL, optOutToken(ref, wall, KEY_SECRET)),
    log: base.log,
    clock: () => wall,
    leaseMs: LEASE_MS,
  };
  const world = {
    ...base,
    store,
    manage,
    job,
    setWallClock(at: Date) {
      wall = at;
      base.setNow(at);
    },
    /** A paid purchase of `planId` by the one extension rule, as fulfilment does. */
    async buy(planId: string, at: Date, months: Months = 1) {
      const plan = CATALOG.find((p) => p.id === planId);
      if (!plan) throw new Error(`no plan ${planId}`);
      payments += 1;
      await base.users.createUserIfMissing({ ...BUYER, createdAt: at.toISOString() });
      const { serviceId } = await extendService(
        { services: base.services, purchases: base.purchases },
        { userId: BUYER.userId, planId, planName: plan.name, category: plan.category },
        {
          purchaseId: `pur_bought_${payments}`,
          paymentId: `pay_bought_${payments}`,
          planId,
          months,
          amountPaise: 100_000,
        },
        at,
      );
      return { userId: BUYER.userId, serviceId };
    },
    /** The buyer turns auto-renew on and authorises the mandate in Checkout (the webhook records it). */
    async optIn(ref: ServiceRef, method: 'card' | 'upi' = 'card') {
      const { authorise } = await setAutoRenew(manage, ref, { enabled: true, method });
      if (!authorise) throw new Error('no authorisation asked');
      const { payment } = base.gateway.givenMandateAuthorised(authorise.orderId, method);
      expectRecorded(await recordMandatePayment(manage, payment));
      return authorise;
    },
    tokenEvent: (tokenId: string, status: 'cancelled' | 'rejected' | 'paused' | 'confirmed') => {
      const token = base.gateway.tokens.get(tokenId);
      if (!token) throw new Error(`no token ${tokenId}`);
      token.status = status;
      const { customerId: _c, ...shown } = token;
      return recordTokenEvent(manage, shown);
    },
    /** Runs the job as the scheduler would at `now`, the wall clock at the same instant. */
    async run(now: Date, overrides: Partial<RunAutoRenewDeps> = {}) {
      world.setWallClock(now);
      return runAutoRenew({ ...job, ...overrides }, now, `run-${now.toISOString()}`);
    },
    /** Razorpay's payment.captured webhook for each captured debit: the normal fulfilment. */
    async deliverCaptures() {
      for (const payment of base.gateway.payments.values()) {
        if (payment.status !== 'captured' || !payment.orderId) continue;
        const order = await base.orders.getOrder(payment.orderId);
        if (!order) continue;
        await fulfilPayment(base, order, {
          paymentId: payment.id,
          orderId: order.orderId,
          amountPaise: payment.amountPaise,
          currency: payment.currency,
        });
      }
    },
    service(ref: ServiceRef) {
      return base.services.items.get(`${ref.userId}#${ref.serviceId}`);
    },
    subjects(): string[] {
      return base.mailer.sent.map((mail) => mail.subject);
    },
  };
  return world;
}

function expectRecorded(outcome: string): void {
  if (outcome !== 'mandate_recorded') throw new Error(`mandate not recorded: ${outcome}`);
}

export type AutoRenewWorld = ReturnType<typeof autoRenewWorld>;

/** Razorpay's `event` webhook for the payment as it stands, signed. */
export function paymentWebhook(
  event: 'payment.captured' | 'payment.failed',
  payment: GatewayPayment,
  id: string,
) {
  const body = JSON.parse(loadEventText(`razorpay/${event}.json`)) as {
    payload: { payment: { entity: Record<string, unknown> } };
  };
  Object.assign(body.payload.payment.entity, {
    id: payment.id,
    order_id: payment.orderId,
    amount: payment.amountPaise,
    status: payment.status,
    captured: payment.status === 'captured',
    token_id: payment.tokenId ?? null,
    customer_id: payment.customerId ?? null,
  });
  return signedDelivery(JSON.stringify(body), id, WEBHOOK_SECRET);
}
