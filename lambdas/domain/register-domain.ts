/**
 * The name a bundle's checkout registers (D23, D24; CONTRACT `registerDomain`): checked as a
 * domain search checks it (a label we accept, an extension we sell) and, before any Razorpay order
 * exists, free at the registrar; given only for a plan with a domain part.
 */
import { bundleHasPart } from './bundle-parts';
import { DomainError } from './errors';
import { parseDomainName } from './domain-names';
import type { CatalogPlan } from './plan';

/** A name to register on a plan that has no domain to register (400 validation_failed). */
export class RegisterDomainNotOfferedError extends DomainError {
  override readonly name = 'RegisterDomainNotOfferedError';
  readonly code = 'validation_failed';
  constructor(readonly planName: string) {
    super(`${planName} includes no domain to register: leave the domain to register out.`);
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

/**
 * The name to register, normalised (`domain_required`, `invalid_domain`,
 * `extension_not_available` as an order's domain), or undefined when none was given.
 */
export function registerDomainOf(
  plan: Pick<CatalogPlan, 'name' | 'category' | 'parts'>,
  input: unknown,
): string | undefined {
  if (input === undefined) return undefined;
  if (!bundleHasPart(plan, 'domain')) throw new RegisterDomainNotOfferedError(plan.name);
  return parseDomainName(input).name;
}
