/**
 * Plan changes (docs/decisions.md D26), the pure arithmetic of an upgrade now: what the unused
 * part of the current period is worth, what the new plan costs for the same remaining days, and
 * the difference with its GST. All integers in paise, halves rounded up; days are India's
 * calendar days from the day of the change to the renewal date, which stays. Time is an input.
 *
 *   credit  = round(paid taxable of the current period × remaining days ÷ days of the period)
 *   charge  = round(the new plan's price for the same months, same duration discount, no promo,
 *                   × remaining days ÷ days of the period)
 *   taxable = charge − credit;  GST = round(18% of taxable) (split as D10 on the invoice)
 *
 * Worked example: Basic Hosting, 12 months bought for ₹29,988 taxable, upgraded to Premium
 * Hosting (₹47,988 for 12 months) 100 days later, 265 of 365 days left: credit ₹21,772.11,
 * charge ₹34,840.60, taxable ₹13,068.49, GST ₹2,352.33, total ₹15,420.82.
 */
import { bundleDowngradeRefusal, type BundlePartChange } from './bundle-parts';
import { CATALOG } from './catalog';
import { DomainError, PlanNotFoundError } from './errors';
import type { PlanChangeFacts } from './ledger';
import type { ServiceState } from './lifecycle';
import { assertPaise, percentOf, type Paise } from './money';
import type { Category, Plan } from './plan';
import { FEE_PERCENT, parseMonths, quote, type Quote } from './pricing';

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** India's calendar day number of an instant (days since 1970-01-01 IST). */
function istDay(instant: Date): number {
  return Math.floor((instant.getTime() + IST_OFFSET_MS) / DAY_MS);
}

/** round(amount × numerator ÷ denominator), halves up, in whole integers (no float drift). */
function prorate(amount: Paise, numerator: number, denominator: number): Paise {
  return Math.floor((2 * amount * numerator + denominator) / (2 * denominator));
}

export interface UpgradeInput {
  /** What the current period's payment paid before GST. */
  paidTaxablePaise: Paise;
  /** The current period: when it began and the renewal date (which stays). */
  periodStart: Date;
  renewalDate: Date;
  /** The new plan's price before GST for the period's months, its duration discount, no promo. */
  newPlanTaxablePaise: Paise;
  /** When the change is made. */
  at: Date;
}

export interface UpgradeQuote {
  remainingDays: number;
  periodDays: number;
  creditPaise: Paise;
  chargePaise: Paise;
  taxablePaise: Paise;
  gstPaise: Paise;
  totalPaise: Paise;
}

export class PlanChangeWindowError extends RangeError {
  override readonly name = 'PlanChangeWindowError';
}

/** The upgrade's quote at `at` (D26). Refused once the period has no day left to change. */
export function prorateUpgrade(input: UpgradeInput): UpgradeQuote {
  assertPaise(input.paidTaxablePaise, 'paid taxable');
  assertPaise(input.newPlanTaxablePaise, 'new plan taxable');
  const periodDays = istDay(input.renewalDate) - istDay(input.periodStart);
  const remainingDays = istDay(input.renewalDate) - istDay(input.at);
  if (periodDays <= 0) throw new PlanChangeWindowError('The period has no days.');
  if (remainingDays <= 0 || input.at.getTime() >= input.renewalDate.getTime()) {
    throw new PlanChangeWindowError('The period ends today: change the plan at the renewal.');
  }
  if (remainingDays > periodDays || input.at.getTime() < input.periodStart.getTime()) {
    throw new PlanChangeWindowError('The change is dated before the period began.');
  }
  const creditPaise = prorate(input.paidTaxablePaise, remainingDays, periodDays);
  const chargePaise = prorate(input.newPlanTaxablePaise, remainingDays, periodDays);
  const taxablePaise = chargePaise - creditPaise;
  if (taxablePaise < 0) {
    throw new PlanChangeWindowError('A plan that costs less is a downgrade, made at the renewal.');
  }
  const gstPaise = percentOf(taxablePaise, FEE_PERCENT);
  return {
    remainingDays,
    periodDays,
    creditPaise,
    chargePaise,
    taxablePaise,
    gstPaise,
    totalPaise: taxablePaise + gstPaise,
  };
}

// ---------------------------------------------------------------------------------------------
// The checkout's quote for a change (D26): which changes are allowed, and the Quote it prices.

/** What the quote of a change adds to the usual Quote (CONTRACT: round 3, plan change quote). */
export interface PlanChangeTerms {
  fromPlanId: string;
  fromPlanName: string;
  creditPaise: Paise;
  chargePaise: Paise;
  remainingDays: number;
  periodDays: number;
  /** The renewal date, which stays. ISO-8601. */
  renewalDate: string;
  /** What the buyer pays from the renewal date on, with GST: the new plan's renewal price. */
  renewalTotalPaise: Paise;
  /** A bundle's change (D24): each part that moves or is added, hosting first. */
  parts?: BundlePartChange[];
}

