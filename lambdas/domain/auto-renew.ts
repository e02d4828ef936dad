/**
 * Auto-renew under India's e-mandate rules (docs/decisions.md D25): what the daily job does for
 * one service with a mandate, at one instant. Pure: time and the service's cycle are inputs.
 *
 * - The pre-debit notice goes out as India's calendar day begins 3 days before the renewal date
 *   (NOTICE_DAYS_BEFORE), naming the amount with GST and the date of the debit.
 * - A debit is attempted at least 24 hours after the notice (RBI: the notice precedes the debit
 *   by at least 24 hours), and only before the renewal date; a failed one is tried again once a
 *   day (a new India calendar day) until the renewal date; after it, the normal expiry (D17).
 * - A debit above ₹15,000 (GST included) or the mandate's maximum is never attempted: RBI
 *   requires the buyer's own authentication for it, so the buyer is mailed a pay link, once.
 * - The amount changed since the notice (a price change, a plan change): a new notice, and the
 *   24 hours start again.
 * - A debit in flight (created, not yet captured or failed: UPI Autopay takes up to a day) is
 *   waited for: never a second one.
 */
import type { CheckoutPriceRequest } from './checkout-pricing';
import type { Quote } from './pricing';
import { latestPaidMonths, renewalPlanOf } from './renewal-schedule';
import { istDate, startOfIstDay } from './renewals';

/** The notice goes out this many days before the renewal date (India's calendar days). */
export const NOTICE_DAYS_BEFORE = 3;
/** RBI: the pre-debit notice reaches the buyer at least 24 hours before the debit. */
export const NOTICE_LEAD_MS = 24 * 60 * 60 * 1000;
/** RBI's limit for a recurring debit without the buyer's authentication: ₹15,000, in paise. */
export const E_MANDATE_LIMIT_PAISE = 15_000_00;

const DAY_MS = 24 * 60 * 60 * 1000;

export type MandateStatus = 'pending' | 'confirmed' | 'paused' | 'cancelled' | 'rejected';

/** What a service's mandate says, as the rules need it. */
export interface MandateTerms {
  status: MandateStatus;
  maxAmountPaise: number;
}

/** What the job has done for one renewal date (the cycle starts afresh with a new date). */
export interface AutoRenewCycle {
  /** When the pre-debit notice went out, and for what amount. */
  noticeSentAt?: Date;
  noticeAmountPaise?: number;
  /** When the above-limit pay link went out. */
  payLinkSentAt?: Date;
  /** The last debit attempt (failed or in flight). */
  lastAttemptAt?: Date;
  /** A debit created and not yet captured or failed. */
  inFlight?: boolean;
  /** The debit was captured: the service renewed. */
  paid?: boolean;
}

export interface AutoRenewInput {
  enabled: boolean;
  mandate?: MandateTerms;
  renewalDate: Date;
  /** The renewal's amount now, GST included, in paise. */
  amountPaise: number;
  cycle: AutoRenewCycle;
}

export type AutoRenewAction =
  | { act: 'notice' }
  | { act: 'pay_link' }
  | { act: 'debit' }
  | {
      act: 'none';
      reason:
        | 'off'
        | 'no_mandate'
        | 'not_yet'
        | 'too_late'
        | 'link_sent'
        | 'in_flight'
        | 'paid'
        | 'waiting_notice'
        | 'tried_today';
      /** When something may next be due (for the job's index); absent: nothing before a new date. */
      nextAt?: Date;
    };

/** When the pre-debit notice for `renewalDate` falls due. */
export function noticeDueAt(renewalDate: Date): Date {
  return new Date(startOfIstDay(renewalDate).getTime() - NOTICE_DAYS_BEFORE * DAY_MS);
}

/** The highest amount the job may debit without the buyer: the lower of RBI's and the mandate's. */
export function debitLimitPaise(mandate: MandateTerms): number {
  return Math.min(E_MANDATE_LIMIT_PAISE, mandate.maxAmountPaise);
}

/** The first instant a debit may be attempted after a notice sent at `noticeSentAt`. */
export function firstDebitAt(noticeSentAt: Date): Date {
  return new Date(noticeSentAt.getTime() + NOTICE_LEAD_MS);
}

