/**
 * The daily auto-renew job (D25): for each service with a mandate whose next step is due, the
 * pre-debit notice, the above-limit pay link, or the debit, as planAutoRenew (the pure rules)
 * says; a failed debit is mailed and tried again the next day until the renewal date.
 *
 * Never a double charge: one Razorpay order per service and renewal date (stored on the service
 * under the run's claim before any payment is made on it), and before every attempt the order's
 * payments are read: one captured, authorized or still in flight means no new attempt. A captured
 * debit becomes a normal renewal through the webhook (the order is an ordinary renewal order:
 * fulfilPayment gives the period, mails the invoice and resets the reminders).
 *
 * Exactly once per service and step under concurrent runs: each service is claimed in one
 * conditional write (still on that renewal date, not cancelled, auto-renew on, no live claim),
 * acted on, then completed with the cycle. A crashed run's claim lapses after `leaseMs`; a crash
 * after a mail and before completing sends that mail once more (SES takes no idempotency key),
 * and a crash after a debit was made is found by reading the order's payments.
 *
 * Cost follows the services due: the sparse index lists only services with auto-renew and a step
 * due; each is read once from it and claimed once.
 */
import { randomBytes } from 'node:crypto';
import {
  autoRenewPriceRequest,
  debitLimitPaise,
  firstDebitAt,
  nextIstDay,
  planAutoRenew,
  type AutoRenewCycle,
} from '../../domain/auto-renew';
import { priceCheckout } from '../../domain/checkout-pricing';
import { isDomainPlanId } from '../../domain/domain-names';
import { quoteTax } from '../../domain/gst';
import type { SellerDetails } from '../../domain/invoice';
import type { Plan } from '../../domain/plan';
import type { Quote } from '../../domain/pricing';
import { istDate } from '../../domain/renewals';
import { debitFailedMail, payLinkMail, preDebitNoticeMail } from '../../templates/mail/auto-renew';
import type { AutoRenewCycleRecord, AutoRenewStore, ServiceRef } from '../../ports/auto-renew';
import type { LogPort } from '../../ports/logger';
import type { Mailer } from '../../ports/mail';
import type { OrderRecord, OrdersStore } from '../../ports/orders';
import type { GatewayPayment, PaymentGateway } from '../../ports/payment-gateway';
import type { ServiceRecord } from '../../ports/services';
import type { UserRecord, UsersStore } from '../../ports/users';

export interface RunAutoRenewDeps {
  store: AutoRenewStore;
  users: Pick<UsersStore, 'getUser'>;
  plans: () => Promise<readonly Plan[]>;
  gateway: Pick<PaymentGateway, 'createOrder' | 'listOrderPayments' | 'createRecurringPayment'>;
  orders: Pick<OrdersStore, 'putOrder'>;
  mailer: Mailer;
  seller: () => SellerDetails;
  siteUrl: () => string;
  /** The signed one-click opt-out link for a service (opt-out-link.ts). */
  optOutUrl: (ref: ServiceRef) => Promise<string>;
  log: LogPort;
  /** The wall clock, for claim leases (a crashed run's claim lapses in real time). */
  clock: () => Date;
  leaseMs: number;
  concurrency?: number;
}

export interface AutoRenewRunSummary {
  read: number;
  notices: number;
  payLinks: number;
  debits: number;
  /** Debits that failed (now or since the last run) and were mailed. */
  failed: number;
  /** Services another run held, or with nothing to do. */
  skipped: number;
  /** Services whose step failed (Razorpay down, ...); the next run tries again. */
  errors: number;
}

export const AUTO_RENEW_CLAIM_LEASE_MS = 15 * 60 * 1000;
const DEFAULT_CONCURRENCY = 8;
/** A cycle that is over (paid, too late, a link sent) is looked at daily this long after its date. */
const WATCH_AFTER_RENEWAL_MS = 8 * 24 * 60 * 60 * 1000;

