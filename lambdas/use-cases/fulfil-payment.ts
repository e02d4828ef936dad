import type { PurchaseCompletedDetail } from '../domain/api';
import { paysOrder } from '../domain/order';
import type { DocumentCounters } from '../ports/document-counters';
import type { EventPublisher } from '../ports/events';
import type { LogPort } from '../ports/logger';
import type { OrderRecord, OrdersStore } from '../ports/orders';
import type { PurchaseRecord, PurchasesStore } from '../ports/purchases';
import type { ServicesStore } from '../ports/services';
import type { UsersStore } from '../ports/users';
import { extendService } from './extend-service';
import { recordPlanChange } from './plan-change';
import { withInvoiceNumber } from './issue-document-number';
import { ensureBundleParts } from './converge-parts';
import { CATALOG } from '../domain/catalog';
import { freeDomainPurchaseIdFor } from '../domain/register-domain';

export interface FulfilPaymentDeps {
  orders: OrdersStore;
  purchases: PurchasesStore;
  services: ServicesStore;
  users: UsersStore;
  events: EventPublisher;
  log: LogPort;
  now: () => Date;
  /** Numbers the tax invoices (D15). */
  counters: DocumentCounters;
  /** Waits between looks at a purchase another caller is publishing (E28); tests pass their own. */
  pause?: (ms: number) => Promise<void>;
}

/** A payment Razorpay vouched for (checkout signature or webhook signature). */
export interface VerifiedPayment {
  paymentId: string;
  orderId: string;
  amountPaise: number;
  currency: string;
}

export type FulfilmentResult =
  { outcome: 'fulfilled'; purchase: PurchaseRecord } | { outcome: 'review'; reason: string };

/** One purchase per Razorpay payment: the id is derived from the payment id. */
export function purchaseIdFor(paymentId: string): string {
  return `pur_${paymentId}`;
}

/**
 * Turns a verified payment into a purchase. Both the checkout callback and the webhook come here,
 * any number of times, in any order, possibly at once. No transactions: each step is idempotent
 * and the steps run in an order that a retry can resume after a crash at any point:
 *   1. the service given this payment's period, by a write conditioned on the service's version
 *      (extendService): two payments for one service at once each get their own period, and a
 *      payment whose period was given before gets that one back
 *   2. the purchase item, written once by a conditional put, with that period frozen in it; then
 *      its tax invoice number, taken once (issue-document-number.ts)
 *   3. the order marked paid (only moves forward)
 *   4. the user's currentPlan/expiry, once per purchase, and never to an earlier expiry
 *   5. PurchaseCompleted published, then marked on the purchase item, by whoever claims it first
 *      (publishOnce, E28); the others wait for the mark, and publish again if it does not come:
 *      until it is marked every retry publishes again, and the consumer acts once per purchase id.
 */
export interface FulfilOptions {
  /**
   * 'throw' (the webhook): a failed publish fails the delivery, so Razorpay retries it.
   * 'defer' (the checkout callback): the buyer has paid and the purchase is recorded, so they get
   * their answer; the webhook for the same payment publishes what is left.
   */
  onPublishFailure?: 'throw' | 'defer';
  /**
   * An operator resolved the order in review by accepting this payment as it is (the console):
   * the amount check is skipped, and everything else is the same exactly-once fulfilment.
   */
  acceptPaidAmount?: boolean;
}

