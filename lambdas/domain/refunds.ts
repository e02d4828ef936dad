/**
 * The 30-day money-back guarantee (docs/decisions.md D6, D16), as pure rules: what a payment
 * refunds, until when, and what a cancellation leaves of the service. Time is an input, never
 * read here.
 *
 * - Hosting, VPS and storage: everything paid. A bundle: everything paid less its domain's
 *   registration, ₹999 + 18% GST = ₹1,178.82. Domains: not refundable.
 * - A payment is refundable until the end of the 30th day after it, by India's calendar: paid on
 *   1 November (any hour), refundable all of 1 December, not on 2 December.
 * - Cancelling a service refunds every payment of it still inside its 30 days; the time those
 *   payments bought is taken back. What an earlier payment (outside its 30 days, so not refunded)
 *   paid for stays the buyer's: a cancelled renewal returns the service to its previous renewal
 *   date. When nothing paid reaches beyond the moment of cancelling, the service ends at once.
 */
import { ledgerOf, type LedgerEntry } from './ledger';
import type { Paise } from './money';
import { percentOf } from './money';
import type { Category } from './plan';
import { FEE_PERCENT } from './pricing';

export const MONEY_BACK_DAYS = 30;

/** The registration a bundle includes, before GST (the .com price a bundle's domain is bought at). */
export const BUNDLE_DOMAIN_REGISTRATION_PAISE: Paise = 99_900;

/** What a bundle's refund keeps back: the registration with its GST, ₹1,178.82. */
export const BUNDLE_DOMAIN_DEDUCTION_PAISE: Paise =
  BUNDLE_DOMAIN_REGISTRATION_PAISE + percentOf(BUNDLE_DOMAIN_REGISTRATION_PAISE, FEE_PERCENT);

/** Razorpay refunds no less than ₹1. */
export const MIN_REFUND_PAISE: Paise = 100;

export type RefundRefusal = 'not_refundable' | 'refund_window_closed';

export interface RefundAmount {
  paidPaise: Paise;
  /** What is kept back, with its label for the buyer; 0 when nothing is. */
  deductionPaise: Paise;
  deductionLabel?: string;
  refundPaise: Paise;
}

/** Whether a category is covered by the guarantee at all. */
export function isRefundableCategory(category: Category): boolean {
  return category !== 'domain';
}

/**
 * What a payment of `paidPaise` for a plan of `category` gives back (D16); undefined when nothing
 * does: a domain, or a payment too small to leave ₹1 after the bundle's domain.
 */