/** A change the rules do not allow (same plan, a lower plan now, another category, a domain). */
export class InvalidPlanChangeError extends DomainError {
  override readonly name = 'InvalidPlanChangeError';
  readonly code = 'invalid_plan_change';
}

/** The service cannot change plan now (suspended, ended, still being set up, paid ahead). */
export class ServiceNotChangeableError extends DomainError {
  override readonly name = 'ServiceNotChangeableError';
  readonly code = 'service_not_changeable';
}

/** The quote the buyer saw is no longer the price: the days left changed at midnight IST. */
export class PlanChangeQuoteExpiredError extends DomainError {
  override readonly name = 'PlanChangeQuoteExpiredError';
  readonly code = 'quote_expired';
  constructor(readonly remainingDays: number) {
    super(
      `The price of this change was worked out for a different day; it is now for ${remainingDays} days. Please look at the new price and pay again.`,
    );
  }
}

export interface PlanChangeRequest {
  /** The catalog. */
  plans: readonly Plan[];
  /** The service as it is now: its plan and its state (D22). */
  service: { planId: string; planName: string; category: Category; state: ServiceState };
  /** The current period: when it started, its renewal date and its months. */
  period: { startDate: string; renewalDate: string; months: number };
  /** What the period's own payment paid before GST, and whether it was priced as a renewal. */
  paidTaxablePaise: Paise;
  renewal: boolean;
  /** Plan changes already paid within this period (their differences are credited too). */
  changesInPeriod: readonly Pick<PlanChangeFacts, 'taxablePaise' | 'remainingDays'>[];
  /** Paid time queued after this period (an early renewal): the change is refused. */
  paidBeyond: boolean;
  toPlanId: string;
  /** The remaining days the quote the buyer saw said, if any: a different number is stale. */
  quotedRemainingDays?: number;
  at: Date;
}

/**
 * The quote of an upgrade now (D26), in the Quote shape: its subtotal is the difference
 * (charge − credit), its fee the GST on it, and `change` says how it was worked out. The months
 * are the period's; the renewal date stays.
 */
export function quotePlanChange(request: PlanChangeRequest): Quote & { change: PlanChangeTerms } {
  const { service, plans } = request;
  const from = plans.find((p) => p.id === service.planId);
  const to = plans.find((p) => p.id === request.toPlanId);
  if (!to) throw new PlanNotFoundError(request.toPlanId);
  if (!from) throw new PlanNotFoundError(service.planId);
  if (service.category === 'domain') throw new InvalidPlanChangeError(DOMAIN_CHANGES_AT_RENEWAL);
  if (to.category !== service.category) {
    throw new InvalidPlanChangeError(
      `${to.name} is not a ${categoryWord(service.category)} plan: a plan changes only to another plan of the same kind. Buy it as a new service instead.`,
    );
  }
  if (to.id === from.id) {
    throw new InvalidPlanChangeError(`You are on ${from.name} already.`);
  }
  if (to.monthlyPricePaise <= from.monthlyPricePaise) {
    throw new InvalidPlanChangeError(
      `${to.name} costs less than ${from.name}: a move to a smaller plan takes effect at your renewal, never now. Choose it as a change at renewal.`,
    );
  }
  if (service.state !== 'active') {
    throw new ServiceNotChangeableError(
      service.state === 'setting_up'
        ? 'This service is still being set up. You can change its plan once it is ready.'
        : 'This service is not active, so its plan cannot change. Renew it first, or buy the plan as a new service.',
    );
  }
  if (request.paidBeyond) {
    throw new ServiceNotChangeableError(
      'This service has a renewal paid ahead. Its plan can change once that renewal has begun.',
    );
  }
  const months = parseMonths(request.period.months);
  const newPrice = quote(to, months, null, { renewal: request.renewal });
  let upgrade: UpgradeQuote;
  try {
    upgrade = prorateUpgrade({
      paidTaxablePaise: request.paidTaxablePaise,
      periodStart: new Date(request.period.startDate),
      renewalDate: new Date(request.period.renewalDate),
      newPlanTaxablePaise: newPrice.subtotalPaise,
      at: request.at,
    });
  } catch (error) {
    if (!(error instanceof PlanChangeWindowError)) throw error;
    throw new ServiceNotChangeableError(
      'Your service renews today: choose the new plan when you renew.',
    );
  }
  // Differences paid for earlier changes in this period are credited for the same days left.
  const earlier = request.changesInPeriod.reduce(
    (sum, c) => sum + prorate(c.taxablePaise, upgrade.remainingDays, Math.max(1, c.remainingDays)),
    0,
  );
  const creditPaise = upgrade.creditPaise + earlier;
  const taxablePaise = upgrade.chargePaise - creditPaise;
  if (taxablePaise < 0) {
    throw new InvalidPlanChangeError(
      `${to.name} costs less than what is left of your plan: a move to it takes effect at your renewal.`,
    );
  }
  if (
    request.quotedRemainingDays !== undefined &&
    request.quotedRemainingDays !== upgrade.remainingDays
  ) {
    throw new PlanChangeQuoteExpiredError(upgrade.remainingDays);
  }
  const feePaise = percentOf(taxablePaise, FEE_PERCENT);
  const renewalPrice = quote(to, months, null, { renewal: true });
  return {
    planId: to.id,
    planName: to.name,
    months,
    monthlyPricePaise: to.monthlyPricePaise,
    // The invoice is for the difference (D26): its base is the difference, with no discount.
    basePaise: taxablePaise,
    durationDiscountPercent: 0,
    durationDiscountPaise: 0,
    promo: null,
    subtotalPaise: taxablePaise,
    feePercent: FEE_PERCENT,
    feePaise,
    totalPaise: taxablePaise + feePaise,
    renewal: false,
    change: {
      fromPlanId: from.id,
      fromPlanName: from.name,
      creditPaise,
      chargePaise: upgrade.chargePaise,
      remainingDays: upgrade.remainingDays,
      periodDays: upgrade.periodDays,
      renewalDate: request.period.renewalDate,
      renewalTotalPaise: renewalPrice.totalPaise,
    },
  };
}

