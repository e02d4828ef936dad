/**
 * A plan change now (D26), as checkout prices it: the service is read (the caller's only), its
 * ledger says which period is in force and what was paid for it, and the domain prices the
 * difference (lambdas/domain/plan-change.ts). The quote and the order both come here, so the
 * order's amount is the quote's, recomputed on the server.
 */
import {
  bundlePartChanges,
  BundlePartShrinksError,
  type BundlePartChange,
} from '../domain/bundle-parts';
import { CATALOG } from '../domain/catalog';
import { periodAt, ledgerOf } from '../domain/ledger';
import {
  downgradeTarget,
  InvalidPlanChangeError,
  planInForce,
  quotePlanChange,
  ServiceNotChangeableError,
  type PlanChangeTerms,
} from '../domain/plan-change';
import type { Plan } from '../domain/plan';
import type { Quote } from '../domain/pricing';
import type { PurchasesStore } from '../ports/purchases';
import type { LogPort } from '../ports/logger';
import type { Mailer } from '../ports/mail';
import type { OrderRecord, OrdersStore } from '../ports/orders';
import type { GatewayPayment, PaymentGateway } from '../ports/payment-gateway';
import { changePaidTwiceMail } from '../templates/mail/change-paid-twice';
import { refundOrderPayment } from './refunds/refund-order-payment';
import type { ServicePeriod, ServiceRecord, ServicesStore } from '../ports/services';
import { lifeOfService } from './converge-service';
import { refusal } from './refusal';
import { recordServiceFact, type RecordFactDeps } from './service-facts';

export class ChangeServiceNotFoundError extends refusal(
  'ChangeServiceNotFoundError',
  'service_not_found',
  'We could not find that service on your account. Please open it from your dashboard.',
) {}

export interface PlanChangeDeps {
  services: Pick<ServicesStore, 'getService'>;
  purchases: Pick<PurchasesStore, 'getPurchase'>;
  now: () => Date;
}

export interface PlanChangeInput {
  /** The service to change (its id, as the dashboard shows it). */
  changeFrom: string;
  /** The plan to change to. */
  planId: string;
  /** What the quote the buyer saw said; a different count now means the quote is stale. */
  remainingDays?: number;
}

export type PlanChangeQuote = Quote & { change: PlanChangeTerms };

/** The quote of changing the caller's service `changeFrom` to `planId` now, and the service. */
export async function priceChange(
  deps: PlanChangeDeps,
  plans: readonly Plan[],
  userId: string,
  input: PlanChangeInput,
): Promise<{ quote: PlanChangeQuote; service: ServiceRecord }> {
  const service = await deps.services.getService(userId, input.changeFrom);
  if (!service) throw new ChangeServiceNotFoundError();
  const now = deps.now();
  const life = lifeOfService(service, now);
  const ledger = life.ledger.periods.length > 0 ? life.ledger : ledgerOf(service.periods);
  const period = periodAt(ledger, now);
  if (!period) throw new ChangeServiceNotFoundError();
  const paidBeyond = ledger.periods.some((p) => p.startDate > period.startDate);
  const purchase = await deps.purchases.getPurchase(userId, period.purchaseId);
  // The period's taxable as invoiced; an old purchase without its quote: the amount before GST.
  const paidTaxablePaise =
    purchase?.quote?.subtotalPaise ?? Math.round((period.amountPaise * 100) / 118);
  // A smaller plan chosen for the renewal is the plan once its day has come.
  const plan = planInForce(service, now);
  const quote = quotePlanChange({
    plans,
    service: {
      planId: plan.planId,
      planName: plan.planName,
      category: service.category,
      state: life.state,
    },
    period,
    paidTaxablePaise,
    renewal: purchase?.quote?.renewal === true,
    changesInPeriod: ledger.changes.filter((c) => c.paidAt >= period.startDate),
    paidBeyond,
    toPlanId: input.planId,
    ...(input.remainingDays !== undefined ? { quotedRemainingDays: input.remainingDays } : {}),
    at: now,
  });
  if (service.category === 'bundle') {
    quote.change.parts = bundleChangeParts(plan.planId, quote.planId);
  }
  return { quote, service };
}

/**
 * What a bundle's upgrade moves (D26 with D24): each part's plan on the larger bundle, the parts
 * it adds; a "larger" bundle that would take anything from a part is refused with its sentence.
 */