export async function fulfilPayment(
  deps: FulfilPaymentDeps,
  order: OrderRecord,
  payment: VerifiedPayment,
  options: FulfilOptions = {},
): Promise<FulfilmentResult> {
  const { orders, purchases, users, log } = deps;
  const at = deps.now();
  const atIso = at.toISOString();

  if (!options.acceptPaidAmount && !paysOrder(order, payment)) {
    const reason = `paid ${payment.amountPaise} ${payment.currency}, order is ${order.amountPaise} ${order.currency}`;
    const marked = await orders.markReview({
      orderId: order.orderId,
      paymentId: payment.paymentId,
      at: atIso,
      reason,
    });
    log.warn('Payment does not match its order; nothing activated', {
      orderId: order.orderId,
      paymentId: payment.paymentId,
      paidAmountPaise: payment.amountPaise,
      paidCurrency: payment.currency,
      orderAmountPaise: order.amountPaise,
      orderCurrency: order.currency,
      orderMarkedForReview: marked,
    });
    return { outcome: 'review', reason };
  }

  const purchaseId = purchaseIdFor(payment.paymentId);
  let purchase = await purchases.getPurchase(order.userId, purchaseId);
  if (!purchase) {
    // A plan change (D26): an entry on the service it changes, the renewal date unchanged.
    const changed = order.changeFrom
      ? await recordPlanChange(deps, order, { purchaseId, paymentId: payment.paymentId }, at)
      : undefined;
    if (changed && 'review' in changed) {
      const marked = await orders.markReview({
        orderId: order.orderId,
        paymentId: payment.paymentId,
        at: atIso,
        reason: changed.review,
      });
      log.warn('A paid plan change no longer fits its service; nothing changed', {
        orderId: order.orderId,
        paymentId: payment.paymentId,
        reason: changed.review,
        orderMarkedForReview: marked,
      });
      return { outcome: 'review', reason: changed.review };
    }
    const { serviceId, period } = changed
      ? changed
      : await extendService(
          deps,
          {
            userId: order.userId,
            planId: order.planId,
            planName: order.planName,
            category: order.category,
            ...(order.domain ? { domain: order.domain } : {}),
            ...(order.serviceId ? { serviceId: order.serviceId } : {}),
          },
          {
            purchaseId,
            paymentId: payment.paymentId,
            planId: order.planId,
            months: order.months,
            amountPaise: order.amountPaise,
            ...(order.domain ? { domain: order.domain } : {}),
          },
          at,
        );
    const candidate: PurchaseRecord = {
      userId: order.userId,
      purchaseId,
      paymentId: payment.paymentId,
      orderId: order.orderId,
      serviceId,
      planId: order.planId,
      planName: order.planName,
      category: order.category,
      months: order.months,
      purchaseDate: period.purchaseDate,
      startDate: period.startDate,
      renewalDate: period.renewalDate,
      amountPaise: order.amountPaise,
      currency: order.currency,
      quote: order.quote,
      email: order.email,
      name: order.name,
      createdAt: atIso,
    };
    if (order.domain) candidate.domain = order.domain;
    // D23: the hosting's free first-year domain, named in its welcome mail and on its card.
    if (order.registerDomain && order.category !== 'bundle') {
      candidate.freeDomain = order.registerDomain;
    }
    // Frozen with the order: a later profile or configuration change never rewrites the invoice.
    if (order.billing) candidate.billing = order.billing;
    if (order.seller) candidate.seller = order.seller;
    const created = await purchases.createPurchase(candidate);
    // Lost a race: the winner's frozen record is the truth.
    purchase = created ? candidate : await purchases.getPurchase(order.userId, purchaseId);
    if (!purchase) throw new Error(`purchase ${purchaseId} vanished after a conditional write`);
    if (created) {
      log.info('Purchase recorded', {
        purchaseId,
        orderId: order.orderId,
        planId: order.planId,
        serviceId,
        startDate: candidate.startDate,
        renewalDate: candidate.renewalDate,
      });
    }
  }

  // The tax invoice's number, taken only now that the purchase is certainly recorded, once (D15).
  purchase = await withInvoiceNumber(deps, purchase);

  // A VPS's OS, hostname and keys (D24), kept on its service before converge is asked to make it;
  // a later order (a renewal) never changes what the first chose.
  if (order.vps && purchase.serviceId && order.category !== 'bundle') {
    const ref = { userId: order.userId, serviceId: purchase.serviceId };
    const service = await deps.services.getService(ref.userId, ref.serviceId);
    if (service && !service.vps) await deps.services.updateVps(ref, order.vps);
  }
  // A bundle's parts (D24), with the name to register and the VPS's choices, likewise.
  if (order.category === 'bundle' && purchase.serviceId) {
    const bundle = await deps.services.getService(order.userId, purchase.serviceId);
    if (bundle) {
      await ensureBundleParts(deps.services, bundle, atIso, {
        ...(order.registerDomain ? { registerDomain: order.registerDomain } : {}),
        ...(order.vps ? { vps: order.vps } : {}),
      });
    }
  }

  // A hosting plan's "Free domain for the first year" (D23): a domain service of its own.
  if (order.registerDomain && order.category !== 'bundle' && purchase.serviceId) {
    await ensureFreeDomain(deps, order, purchase, order.registerDomain, at);
  }

  // A domain transferred in (D23): its auth code moves to the service, for converge to use once;
  // markPaid then removes it from the order. An order paid after it was left unpaid has lost its
  // code (the reconciler's forgetAbandonedTransferCodes): still a transfer, which converge fails
  // and refunds in full, never a registration.
  if ((order.transferAuthCode || order.transferIn) && purchase.serviceId) {
    const ref = { userId: order.userId, serviceId: purchase.serviceId };
    const service = await deps.services.getService(ref.userId, ref.serviceId);
    if (service && !service.transfer) {
      await deps.services.putTransfer(ref, {
        state: 'requested',
        ...(order.transferAuthCode ? { authCode: order.transferAuthCode } : {}),
        at: atIso,
      });
    }
  }

  await orders.markPaid({ orderId: order.orderId, paymentId: payment.paymentId, at: atIso });

  await users.applyPurchase({
    userId: purchase.userId,
    purchaseId,
    currentPlan: purchase.planId,
    expiry: purchase.renewalDate,
    email: purchase.email,
    name: purchase.name,
    at: atIso,
  });

  if (!purchase.eventPublishedAt) {
    try {
      purchase = await publishOnce(deps, purchase);
    } catch (error) {
      if (options.onPublishFailure !== 'defer') throw error;
      log.error('PurchaseCompleted not published yet; the webhook will publish it', {
        purchaseId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { outcome: 'fulfilled', purchase };
}

/**
 * How PurchaseCompleted is published once in the normal case (E28). The lease outlasts any live
 * publish (PutEvents and the mark, each a call of well under a second) and is longer than the
 * waits below, so a caller that finds a live claim waits rather than claiming over it; the waits
 * (doubling, 2 s in all) are how long it gives the claimant to mark the purchase before it
 * publishes itself: a duplicate is harmless (its consumers act once per purchase), a missing
 * event is not.
 */
export const PUBLISH_CLAIM = {
  leaseMs: 10_000,
  waitsMs: [25, 50, 100, 200, 400, 400, 400, 400],
} as const;

/**
 * Publishes the purchase's PurchaseCompleted unless someone else certainly did, and marks it
 * (E28). A caller returns only once it has seen the mark or published itself, so every caller that
 * answers success vouches for the event, as before; what changes is that the callers arriving
 * together (verify and three webhooks) publish it once instead of four times:
 *   - it takes a claim with a lease on the purchase, publishes and marks (the mark ends the claim);
 *     a failed publish gives the claim back and throws, so the next caller claims at once;
 *   - a caller that finds a live claim reads the purchase again (consistently) after each wait,
 *     stops when it is marked, claims when the claim was given back or lapsed, and after the last
 *     wait publishes itself: the claimant is slow or crashed;
 *   - the payments reconciler publishes what is left unmarked ten minutes on, whatever the claim.
 */
async function publishOnce(
  deps: FulfilPaymentDeps,
  recorded: PurchaseRecord,
): Promise<PurchaseRecord> {
  const { purchases } = deps;
  const { userId, purchaseId } = recorded;
  const { publishClaim: _claim, ...purchase } = recorded;
  const published = (at: string): PurchaseRecord => ({ ...purchase, eventPublishedAt: at });
  const pause =
    deps.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // The item as last read: only whether it is marked, and whose claim it holds, are looked at.
  let seen: Pick<PurchaseRecord, 'eventPublishedAt' | 'publishClaim'> = recorded;
  for (let waited = 0; ; waited += 1) {
    if (seen.eventPublishedAt) return published(seen.eventPublishedAt);
    const now = deps.now();
    if (!seen.publishClaim || seen.publishClaim.until < now.getTime()) {
      const claim = await purchases.claimEventPublish(
        userId,
        purchaseId,
        now,
        PUBLISH_CLAIM.leaseMs,
      );
      if (claim.state === 'claimed')
        return published(await publishAndMark(deps, recorded, claim.token));
      if (claim.state === 'published') return published(claim.at);
    }
    const wait = PUBLISH_CLAIM.waitsMs[waited];
    if (wait === undefined) {
      deps.log.warn('PurchaseCompleted still unmarked after the wait; publishing it again', {
        purchaseId,
      });
      return published(await publishAndMark(deps, recorded));
    }
    await pause(wait);
    seen = (await purchases.getPurchase(userId, purchaseId)) ?? seen;
  }
}

/** Publishes and marks; answers the instant marked. A failure gives the claim `token` back. */
async function publishAndMark(
  deps: FulfilPaymentDeps,
  purchase: PurchaseRecord,
  token?: string,
): Promise<string> {
  const atIso = deps.now().toISOString();
  try {
    await deps.events.publishPurchaseCompleted(purchaseCompletedDetail(purchase));
    await deps.purchases.markEventPublished(purchase.userId, purchase.purchaseId, atIso);
  } catch (error) {
    if (token) {
      await deps.purchases
        .releaseEventPublish(purchase.userId, purchase.purchaseId, token)
        .catch(() => undefined);
    }
    throw error;
  }
  return atIso;
}

/**
 * The free domain of a hosting purchase (D23): its own service on the catalog's domain plan (Basic
 * Domain), given one year by a ₹0 ledger entry keyed by the hosting's purchase, so a redelivered
 * payment finds that entry and makes nothing more. It is not a payment: no purchase, no invoice
 * (the hosting's invoice is the supply). Converge is asked to register the name each time, which
 * is idempotent (the registrar's step adopts a name already ours).
 */
async function ensureFreeDomain(
  deps: FulfilPaymentDeps,
  order: OrderRecord,
  purchase: PurchaseRecord,
  name: string,
  at: Date,
): Promise<void> {
  const hosting = CATALOG.find((plan) => plan.id === order.planId);
  const domainPlan = CATALOG.find((plan) => plan.id === hosting?.freeDomainPlanId);
  if (!domainPlan) {
    deps.log.warn('An order names a free domain its plan does not include; none made', {
      orderId: order.orderId,
      planId: order.planId,
    });
    return;
  }
  const { serviceId } = await extendService(
    deps,
    {
      userId: order.userId,
      planId: domainPlan.id,
      planName: domainPlan.name,
      category: domainPlan.category,
      domain: name,
    },
    {
      purchaseId: freeDomainPurchaseIdFor(purchase.purchaseId),
      paymentId: purchase.paymentId,
      planId: domainPlan.id,
      months: 12,
      amountPaise: 0,
      domain: name,
    },
    at,
  );
  await deps.events.publish('ServiceChanged', {
    userId: order.userId,
    serviceId,
    fact: 'free-domain',
    at: at.toISOString(),
  });
}

export function purchaseCompletedDetail(purchase: PurchaseRecord): PurchaseCompletedDetail {
  const detail: PurchaseCompletedDetail = {
    purchaseId: purchase.purchaseId,
    userId: purchase.userId,
    email: purchase.email,
    name: purchase.name,
    planId: purchase.planId,
    planName: purchase.planName,
    category: purchase.category,
    months: purchase.months,
    purchaseDate: purchase.purchaseDate,
    renewalDate: purchase.renewalDate,
    amountPaise: purchase.amountPaise,
    paymentId: purchase.paymentId,
    orderId: purchase.orderId,
  };
  if (purchase.domain) detail.domain = purchase.domain;
  if (purchase.freeDomain) detail.freeDomain = purchase.freeDomain;
  if (purchase.serviceId) detail.serviceId = purchase.serviceId;
  if (purchase.invoiceNumber) detail.invoiceNumber = purchase.invoiceNumber;
  // Priced as a renewal of a plan the buyer holds or held (D14), as create-order decided.
  detail.renewal = purchase.quote?.renewal === true;
  const change = purchase.quote?.change;
  if (change) {
    detail.change = { fromPlanName: change.fromPlanName, remainingDays: change.remainingDays };
  }
  return detail;
}