export async function runAutoRenew(
  deps: RunAutoRenewDeps,
  now: Date,
  runId: string,
): Promise<AutoRenewRunSummary> {
  const summary: AutoRenewRunSummary = {
    read: 0,
    notices: 0,
    payLinks: 0,
    debits: 0,
    failed: 0,
    skipped: 0,
    errors: 0,
  };
  const due: ServiceRecord[] = [];
  for await (const service of deps.store.listDue(now)) due.push(service);
  summary.read = due.length;
  let taken = 0;
  const worker = async () => {
    while (taken < due.length) {
      const service = due[taken++]!;
      try {
        await handle(deps, service, now, summary);
      } catch (error) {
        summary.errors += 1;
        deps.log.error('Auto-renew step failed; the next run tries again', {
          serviceId: service.serviceId,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: deps.concurrency ?? DEFAULT_CONCURRENCY }, worker));
  deps.log.info('Auto-renew job finished', { now: now.toISOString(), runId, ...summary });
  return summary;
}

async function handle(
  deps: RunAutoRenewDeps,
  service: ServiceRecord,
  now: Date,
  summary: AutoRenewRunSummary,
): Promise<void> {
  const ref: ServiceRef = { userId: service.userId, serviceId: service.serviceId };
  const record = service.autoRenew;
  if (!record?.enabled || !record.mandate || service.cancelledAt || service.endedAt) {
    await deps.store.reschedule(ref, undefined);
    return;
  }
  const mandate = record.mandate;
  const claim = await deps.store.claim(ref, service.renewalDate, deps.clock(), deps.leaseMs);
  if (claim.state !== 'claimed') {
    // Held by another run, or changed since the index was read (renewed, off): the holder or the
    // next run acts.
    summary.skipped += 1;
    return;
  }
  const renewalDate = new Date(service.renewalDate);
  let cycle: AutoRenewCycleRecord =
    record.cycle?.renewalDate === service.renewalDate
      ? structuredClone(record.cycle)
      : { renewalDate: service.renewalDate };
  try {
    // The buyer is read once: their billing state prices the renewal and their email gets the mail.
    const user = await deps.users.getUser(service.userId);
    if (!user?.email) throw new Error('No email on record for the buyer of a service');
    const priced = await renewalQuote(deps, service, user);
    const mailBase = {
      name: user.name,
      planId: service.planId,
      planName: service.planName,
      ...(service.domain ? { domain: service.domain } : {}),
      siteUrl: deps.siteUrl(),
    };

    // What became of the last debit (its webhook may be late or lost): read from Razorpay.
    if (cycle.orderId && !cycle.paidPaymentId) {
      cycle = await settleAttempts(
        deps,
        cycle,
        async (retrying) => {
          await mailDebitFailed(
            deps,
            user,
            service,
            cycle.orderAmountPaise ?? priced?.totalPaise ?? 0,
            retrying,
          );
          summary.failed += 1;
        },
        now,
        renewalDate,
      );
    }

    if (!priced) {
      deps.log.error('Service of a plan no longer in the catalog; no auto-renew', {
        serviceId: service.serviceId,
        planId: service.planId,
      });
      await deps.store.complete(ref, claim.token, cycle, undefined);
      return;
    }
    const amountPaise = priced.totalPaise;
    const action = planAutoRenew(
      {
        enabled: true,
        mandate: { status: mandate.status, maxAmountPaise: mandate.maxAmountPaise },
        renewalDate,
        amountPaise,
        cycle: domainCycle(cycle),
      },
      now,
    );
    switch (action.act) {
      case 'notice': {
        const debitOn = firstDebitAt(now).toISOString();
        await deps.mailer.send({
          to: user.email,
          ...preDebitNoticeMail({
            ...mailBase,
            mandateLabel: mandate.label,
            amountPaise,
            months: priced.months,
            debitOn,
            renewalDate: service.renewalDate,
            reference: referenceOf(service),
            optOutUrl: await deps.optOutUrl(ref),
          }),
          about: { userId: service.userId, kind: 'pre-debit-notice', ref: service.serviceId },
        });
        cycle = { ...cycle, noticeSentAt: now.toISOString(), noticeAmountPaise: amountPaise };
        summary.notices += 1;
        break;
      }
      case 'pay_link':
        await deps.mailer.send({
          to: user.email,
          ...payLinkMail({
            ...mailBase,
            amountPaise,
            renewalDate: service.renewalDate,
            limitPaise: debitLimitPaise(mandate),
          }),
          about: { userId: service.userId, kind: 'pay-link', ref: service.serviceId },
        });
        cycle = { ...cycle, payLinkSentAt: now.toISOString() };
        summary.payLinks += 1;
        break;
      case 'debit': {
        const debited = await debit(deps, ref, claim.token, service, user, cycle, priced, now);
        if (!debited) return; // the claim was lost: another run has the service
        cycle = debited.cycle;
        summary.debits += 1;
        if (debited.payment.status === 'failed') {
          cycle = await settleAttempts(
            deps,
            cycle,
            async (retrying) => {
              await mailDebitFailed(deps, user, service, amountPaise, retrying);
              summary.failed += 1;
            },
            now,
            renewalDate,
          );
        }
        break;
      }
      case 'none':
        summary.skipped += 1;
        break;
    }
    await deps.store.complete(
      ref,
      claim.token,
      cycle,
      nextDueAt(deps, service, cycle, amountPaise, now),
    );
  } catch (error) {
    await deps.store.release(ref, claim.token).catch(() => undefined);
    throw error;
  }
}

/** The failed-debit mail (with the pay link), for the job and for the payment.failed webhook. */
async function mailDebitFailed(
  deps: Pick<RunAutoRenewDeps, 'mailer' | 'siteUrl'>,
  user: Pick<UserRecord, 'email' | 'name'>,
  service: ServiceRecord,
  amountPaise: number,
  retrying: boolean,
): Promise<void> {
  await deps.mailer.send({
    to: user.email,
    ...debitFailedMail({
      name: user.name,
      planId: service.planId,
      planName: service.planName,
      ...(service.domain ? { domain: service.domain } : {}),
      siteUrl: deps.siteUrl(),
      mandateLabel: service.autoRenew?.mandate?.label ?? '',
      amountPaise,
      renewalDate: service.renewalDate,
      retrying,
    }),
    about: { userId: service.userId, kind: 'debit-failed', ref: service.serviceId },
  });
}

export type FailedDebitDeps = Pick<
  RunAutoRenewDeps,
  'store' | 'users' | 'mailer' | 'siteUrl' | 'log' | 'clock' | 'leaseMs'
>;

/**
 * Razorpay's payment.failed for one of the job's debits: the buyer is mailed at once (with the pay
 * link; the job tries again the next day), not at the next run. Still once per debit: the failed
 * payment's id goes on the cycle under the service's claim, and the job mails only failures not
 * on it. While a run holds the claim this throws, and Razorpay delivers the webhook again.
 */
export async function recordFailedDebit(
  deps: FailedDebitDeps,
  payment: GatewayPayment,
  now: Date,
): Promise<'mailed' | 'ignored'> {
  if (payment.status !== 'failed' || !payment.tokenId || !payment.orderId) return 'ignored';
  const ref = await deps.store.findByToken(payment.tokenId);
  const service = ref ? await deps.store.get(ref) : undefined;
  if (!ref || !service || !isUntoldFailure(service, payment)) return 'ignored';
  const claim = await deps.store.claim(ref, service.renewalDate, deps.clock(), deps.leaseMs);
  if (claim.state === 'held') throw new Error('An auto-renew run holds the service; retry later');
  if (claim.state !== 'claimed') return 'ignored';
  try {
    // Read again under the claim: a run may have told the buyer between the first read and it.
    const held = await deps.store.get(ref);
    if (!held || !isUntoldFailure(held, payment)) return 'ignored';
    const cycle = held.autoRenew!.cycle!;
    const user = await deps.users.getUser(held.userId);
    if (!user?.email) throw new Error('No email on record for the buyer of a service');
    const renewalDate = new Date(held.renewalDate);
    const retrying = nextIstDay(now).getTime() < renewalDate.getTime();
    await mailDebitFailed(
      deps,
      user,
      held,
      cycle.orderAmountPaise ?? payment.amountPaise,
      retrying,
    );
    const next: AutoRenewCycleRecord = {
      ...cycle,
      failedPaymentIds: [...(cycle.failedPaymentIds ?? []), payment.id],
    };
    if (next.inFlightPaymentId === payment.id) delete next.inFlightPaymentId;
    await deps.store.saveCycle(ref, claim.token, next);
    deps.log.info('Failed auto-renew debit mailed', { serviceId: ref.serviceId, retrying });
    return 'mailed';
  } finally {
    await deps.store.release(ref, claim.token);
  }
}

/** A failed payment on the order of the service's current cycle, not yet told to the buyer. */
function isUntoldFailure(service: ServiceRecord, payment: GatewayPayment): boolean {
  const cycle = service.autoRenew?.cycle;
  return (
    cycle !== undefined &&
    cycle.renewalDate === service.renewalDate &&
    cycle.orderId === payment.orderId &&
    !(cycle.failedPaymentIds ?? []).includes(payment.id)
  );
}

/**
 * Reads the order's payments: one captured or authorized is the renewal paid (the webhook renews
 * the service); one created is still in flight; each failed one not yet told is mailed once.
 */
async function settleAttempts(
  deps: RunAutoRenewDeps,
  cycle: AutoRenewCycleRecord,
  mailFailure: (retrying: boolean) => Promise<void>,
  now: Date,
  renewalDate: Date,
): Promise<AutoRenewCycleRecord> {
  if (!cycle.orderId) return cycle;
  const payments = await deps.gateway.listOrderPayments(cycle.orderId);
  const next: AutoRenewCycleRecord = { ...cycle };
  delete next.inFlightPaymentId;
  const paid = payments.find((p) => p.status !== 'failed' && p.status !== 'created');
  if (paid) {
    next.paidPaymentId = paid.id;
    return next;
  }
  const pending = payments.find((p) => p.status === 'created');
  if (pending) next.inFlightPaymentId = pending.id;
  const told = new Set(cycle.failedPaymentIds ?? []);
  const untold = payments.filter((p) => p.status === 'failed' && !told.has(p.id));
  if (untold.length) {
    await mailFailure(nextIstDay(now).getTime() < renewalDate.getTime());
    next.failedPaymentIds = [...told, ...untold.map((p) => p.id)];
  }
  return next;
}

/**
 * The one order for this service and renewal date (made and stored under the claim before any
 * payment), then one recurring payment on it, unless one is captured or in flight already.
 */
async function debit(
  deps: RunAutoRenewDeps,
  ref: ServiceRef,
  token: string,
  service: ServiceRecord,
  user: UserRecord,
  cycle: AutoRenewCycleRecord,
  priced: Quote,
  now: Date,
): Promise<{ cycle: AutoRenewCycleRecord; payment: GatewayPayment } | undefined> {
  const mandate = service.autoRenew!.mandate!;
  let next = { ...cycle };
  if (!next.orderId || next.orderAmountPaise !== priced.totalPaise) {
    const receipt = `ar_${randomBytes(12).toString('hex')}`;
    const order = await deps.gateway.createOrder({
      amountPaise: priced.totalPaise,
      currency: 'INR',
      receipt,
      notes: {
        userId: service.userId,
        planId: service.planId,
        months: String(priced.months),
        promoCode: '',
        domain: service.domain ?? '',
        autoRenew: service.renewalDate,
      },
    });
    const at = now.toISOString();
    const record: OrderRecord = {
      orderId: order.id,
      receipt,
      userId: service.userId,
      email: user.email,
      name: user.name,
      planId: service.planId,
      planName: service.planName,
      category: service.category,
      months: priced.months,
      quote: priced,
      amountPaise: priced.totalPaise,
      currency: 'INR',
      status: 'created',
      createdAt: at,
      updatedAt: at,
      seller: deps.seller(),
    };
    if (user.billing) record.billing = user.billing;
    if (priced.domain) {
      record.domain = priced.domain.name;
      record.years = priced.domain.years;
    } else if (service.domain) {
      record.domain = service.domain;
    }
    await deps.orders.putOrder(record);
    next = { ...next, orderId: order.id, orderAmountPaise: priced.totalPaise };
    // Stored before any payment is made on it: a crash after the payment finds it here.
    if (!(await deps.store.saveCycle(ref, token, next))) return undefined;
  }
  const orderId = next.orderId!;
  const earlier = await deps.gateway.listOrderPayments(orderId);
  const standing = earlier.find((p) => p.status !== 'failed');
  if (standing) {
    return {
      cycle: {
        ...next,
        ...(standing.status === 'created'
          ? { inFlightPaymentId: standing.id }
          : { paidPaymentId: standing.id }),
      },
      payment: standing,
    };
  }
  const payment = await deps.gateway.createRecurringPayment({
    orderId,
    customerId: mandate.customerId,
    tokenId: mandate.tokenId,
    amountPaise: priced.totalPaise,
    email: user.email,
    contact: user.phone || '+919000090000',
    description: `Renewal of ${service.planName} for ${service.renewalDate.slice(0, 10)}`,
    notes: { serviceId: service.serviceId, renewalDate: service.renewalDate },
  });
  next = { ...next, lastAttemptAt: now.toISOString() };
  if (payment.status === 'created') next.inFlightPaymentId = payment.id;
  else if (payment.status !== 'failed') next.paidPaymentId = payment.id;
  return { cycle: next, payment };
}

/** When the job next looks at the service. */
function nextDueAt(
  deps: RunAutoRenewDeps,
  service: ServiceRecord,
  cycle: AutoRenewCycleRecord,
  amountPaise: number,
  now: Date,
): string | undefined {
  const renewalDate = new Date(service.renewalDate);
  const mandate = service.autoRenew!.mandate!;
  const after = planAutoRenew(
    {
      enabled: true,
      mandate: { status: mandate.status, maxAmountPaise: mandate.maxAmountPaise },
      renewalDate,
      amountPaise,
      cycle: domainCycle(cycle),
    },
    now,
  );
  if (after.act !== 'none') return nextIstDay(now).toISOString();
  if (after.nextAt) return after.nextAt.toISOString();
  // Over for this date (paid, too late, a link sent): looked at daily until the renewal date
  // moves (renewed: the next date's notice is then scheduled) or a week after it passed.
  if (now.getTime() < renewalDate.getTime() + WATCH_AFTER_RENEWAL_MS) {
    return nextIstDay(now).toISOString();
  }
  deps.log.info('Auto-renew cycle over; the service leaves the job until it is renewed', {
    serviceId: service.serviceId,
  });
  return undefined;
}

function domainCycle(cycle: AutoRenewCycleRecord): AutoRenewCycle {
  const out: AutoRenewCycle = {};
  if (cycle.noticeSentAt) out.noticeSentAt = new Date(cycle.noticeSentAt);
  if (cycle.noticeAmountPaise !== undefined) out.noticeAmountPaise = cycle.noticeAmountPaise;
  if (cycle.payLinkSentAt) out.payLinkSentAt = new Date(cycle.payLinkSentAt);
  if (cycle.lastAttemptAt) out.lastAttemptAt = new Date(cycle.lastAttemptAt);
  if (cycle.inFlightPaymentId) out.inFlight = true;
  if (cycle.paidPaymentId) out.paid = true;
  return out;
}

/** The buyer's reference for this debit: the renewal date and the end of the service id. */
export function referenceOf(service: { serviceId: string; renewalDate: string }): string {
  const tail = service.serviceId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-6)
    .toUpperCase();
  return `AR-${istDate(new Date(service.renewalDate))}-${tail}`;
}

/** The service's period at the renewal price, GST included (autoRenewPriceRequest); undefined: no such plan. */
async function renewalQuote(
  deps: RunAutoRenewDeps,
  service: ServiceRecord,
  user: UserRecord,
): Promise<Quote | undefined> {
  const plans = await deps.plans();
  if (!plans.some((p) => p.id === service.planId)) return undefined;
  const quote = priceCheckout(
    plans,
    autoRenewPriceRequest({ ...service, isDomain: isDomainPlanId(service.planId) }),
  );
  if (user.billing) quote.tax = quoteTax(quote, user.billing.state, deps.seller().state);
  return quote;
}
