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
import { assertPaise, percentOf, type Paise } from './money';
import { FEE_PERCENT } from './pricing';

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
