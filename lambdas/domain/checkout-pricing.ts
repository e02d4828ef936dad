/**
 * The one price of a checkout (quote and order alike): a domain plan is priced by the year from
 * its name (D21, `quoteDomain`), every other plan by the month (`quote`), and a domain given with
 * any other plan is refused. Pure: no I/O.
 */
import {
  DEFAULT_DOMAIN_YEARS,
  InvalidYearsError,
  assertNoDomainUnlessDomainPlan,
  isDomainPlanId,
  quoteDomain,
} from './domain-names';
import { DomainError, PlanNotFoundError } from './errors';
import type { Plan } from './plan';
import { normaliseDomain } from './provisioning';
import { quote, type Quote } from './pricing';

export interface CheckoutPriceRequest {
  planId: string;
  /** A hosting plan's months; a domain plan's 12/24/36 (older clients) mean 1/2/3 years. */
  months?: unknown;
  /** A domain plan's registration period: 1, 2 or 3 years. */
  years?: unknown;
  promoCode?: string | null;
  domain?: unknown;
  renewal?: boolean;
}

/** A domain plan's years: `years` if given, else `months` / 12 (12, 24, 36), else one year. */
function domainYears(request: CheckoutPriceRequest): unknown {
  if (request.years !== undefined) {
    if (request.months !== undefined && request.months !== (request.years as number) * 12) {
      throw new InvalidYearsError(request.years);
    }
    return request.years;
  }
  if (request.months === undefined) return DEFAULT_DOMAIN_YEARS;
  if (request.months === 12 || request.months === 24 || request.months === 36) {
    return request.months / 12;
  }
  throw new InvalidYearsError(request.months);
}

export function priceCheckout(plans: readonly Plan[], request: CheckoutPriceRequest): Quote {
  const plan = plans.find((p) => p.id === request.planId);
  if (!plan) throw new PlanNotFoundError(request.planId);
  if (!isDomainPlanId(plan.id)) {
    // Hosting's domain names its account on the panel (D18) and changes no price.
    if (!takesAccountDomain(plan)) assertNoDomainUnlessDomainPlan(plan.id, request.domain);
    else accountDomainOf(plan, request.domain);
    if (request.years !== undefined) throw new InvalidYearsError(request.years);
    return quote(plan, request.months, request.promoCode, { renewal: request.renewal === true });
  }
  const d = quoteDomain({
    planId: plan.id,
    planName: plan.name,
    domain: request.domain,
    years: domainYears(request),
    promoCode: request.promoCode ?? null,
    renewal: request.renewal === true,
  });
  return {
    planId: d.planId,
    planName: d.planName,
    months: d.months,
    // Kept for readers of the monthly shape; the price is the year's (D21).
    monthlyPricePaise: Math.round(d.yearlyPricePaise / 12),
    basePaise: d.basePaise,
    durationDiscountPercent: 0,
    durationDiscountPaise: 0,
    promo: null,
    subtotalPaise: d.subtotalPaise,
    feePercent: d.feePercent,
    feePaise: d.feePaise,
    totalPaise: d.totalPaise,
    renewal: d.renewal,
    domain: {
      name: d.domain,
      extension: d.extension,
      years: d.years,
      yearlyPricePaise: d.yearlyPricePaise,
    },
  };
}

/** Hosting, and a bundle's hosting part, is set up on the panel for the buyer's own domain. */
function takesAccountDomain(plan: Pick<Plan, 'category'>): boolean {
  return plan.category === 'hosting' || plan.category === 'bundle';
}

/**
 * The domain a hosting order names for its account (D18: "Domain for this hosting"), normalised;
 * undefined when none was given (the account then gets a placeholder) or the plan has no hosting.
 * It is not registered and not priced: the domain is the buyer's, wherever it was registered.
 */
export function accountDomainOf(plan: Pick<Plan, 'category'>, domain: unknown): string | undefined {
  if (domain === undefined || domain === null || domain === '' || !takesAccountDomain(plan)) {
    return undefined;
  }
  const normalised = typeof domain === 'string' ? normaliseDomain(domain) : undefined;
  if (!normalised) throw new InvalidAccountDomainError(String(domain));
  return normalised;
}

export class InvalidAccountDomainError extends DomainError {
  override readonly name = 'InvalidAccountDomainError';
  readonly code = 'invalid_domain';
  constructor(readonly domain: string) {
    super('Please give the domain for this hosting as a name like example.in, or add it later.');
  }
}