function bundleChangeParts(fromPlanId: string, toPlanId: string): BundlePartChange[] {
  const from = CATALOG.find((p) => p.id === fromPlanId);
  const to = CATALOG.find((p) => p.id === toPlanId);
  if (!from || !to) return [];
  try {
    return bundlePartChanges(from, to, CATALOG);
  } catch (error) {
    if (error instanceof BundlePartShrinksError) throw new InvalidPlanChangeError(error.message);
    throw error;
  }
}

/**
 * On payment (D26), exactly once per payment: the change's entry on the service's ledger (it adds
 * no time: the renewal date stays) and the service's plan from now on, in one write conditioned
 * on the version read. A payment whose entry was written before gets it back, so a redelivery or
 * a racer of the same payment changes nothing twice.
 */
export async function recordPlanChange(
  deps: { services: Pick<ServicesStore, 'getService' | 'extendService'> },
  order: Pick<
    OrderRecord,
    'userId' | 'changeFrom' | 'planId' | 'planName' | 'months' | 'amountPaise' | 'quote'
  >,
  payment: { purchaseId: string; paymentId: string },
  at: Date,
): Promise<{ serviceId: string; period: ServicePeriod } | { review: string }> {
  const serviceId = order.changeFrom as string;
  const change = order.quote.change;
  if (!change) throw new Error(`order for ${serviceId} changes a plan but its quote says nothing`);
  for (let attempt = 1; attempt <= MAX_CHANGE_ATTEMPTS; attempt += 1) {
    const service = await deps.services.getService(order.userId, serviceId);
    if (!service) throw new Error(`service ${serviceId} of a paid plan change is missing`);
    const given = service.periods[payment.purchaseId];
    if (given) return { serviceId, period: given };
    // Paid for a change the service no longer fits (another tab's payment changed it first, or
    // it ended meanwhile): the money is kept for an operator to give back, nothing is changed.
    const state = lifeOfService(service, at).state;
    const from = planInForce(service, at).planId;
    if (from !== change.fromPlanId || (state !== 'active' && state !== 'grace')) {
      return {
        review: `plan change ${change.fromPlanId} → ${order.planId} paid, but the service is ${state} on ${from}`,
      };
    }
    const atIso = at.toISOString();
    const period: ServicePeriod = {
      purchaseId: payment.purchaseId,
      paymentId: payment.paymentId,
      purchaseDate: atIso,
      startDate: atIso,
      // The renewal date stays (D26).
      renewalDate: service.renewalDate,
      months: order.months,
      amountPaise: order.amountPaise,
      change: {
        fromPlanId: planInForce(service, at).planId,
        fromPlanName: planInForce(service, at).planName,
        toPlanId: order.planId,
        toPlanName: order.planName,
        taxablePaise: order.quote.subtotalPaise,
        remainingDays: change.remainingDays,
        periodDays: change.periodDays,
      },
    };
    const written = await deps.services.extendService(service, period, service.version, atIso, {
      planId: order.planId,
      planName: order.planName,
    });
    if (written) return { serviceId, period };
  }
  throw new Error(
    `service ${serviceId} kept changing; plan change ${payment.purchaseId} not applied yet`,
  );
}

const MAX_CHANGE_ATTEMPTS = 25;

export interface ScheduleDeps extends RecordFactDeps {
  services: Pick<ServicesStore, 'getService' | 'changeFacts'>;
}

/**
 * A smaller plan from the renewal date (D26): chosen any time, recorded on the service (its
 * renewal is then priced at that plan, and the panel moves to its package on the day), no refund
 * for the difference. Choosing again replaces the choice. Answers the service as it is now.
 * A domain may choose any other tier this way, larger or smaller (#29): a registry year is bought
 * by the year, so its renewal is priced at the new tier and converge applies it on the day.
 */