/** What to do for the service at `now`. */
export function planAutoRenew(input: AutoRenewInput, now: Date): AutoRenewAction {
  const { cycle, renewalDate } = input;
  const t = now.getTime();
  if (!input.enabled) return { act: 'none', reason: 'off' };
  if (!input.mandate || input.mandate.status !== 'confirmed') {
    return { act: 'none', reason: 'no_mandate' };
  }
  if (cycle.paid) return { act: 'none', reason: 'paid' };
  if (t >= renewalDate.getTime()) return { act: 'none', reason: 'too_late' };
  const noticeAt = noticeDueAt(renewalDate);
  if (t < noticeAt.getTime()) return { act: 'none', reason: 'not_yet', nextAt: noticeAt };

  if (input.amountPaise > debitLimitPaise(input.mandate)) {
    return cycle.payLinkSentAt ? { act: 'none', reason: 'link_sent' } : { act: 'pay_link' };
  }
  if (cycle.inFlight) return { act: 'none', reason: 'in_flight', nextAt: nextIstDay(now) };
  if (!cycle.noticeSentAt || cycle.noticeAmountPaise !== input.amountPaise) {
    return { act: 'notice' };
  }
  const debitAt = firstDebitAt(cycle.noticeSentAt);
  if (debitAt.getTime() >= renewalDate.getTime()) {
    // Noticed too late for 24 hours before the renewal date: no debit; the reminders and the pay
    // link in them carry the renewal.
    return { act: 'none', reason: 'too_late' };
  }
  if (t < debitAt.getTime()) return { act: 'none', reason: 'waiting_notice', nextAt: debitAt };
  if (cycle.lastAttemptAt && istDate(cycle.lastAttemptAt) === istDate(now)) {
    const next = nextIstDay(now);
    return next.getTime() < renewalDate.getTime()
      ? { act: 'none', reason: 'tried_today', nextAt: next }
      : { act: 'none', reason: 'too_late' };
  }
  return { act: 'debit' };
}

/** When the next India calendar day begins after `now`. */
export function nextIstDay(now: Date): Date {
  return new Date(startOfIstDay(now).getTime() + DAY_MS);
}

/**
 * The date the first debit would be attempted for `renewalDate`, as the buyer is told (checkout,
 * the card): the day after the notice.
 */
export function plannedDebitDate(renewalDate: Date): Date {
  return firstDebitAt(noticeDueAt(renewalDate));
}

/** The mandate's maximum: the renewal price for the period, GST included, up to the next ₹100. */
export function mandateMaximumPaise(renewalTotalPaise: number): number {
  return Math.ceil(renewalTotalPaise / 100_00) * 100_00;
}

/**
 * The amounts the checkout's "Renew automatically" box states (D25; never pre-ticked); the date of
 * the first debit is plannedDebitDate of the renewal date the purchase gives.
 */
export interface CheckoutAutoRenewTerms {
  /** The renewal's price for the same period, GST included. */
  renewalTotalPaise: number;
  /** The mandate's maximum (mandateMaximumPaise). */
  maxAmountPaise: number;
  /** Above RBI's ₹15,000: never debited; the buyer is mailed a link to pay instead. */
  aboveLimit: boolean;
}

/** The price request of renewing what `quote` buys, for the same period, without a promo. */
export function renewalRequestOf(
  quote: Pick<Quote, 'planId' | 'months' | 'domain'>,
): CheckoutPriceRequest {
  return quote.domain
    ? { planId: quote.planId, years: quote.domain.years, domain: quote.domain.name, renewal: true }
    : { planId: quote.planId, months: quote.months, renewal: true };
}

/** The terms of auto-renew chosen at checkout, from the renewal's price for the same period. */
export function checkoutAutoRenewTerms(renewalTotalPaise: number): CheckoutAutoRenewTerms {
  return {
    renewalTotalPaise,
    maxAmountPaise: mandateMaximumPaise(renewalTotalPaise),
    aboveLimit: renewalTotalPaise > E_MANDATE_LIMIT_PAISE,
  };
}

/** A card's last four or a UPI id as the buyer may see it: never the full number or handle. */
export function maskUpiId(vpa: string): string {
  const at = vpa.indexOf('@');
  if (at <= 0) return '••••';
  const name = vpa.slice(0, at);
  const shown = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
  return `${shown}${'•'.repeat(Math.max(3, name.length - shown.length))}${vpa.slice(at)}`;
}

/** The checkout price request of a service's automatic renewal (priceCheckout's input). */
export function autoRenewPriceRequest(service: {
  planId: string;
  planName: string;
  renewalDate: string;
  pendingPlan?: { planId: string; planName: string; from: string };
  domain?: string;
  periods: Readonly<Record<string, { months: number; renewalDate: string; refundedAt?: string }>>;
  isDomain: boolean;
}): { planId: string; months?: number; years?: number; domain?: string; renewal: true } {
  const months = latestPaidMonths(service.periods);
  // The plan the renewal is for: a smaller one chosen for this renewal date (D26).
  const { planId } = renewalPlanOf(service);
  return service.isDomain
    ? {
        planId,
        years: Math.min(3, Math.max(1, Math.round(months / 12))),
        ...(service.domain ? { domain: service.domain } : {}),
        renewal: true,
      }
    : { planId, months, renewal: true };
}
