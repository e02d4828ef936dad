/**
 * Where a service stands in its renewal life, as the services table keeps it for the daily job
 * (lambdas/domain/renewals.ts has the rules of the steps themselves).
 *
 * - `nextDueAt`: when the service's next renewal step falls due. A sparse index keyed by it (in
 *   `dueShard` partitions) lets the job read only the services due, never the whole table. A
 *   service with nothing left to do carries none and drops out of the index.
 * - `renewalDone`: the steps done (sent, or skipped as overtaken), each as `renewalDate|step`, so
 *   a step is done once per renewal date and a new renewal date starts with none done.
 *
 * Every write that changes a service's renewal date also sets `nextDueAt` from it
 * (renewalScheduleFor): a renewal resets the reminders for the new date.
 */
import { isDomainPlanId } from './domain-names';
import type { Category } from './plan';
import { deliveryModeOf } from './provisioning';
import { dueAt, RENEWAL_STEPS, type RenewalStep } from './renewals';

/**
 * Partitions of the due-date index. Every active service is in the index; spreading it over a few
 * partition keys keeps purchases from writing to one hot index partition. The job reads each.
 */
export const DUE_SHARDS = 8;

/** FNV-1a, 32 bits: a stable, even spread of service ids over the shards. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function dueShardOf(serviceId: string): string {
  return `due-${fnv1a(serviceId) % DUE_SHARDS}`;
}

export const ALL_DUE_SHARDS: readonly string[] = Array.from(
  { length: DUE_SHARDS },
  (_, i) => `due-${i}`,
);

/**
 * What a write of a new renewal date also writes: the service's first step for that date. A
 * payment made at `paidAt` starts with the first step due after it (#26): a month's plan bought
 * today is not told "expires in 30 days" the day it is paid for; the reminders it outran are
 * skipped as overtaken when the job reaches its next one.
 */
export function renewalScheduleFor(
  serviceId: string,
  renewalDate: string,
  paidAt?: string,
): { dueShard: string; nextDueAt: string } {
  return {
    dueShard: dueShardOf(serviceId),
    nextDueAt: firstStepAfter(renewalDate, paidAt).toISOString(),
  };
}

/** A reminder due this soon after a payment is not sent: the buyer has just paid (#26). */
export const QUIET_AFTER_PAYMENT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * When the first renewal step after a payment made at `paidAt` falls due: a reminder only once a
 * week has passed since the payment (a month bought on the 15th is not told "expires in 30 days"
 * the next morning), the expiry and suspension whenever they fall.
 */
export function firstStepAfter(renewalDate: string, paidAt?: string): Date {
  const renewal = new Date(renewalDate);
  const paid = paidAt === undefined ? Number.NEGATIVE_INFINITY : Date.parse(paidAt);
  const first = RENEWAL_STEPS.find((step) => {
    const due = dueAt(step, renewal).getTime();
    return step.startsWith('reminder_') ? due > paid + QUIET_AFTER_PAYMENT_MS : due > paid;
  });
  return dueAt(first ?? 'expired', renewal);
}

/**
 * Whether the dashboard says "Expires soon" (#26): an active service from its first renewal
 * reminder on, the same moment its buyer is first mailed: 30 days before the renewal date, or for
 * a period bought with less time than that (a month), its first reminder after the payment. A month
 * bought today does not read "Expires soon" the day it is bought.
 */
export function expiresSoon(
  service: { status: string; renewalDate: string; lastPaidAt?: string },
  now: Date,
): boolean {
  if (service.status !== 'active') return false;
  return now.getTime() >= firstStepAfter(service.renewalDate, service.lastPaidAt).getTime();
}

/** The key a step is done under: one per service, renewal date and step. */
export function stepKey(renewalDate: string, step: RenewalStep): string {
  return `${renewalDate}|${step}`;
}

/** The steps done for `renewalDate`, from the keys kept on the service. */
export function stepsDoneFor(
  renewalDate: string,
  done: Iterable<string> | undefined,
): RenewalStep[] {
  const keys = new Set(done ?? []);
  return RENEWAL_STEPS.filter((step) => keys.has(stepKey(renewalDate, step)));
}

/** Only a service with an account on the panel is suspended (D17): hosting and bundles. */
export function isSuspendable(category: Category): boolean {
  return deliveryModeOf(category) === 'panel';
}

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** India's calendar day number of an instant (days since 1970-01-01 IST). */
function istDayNumber(instant: Date): number {
  return Math.floor((instant.getTime() + IST_OFFSET_MS) / DAY_MS);
}

/**
 * Whole days from today to the renewal date, as a buyer in India counts them on a calendar: 1 on
 * the day before it (the day the "expires tomorrow" mail goes out), 0 on the day itself and after.
 */
export function daysLeft(renewalDate: string | Date, now: Date): number {
  const renewal = new Date(renewalDate);
  if (renewal.getTime() <= now.getTime()) return 0;
  return Math.max(0, istDayNumber(renewal) - istDayNumber(now));
}

/**
 * Where Renew goes (the dashboard and every renewal mail): checkout for that service. The server
 * prices a plan the buyer holds as a renewal whatever the link says; `renew=1` lets the page show
 * the renewal price before it knows who is buying.
 */
export function renewalCheckoutPath(service: {
  planId: string;
  domain?: string;
  /** The period the buyer renews for (their own, in the mails); checkout's default without it. */
  months?: number;
}): string {
  const query = new URLSearchParams({ plan: service.planId, renew: '1' });
  if (service.domain) query.set('domain', service.domain);
  // A domain renews by the year (checkout asks years); any other plan for the buyer's period.
  if (service.months !== undefined && !isDomainPlanId(service.planId)) {
    query.set('months', String(service.months));
  }
  return `/checkout?${query.toString()}`;
}

type PaidPeriods = Readonly<
  Record<string, { months: number; renewalDate: string; refundedAt?: string }>
>;

/** The months of the service's latest paid period (not refunded); 12 when none is known. */
export function latestPaidMonths(periods: PaidPeriods | undefined): number {
  const latest = Object.values(periods ?? {})
    .filter((p) => !p.refundedAt)
    .sort((a, b) => a.renewalDate.localeCompare(b.renewalDate))
    .at(-1);
  return latest?.months ?? 12;
}

/**
 * The period a renewal is for, as the buyer bought it (#26, D25): the months of the service's
 * latest paid period (a monthly buyer renews a month, at its own price), 12 when none is known.
 * A domain renews by the year.
 */
export function renewalMonthsOf(service: {
  category: string;
  periods?: PaidPeriods;
}): 1 | 12 | 24 | 36 {
  if (service.category === 'domain') return 12;
  const months = latestPaidMonths(service.periods);
  return months === 1 || months === 12 || months === 24 || months === 36 ? months : 12;
}

/**
 * The plan a renewal is for (D26): a smaller plan chosen for the renewal date is the one renewed
 * (and quoted, and debited by auto-renew), from that date on; else the service's plan.
 */
export function renewalPlanOf(service: {
  planId: string;
  planName: string;
  renewalDate: string;
  pendingPlan?: { planId: string; planName: string; from: string };
}): { planId: string; planName: string } {
  const pending = service.pendingPlan;
  if (pending && Date.parse(pending.from) <= Date.parse(service.renewalDate)) {
    return { planId: pending.planId, planName: pending.planName };
  }
  return { planId: service.planId, planName: service.planName };
}