/** Why a domain's tier never changes "now" (D26, #29): the registry sells it by the year. */
export const DOMAIN_CHANGES_AT_RENEWAL =
  'A domain changes tier at its renewal, never now: its registry year is bought by the year. Choose the new tier for your renewal from Change plan.';

function categoryWord(category: Category): string {
  return category === 'vps' ? 'VPS' : category;
}

// ---------------------------------------------------------------------------------------------
// A smaller plan at the renewal (D26): chosen any time, in force from the renewal date, no refund.

/** The plan a service is on at `now`: a smaller plan chosen for the renewal once its day came. */
export function planInForce(
  service: {
    planId: string;
    planName: string;
    pendingPlan?: { planId: string; planName: string; from: string };
  },
  now: Date,
): { planId: string; planName: string } {
  const pending = service.pendingPlan;
  if (pending && now.getTime() >= Date.parse(pending.from)) {
    return { planId: pending.planId, planName: pending.planName };
  }
  return { planId: service.planId, planName: service.planName };
}

/**
 * The plan a service may move to at its renewal (D26), or a sentence why not: only within the
 * category, only a plan that costs less (a larger one is bought now), never a VPS whose disk
 * would shrink, never an ended service. A domain may move to any other domain tier, larger or
 * smaller (#29): its year is bought by the year, so every tier change waits for the renewal.
 */
export function downgradeTarget(
  plans: readonly Plan[],
  service: { planId: string; category: Category; state: ServiceState },
  toPlanId: string,
): Plan {
  const from = plans.find((p) => p.id === service.planId);
  const to = plans.find((p) => p.id === toPlanId);
  if (!to) throw new PlanNotFoundError(toPlanId);
  if (!from) throw new PlanNotFoundError(service.planId);
  if (service.state === 'ended' || service.state === 'removed') {
    throw new ServiceNotChangeableError('This service has ended, so its plan cannot change.');
  }
  if (to.category !== service.category) {
    throw new InvalidPlanChangeError(
      `${to.name} is not a ${categoryWord(service.category)} plan: a plan changes only to another plan of the same kind.`,
    );
  }
  if (to.id === from.id) throw new InvalidPlanChangeError(`You are on ${from.name} already.`);
  if (service.category === 'domain') return to;
  if (to.monthlyPricePaise >= from.monthlyPricePaise) {
    throw new InvalidPlanChangeError(
      `${to.name} is not smaller than ${from.name}: a move to a larger plan is made now, with the difference for the days left.`,
    );
  }
  const fromDisk = from.specs?.ssdGb;
  const toDisk = to.specs?.ssdGb;
  if (
    service.category === 'vps' &&
    fromDisk !== undefined &&
    toDisk !== undefined &&
    toDisk < fromDisk
  ) {
    throw new InvalidPlanChangeError(
      `A VPS disk can grow but never shrink, so ${from.name} (${fromDisk} GB) cannot move to ${to.name} (${toDisk} GB). To pay less, buy ${to.name} as a new service, move your data, then cancel this one.`,
    );
  }
  // A bundle's VPS part is held to the same rule (D24): never shrunk, never taken away.
  const bundleRefusal =
    service.category === 'bundle' ? bundleDowngradeRefusal(from.id, to.id, CATALOG) : undefined;
  if (bundleRefusal) throw new InvalidPlanChangeError(bundleRefusal);
  return to;
}