export function refundAmountFor(
  category: Category,
  paidPaise: Paise,
  /** False when the bundle's domain was never registered (D6, D24): nothing is kept back for it. */
  bundleDomainRegistered = true,
): RefundAmount | undefined {
  if (!Number.isSafeInteger(paidPaise) || paidPaise < 0) {
    throw new RangeError(`paid must be a whole number of paise, got ${paidPaise}`);
  }
  if (!isRefundableCategory(category)) return undefined;
  const deductionPaise =
    category === 'bundle' && bundleDomainRegistered ? BUNDLE_DOMAIN_DEDUCTION_PAISE : 0;
  const refundPaise = paidPaise - deductionPaise;
  if (refundPaise < MIN_REFUND_PAISE) return undefined;
  return {
    paidPaise,
    deductionPaise,
    ...(deductionPaise > 0 ? { deductionLabel: 'Domain registration' } : {}),
    refundPaise,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * The last instant a payment made at `paidAt` can be refunded: the end of the 30th day after the
 * payment's day in India (23:59:59.999 IST).
 */
export function refundableUntil(paidAt: Date | string): Date {
  const time = new Date(paidAt).getTime();
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${String(paidAt)}`);
  const istDay = Math.floor((time + IST_OFFSET_MS) / DAY_MS);
  return new Date((istDay + MONEY_BACK_DAYS + 1) * DAY_MS - IST_OFFSET_MS - 1);
}

export function isWithinWindow(paidAt: Date | string, now: Date): boolean {
  return now.getTime() <= refundableUntil(paidAt).getTime();
}

/**
 * One payment's period of a service, as far as refunds need it: its entry on the service's
 * ledger (lambdas/domain/ledger.ts), `refundedAt` once taken back by a refund (ours or one made
 * in Razorpay).
 */
export type RefundablePeriod = LedgerEntry;

export interface PlannedRefund extends RefundAmount {
  purchaseId: string;
  paymentId: string;
  paidAt: string;
  refundableUntil: string;
}

export interface ServiceAfterRefunds {
  /** The end of what is still paid for, or the moment of cancelling when nothing is. */
  renewalDate: string;
  /** Nothing paid reaches beyond now: the service ends at once. */
  ends: boolean;
}

export type CancellationPlan =
  | { kind: 'refused'; reason: RefundRefusal }
  | { kind: 'refund'; refunds: PlannedRefund[]; after: ServiceAfterRefunds };

/**
 * What cancelling a service now does: the payments it refunds (newest first) and the service's
 * renewal date afterwards.
 * - `requested`: payments a cancellation recorded before (a repeat, or a retry after a crash):
 *   always part of the plan, whatever the time now, so a repeat gives the same answer.
 * - `refundedOutsidePaise`: what Razorpay already gave back of each payment, outside the store
 *   (its dashboard): only the rest is refunded.
 * - Refused with `not_refundable` for a domain (or when no payment leaves ₹1 to refund), with
 *   `refund_window_closed` when every payment is past its 30 days.
 */
export function planCancellation(input: {
  category: Category;
  periods: readonly RefundablePeriod[];
  requested?: ReadonlySet<string>;
  refundedOutsidePaise?: ReadonlyMap<string, Paise>;
  now: Date;
  /**
   * A domain that could not be registered (taken before we registered it, D23): it was never the
   * buyer's, so every payment for it comes back in full, whatever the window.
   */
  unregisteredDomain?: boolean;
  /**
   * A bundle whose domain part was never registered (no name chosen, not registered yet, or taken
   * meanwhile): a domain registration is non-refundable only once registered (D6), so nothing is
   * kept back for it.
   */
  bundleDomainUnregistered?: boolean;
}): CancellationPlan {
  const { category, now } = input;
  const unregistered = category === 'domain' && input.unregisteredDomain === true;
  if (!isRefundableCategory(category) && !unregistered) {
    return { kind: 'refused', reason: 'not_refundable' };
  }
  const requested = input.requested ?? new Set<string>();
  const open = input.periods.filter((p) => !p.refundedAt || requested.has(p.purchaseId));
  const refunds: PlannedRefund[] = [];
  let inWindow = 0;
  for (const period of open) {
    const again = requested.has(period.purchaseId);
    const within = unregistered || isWithinWindow(period.purchaseDate, now);
    if (!again && !within) continue;
    inWindow += 1;
    const outside = input.refundedOutsidePaise?.get(period.paymentId) ?? 0;
    const left = Math.max(0, period.amountPaise - outside);
    const amount = unregistered
      ? left >= MIN_REFUND_PAISE
        ? { paidPaise: left, deductionPaise: 0, refundPaise: left }
        : undefined
      : refundAmountFor(category, left, input.bundleDomainUnregistered !== true);
    if (!amount) continue;
    refunds.push({
      ...amount,
      // What was paid, as the buyer reads it; the amount refunded already counts what came back.
      paidPaise: period.amountPaise,
      purchaseId: period.purchaseId,
      paymentId: period.paymentId,
      paidAt: period.purchaseDate,
      refundableUntil: refundableUntil(period.purchaseDate).toISOString(),
    });
  }
  if (refunds.length === 0) {
    return { kind: 'refused', reason: inWindow > 0 ? 'not_refundable' : 'refund_window_closed' };
  }
  refunds.sort((a, b) => b.paidAt.localeCompare(a.paidAt));
  return {
    kind: 'refund',
    refunds,
    after: serviceAfterWithdrawal(input.periods, new Set(refunds.map((r) => r.purchaseId)), now),
  };
}

/**
 * The service once the periods of `withdraw` are taken back too (lambdas/domain/ledger.ts): it
 * renews when what is still paid ends, the later periods having moved up, and ends now when
 * nothing paid reaches beyond `now`.
 */
export function serviceAfterWithdrawal(
  periods: readonly RefundablePeriod[],
  withdraw: ReadonlySet<string>,
  now: Date,
): ServiceAfterRefunds {
  const { paidUntil } = ledgerOf(periods, withdraw);
  if (paidUntil === undefined) return { renewalDate: now.toISOString(), ends: true };
  return { renewalDate: paidUntil, ends: new Date(paidUntil).getTime() <= now.getTime() };
}

/**
 * What the dashboard offers on a service card: the amount a cancellation now would refund and
 * until when the guarantee holds; undefined when Cancel would be refused.
 */
export interface CancellationOffer {
  refundableUntil: string;
  refundablePaise: Paise;
  /** Set when the service outlives the cancellation: the renewal date it returns to. */
  runsUntil?: string;
}

export function cancellationOffer(input: {
  category: Category;
  periods: readonly RefundablePeriod[];
  refundedOutsidePaise?: ReadonlyMap<string, Paise>;
  now: Date;
  bundleDomainUnregistered?: boolean;
}): CancellationOffer | undefined {
  const plan = planCancellation(input);
  if (plan.kind !== 'refund') return undefined;
  const until = plan.refunds
    .map((r) => r.refundableUntil)
    .reduce((latest, u) => (u > latest ? u : latest));
  return {
    refundableUntil: until,
    refundablePaise: plan.refunds.reduce((sum, r) => sum + r.refundPaise, 0),
    ...(plan.after.ends ? {} : { runsUntil: plan.after.renewalDate }),
  };
}

/**
 * A service's status with cancellations (D4, D16): cancelled once a cancellation ended it and no
 * payment since has given it time again.
 */
export function isCancelled(service: { renewalDate: string; cancelledAt?: string }): boolean {
  return (
    service.cancelledAt !== undefined &&
    new Date(service.renewalDate).getTime() <= new Date(service.cancelledAt).getTime()
  );
}

/**
 * The receipt a store refund carries to Razorpay (at most 40 characters): derived from the
 * payment, so that a refund made before a crash is found again by it; a retry after Razorpay
 * reported a refund failed is a new attempt with its own receipt.
 */
export function refundReceipt(paymentId: string, attempt: number): string {
  if (!Number.isSafeInteger(attempt) || attempt < 1) {
    throw new RangeError(`a refund attempt counts from 1, got ${attempt}`);
  }
  const receipt = `refund:${paymentId}${attempt > 1 ? `:${attempt}` : ''}`;
  if (receipt.length > 40) throw new RangeError(`receipt ${receipt} is over 40 characters`);
  return receipt;
}

/** The payment and attempt a receipt of ours names; undefined for any other receipt. */
export function parseRefundReceipt(
  receipt: string | null | undefined,
): { paymentId: string; attempt: number } | undefined {
  const match = /^refund:(pay_[A-Za-z0-9]+)(?::([1-9]\d{0,2}))?$/.exec(receipt ?? '');
  if (!match?.[1]) return undefined;
  return { paymentId: match[1], attempt: match[2] ? Number(match[2]) : 1 };
}

/** Razorpay is asked again this many times after it reports a refund failed; then a person. */
export const MAX_REFUND_ATTEMPTS = 3;
