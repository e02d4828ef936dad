import {
  InvalidMonthsError,
  InvalidPromoCodeError,
  PlanNotFoundError,
  PromoNotForRenewalError,
} from './errors';
import type { CheckoutAutoRenewTerms } from './auto-renew';
import type { QuoteTax } from './gst';
import { percentOf, type Paise } from './money';
import type { Plan } from './plan';
import type { PlanChangeTerms } from './plan-change';

export const DURATIONS = [1, 12, 24, 36] as const;
export type Months = (typeof DURATIONS)[number];
export const DEFAULT_MONTHS: Months = 12;

/** Discount for paying for a longer period up front (docs/api.md, Quote). */
export const DURATION_DISCOUNT_PERCENT: Readonly<Record<Months, number>> = {
  1: 0,
  12: 0,
  24: 20,
  36: 30,
};

/** Taxes and fees, incl. 18% GST, on the discounted amount (docs/decisions.md D10). */
export const FEE_PERCENT = 18;

export interface PromoCode {
  code: string;
  percent: number;
  message: string;
}

/** Codes are exact and case-sensitive; HOST10 really discounts (docs/decisions.md D3). */
export const PROMO_CODES: Readonly<Record<string, PromoCode>> = {
  HOST10: { code: 'HOST10', percent: 10, message: '10% additional discount applied' },
};

export interface AppliedPromo extends PromoCode {
  discountPaise: Paise;
}

/** `Quote` (docs/api.md). */
export interface Quote {
  planId: string;
  planName: string;
  months: Months;
  monthlyPricePaise: Paise;
  basePaise: Paise;
  durationDiscountPercent: number;
  durationDiscountPaise: Paise;
  promo: AppliedPromo | null;
  subtotalPaise: Paise;
  feePercent: typeof FEE_PERCENT;
  feePaise: Paise;
  totalPaise: Paise;
  /** Priced as a renewal: the plan's renewal price, no promo (docs/decisions.md D14). */
  renewal: boolean;
  /** The fee as CGST + SGST or IGST, once the buyer's state is known (D10, D15). */
  tax?: QuoteTax;
  /**
   * A domain registration's terms (D21): priced by the year, so `yearlyPricePaise × years` is
   * `basePaise`; `months` is 12 × years and `monthlyPricePaise` only the year's twelfth (rounded).
   */
  domain?: DomainTerm;
  /** A plan change now (D26): the credit, the charge and the renewal date that stays. */
  change?: PlanChangeTerms;
  /** Asked with `autoRenew` (D25): the renewal price and the mandate's maximum. */
  autoRenew?: CheckoutAutoRenewTerms;
}

/** What a domain order registers and for how long (docs/decisions-domains.md, D21). */
export interface DomainTerm {
  /** The normalised name: "asharao.com". */
  name: string;
  extension: string;
  years: number;
  yearlyPricePaise: Paise;
}

export function isMonths(value: unknown): value is Months {
  return (DURATIONS as readonly unknown[]).includes(value);
}

export function parseMonths(value: unknown): Months {
  if (!isMonths(value)) throw new InvalidMonthsError(value);
  return value;
}

/** An empty or absent code means no promo; anything else must match a code exactly. */
export function findPromo(promoCode: string | null | undefined): PromoCode | null {
  if (promoCode === undefined || promoCode === null || promoCode === '') return null;
  const promo = Object.hasOwn(PROMO_CODES, promoCode) ? PROMO_CODES[promoCode] : undefined;
  if (!promo) throw new InvalidPromoCodeError(promoCode);
  return promo;
}

/**
 * The price of `months` of a plan:
 *   base     = monthly × months
 *   duration = base × 0 / 20 / 30 %          (rounded half up to the paisa)
 *   promo    = (base − duration) × promo %   (rounded half up)
 *   subtotal = base − duration − promo
 *   fee      = subtotal × 18 %               (rounded half up)
 *   total    = subtotal + fee
 */
export function quote(
  plan: Pick<Plan, 'id' | 'name' | 'monthlyPricePaise' | 'renewalPricePaise'>,
  monthsInput: unknown,
  promoCode?: string | null,
  options: { renewal?: boolean } = {},
): Quote {
  const months = parseMonths(monthsInput);
  const renewal = options.renewal === true;
  const promo = findPromo(promoCode);
  if (renewal && promo) throw new PromoNotForRenewalError(promo.code);
  // A renewal is priced at the renewal price the buyer was shown when buying (D14).
  const monthlyPricePaise = renewal
    ? (plan.renewalPricePaise ?? plan.monthlyPricePaise)
    : plan.monthlyPricePaise;
  const basePaise = monthlyPricePaise * months;
  const durationDiscountPercent = DURATION_DISCOUNT_PERCENT[months];
  const durationDiscountPaise = percentOf(basePaise, durationDiscountPercent);
  const afterDuration = basePaise - durationDiscountPaise;
  const appliedPromo: AppliedPromo | null = promo
    ? { ...promo, discountPaise: percentOf(afterDuration, promo.percent) }
    : null;
  const subtotalPaise = afterDuration - (appliedPromo?.discountPaise ?? 0);
  const feePaise = percentOf(subtotalPaise, FEE_PERCENT);
  return {
    planId: plan.id,
    planName: plan.name,
    months,
    monthlyPricePaise,
    basePaise,
    durationDiscountPercent,
    durationDiscountPaise,
    promo: appliedPromo,
    subtotalPaise,
    feePercent: FEE_PERCENT,
    feePaise,
    totalPaise: subtotalPaise + feePaise,
    renewal,
  };
}

export interface QuoteRequest {
  planId: string;
  months: unknown;
  promoCode?: string | null;
  renewal?: boolean;
}

/** Quote a plan looked up by id among `plans`; an unknown id is a PlanNotFoundError. */
export function quoteFor(plans: readonly Plan[], request: QuoteRequest): Quote {
  const plan = plans.find((p) => p.id === request.planId);
  if (!plan) throw new PlanNotFoundError(request.planId);
  return quote(plan, request.months, request.promoCode, { renewal: request.renewal === true });
}
