/**
 * The name a bundle's checkout registers (D23, D24; CONTRACT `registerDomain`): checked as a
 * domain search checks it (a label we accept, an extension we sell) and, before any Razorpay order
 * exists, free at the registrar; given only for a plan with a domain part, or for a hosting plan
 * with "Free domain for the first year" (`freeDomainPlanId`) on its first purchase.
 */
import { bundleHasPart } from './bundle-parts';
import { DomainError } from './errors';
import { parseDomainName } from './domain-names';
import type { CatalogPlan } from './plan';

/** A name to register on a plan that has no domain to register (400 validation_failed). */
export class RegisterDomainNotOfferedError extends DomainError {
  override readonly name = 'RegisterDomainNotOfferedError';
  readonly code = 'validation_failed';
  constructor(
    readonly planName: string,
    message = `${planName} includes no domain to register: leave the domain to register out.`,
  ) {
    super(message);
  }
}

/** The name is someone else's already (400 domain_not_available), said before paying. */
export class RegisterDomainTakenError extends DomainError {
  override readonly name = 'RegisterDomainTakenError';
  readonly code = 'domain_not_available';
  constructor(readonly domain: string) {
    super(`${domain} is already registered by someone else. Please choose another name.`);
  }
}

/** A bundle's domain part that has its name already (400 domain_already_chosen). */
export class DomainAlreadyChosenError extends DomainError {
  override readonly name = 'DomainAlreadyChosenError';
  readonly code = 'domain_already_chosen';
  constructor(readonly domain: string) {
    super(`This bundle's domain is ${domain} already: it cannot be changed here.`);
  }
}

/**
 * The name to register, normalised (`domain_required`, `invalid_domain`,
 * `extension_not_available` as an order's domain), or undefined when none was given.
 */
export function registerDomainOf(
  plan: Pick<CatalogPlan, 'name' | 'category' | 'parts' | 'freeDomainPlanId'>,
  input: unknown,
): string | undefined {
  if (input === undefined) return undefined;
  if (!bundleHasPart(plan, 'domain') && !plan.freeDomainPlanId) {
    throw new RegisterDomainNotOfferedError(plan.name);
  }
  return parseDomainName(input).name;
}

/** The free domain comes with a hosting plan's first purchase only: not a renewal, not a change. */
export function freeDomainNotOffered(planName: string): RegisterDomainNotOfferedError {
  return new RegisterDomainNotOfferedError(
    planName,
    `The free domain comes with the first year of ${planName} only: leave the domain to register out.`,
  );
}

/** The ledger entry of a free domain (D23): one per hosting payment, so a redelivery makes none. */
export function freeDomainPurchaseIdFor(purchaseId: string): string {
  return `${purchaseId}${FREE_DOMAIN_SUFFIX}`;
}

const FREE_DOMAIN_SUFFIX = '~freedomain';

/** Whether a ledger entry is a free first year included with hosting (₹0, not a payment). */
export function isFreeDomainEntry(period: { purchaseId: string }): boolean {
  return period.purchaseId.endsWith(FREE_DOMAIN_SUFFIX);
}

/**
 * Whether a domain service is a hosting's free first-year domain and nothing more (D23): every
 * ledger entry free, at least one (a bundle's part has none: its life is its bundle's).
 */
export function isFreeDomainService(service: {
  periods: Readonly<Record<string, { purchaseId: string }>>;
}): boolean {
  const entries = Object.values(service.periods);
  return entries.length > 0 && entries.every(isFreeDomainEntry);
}