export async function scheduleDowngrade(
  deps: ScheduleDeps,
  plans: readonly Plan[],
  userId: string,
  input: { serviceId: string; planId: string },
): Promise<ServiceRecord> {
  const ref = { userId, serviceId: input.serviceId };
  const service = await deps.services.getService(userId, input.serviceId);
  if (!service) throw new ChangeServiceNotFoundError();
  const now = deps.now();
  const life = lifeOfService(service, now);
  const current = planInForce(service, now);
  const to = downgradeTarget(
    plans,
    { planId: current.planId, category: service.category, state: life.state },
    input.planId,
  );
  const written = await recordServiceFact(deps, ref, {
    kind: 'schedule-plan',
    plan: {
      planId: to.id,
      planName: to.name,
      from: life.ledger.paidUntil ?? service.renewalDate,
      chosenAt: now.toISOString(),
    },
    // A plan chosen before whose date has come is the plan now; the new choice replaces it.
    ...(current.planId !== service.planId ? { inForce: current } : {}),
  });
  if (!written) throw new ChangeServiceNotFoundError();
  return (await deps.services.getService(userId, input.serviceId)) as ServiceRecord;
}

/** Takes back a smaller plan chosen for the renewal, before its day (D26). */
export async function cancelDowngrade(
  deps: ScheduleDeps,
  userId: string,
  serviceId: string,
): Promise<ServiceRecord> {
  const service = await deps.services.getService(userId, serviceId);
  if (!service) throw new ChangeServiceNotFoundError();
  const pending = service.pendingPlan;
  if (pending && deps.now().getTime() >= Date.parse(pending.from)) {
    throw new ServiceNotChangeableError(
      `${pending.planName} took effect on your renewal date, so the change can no longer be cancelled. You can move to a larger plan now instead.`,
    );
  }
  if (pending) await recordServiceFact(deps, { userId, serviceId }, { kind: 'cancel-plan' });
  return (await deps.services.getService(userId, serviceId)) as ServiceRecord;
}

export interface DuplicateChangeDeps {
  services: Pick<ServicesStore, 'getService'>;
  orders: Pick<OrdersStore, 'markRefunded'>;
  gateway: Pick<PaymentGateway, 'listRefunds' | 'createRefund'>;
  mailer: Mailer;
  siteUrl: () => string;
  log: LogPort;
  now: () => Date;
}

/**
 * A plan change paid twice (D26: two tabs, or Pay pressed again): the first payment changed the
 * plan (one entry on the ledger); this one, which fulfilment put in review because the service is
 * on the new plan already, is refunded in full at once and the buyer is told. Once, however often
 * verify and the webhooks come: the refund carries the order's receipt and is found before another
 * is made, and the mail goes with the refund that was made. Any other reason for review stays for
 * an operator. True when the payment was such a second payment.
 */
export async function refundDuplicateChange(
  deps: DuplicateChangeDeps,
  order: OrderRecord,
  payment: GatewayPayment,
): Promise<boolean> {
  const change = order.quote.change;
  if (!order.changeFrom || !change) return false;
  if (payment.status !== 'captured' && payment.status !== 'refunded') return false;
  const service = await deps.services.getService(order.userId, order.changeFrom);
  const first = Object.values(service?.periods ?? {}).find(
    (period) =>
      period.paymentId !== payment.id &&
      !period.refundedAt &&
      period.change?.fromPlanId === change.fromPlanId &&
      period.change.toPlanId === order.planId,
  );
  if (!service || !first) return false;
  const { refund, made } = await refundOrderPayment(deps, order, payment, {
    origin: 'plan change paid twice',
    firstPaymentId: first.paymentId,
  });
  await deps.orders.markRefunded({
    orderId: order.orderId,
    paymentId: payment.id,
    at: deps.now().toISOString(),
    reason: `plan change ${change.fromPlanId} → ${order.planId} paid twice (first ${first.paymentId}); refunded in full`,
  });
  deps.log.warn('A plan change was paid twice; the second payment is refunded', {
    orderId: order.orderId,
    paymentId: payment.id,
    firstPaymentId: first.paymentId,
    refunded: refund !== undefined,
  });
  if (made && refund) {
    await deps.mailer.send({
      to: order.email,
      ...changePaidTwiceMail({
        name: order.name,
        planName: change.fromPlanName,
        ...(service.domain ? { domain: service.domain } : {}),
        toPlanName: order.planName,
        refundId: refund.id,
        paymentId: payment.id,
        amountPaise: refund.amountPaise,
        siteUrl: deps.siteUrl(),
      }),
      about: { userId: order.userId, kind: 'change-paid-twice', ref: payment.id },
    });
  }
  return true;
}
