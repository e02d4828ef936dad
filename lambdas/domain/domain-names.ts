/**
 * Domain registrations, priced by the year (docs/decisions-domains.md). A domain order always
 * names its domain; the price of a year depends on the name's extension and the domain plan (the
 * tier of features that comes with the name); 1, 2 or 3 years; 18% GST on top, as everywhere.
 * Pure: no I/O. The web's /domains, /domain and checkout and the server's quote and orders all
 * price a domain here, so the number a buyer sees is the number charged.
 */
import { DomainError } from './errors';
import { percentOf, type Paise } from './money';
import { FEE_PERCENT, findPromo } from './pricing';

/**
 * The extensions we sell, with the price of one year of registration (or renewal) before GST
 * (D23): one table, in the order /domains lists them. The search, checkout, the quote and the
 * order all read it.
 */
export const DOMAIN_EXTENSIONS = {
  '.com': { registrationPaisePerYear: 99_900 },
  '.net': { registrationPaisePerYear: 89_900 },
  '.org': { registrationPaisePerYear: 109_900 },
  '.in': { registrationPaisePerYear: 79_900 },
  '.co.in': { registrationPaisePerYear: 49_900 },
} as const satisfies Record<string, { registrationPaisePerYear: Paise }>;
export type DomainExtension = keyof typeof DOMAIN_EXTENSIONS;

/** The extensions we sell, in the table's order: ".com, .net, .org, .in or .co.in". */
export const SOLD_EXTENSIONS = Object.keys(DOMAIN_EXTENSIONS) as DomainExtension[];
const SOLD_LIST = `${SOLD_EXTENSIONS.slice(0, -1).join(', ')} or ${SOLD_EXTENSIONS.at(-1) ?? ''}`;

/** The extensions /domains shows but does not sell (always "Unavailable" there): none now. */
export const UNSOLD_EXTENSIONS = [] as const;

/**
 * The domain plans are tiers of features that come with a name, each adding a fee per year to the
 * registration: Basic is the registration alone (so /domains' ₹999/yr .com is Basic's price).
 * Each fee is a whole number of paise divisible by 12, so a year's price has an exact monthly
 * equivalent (a bundle's "bought separately" figure uses it).
 */
export const DOMAIN_TIER_FEE_PAISE_PER_YEAR = {
  basicdomain: 0,
  premiumdomain: 150_000,
  enterprisedomain: 390_000,
} as const satisfies Record<string, Paise>;
export type DomainPlanId = keyof typeof DOMAIN_TIER_FEE_PAISE_PER_YEAR;

export const DOMAIN_YEARS = [1, 2, 3] as const;
export type DomainYears = (typeof DOMAIN_YEARS)[number];
export const DEFAULT_DOMAIN_YEARS: DomainYears = 1;

export function isDomainPlanId(planId: string): planId is DomainPlanId {
  return Object.hasOwn(DOMAIN_TIER_FEE_PAISE_PER_YEAR, planId);
}

export class DomainRequiredError extends DomainError {
  override readonly name = 'DomainRequiredError';
  readonly code = 'domain_required';
  constructor() {
    super('Please enter the domain name you want to register, for example yourbusiness.com.');
  }
}

export class InvalidDomainError extends DomainError {
  override readonly name = 'InvalidDomainError';
  readonly code = 'invalid_domain';
  constructor(readonly domain: string) {
    super(
      `Use only letters, numbers and hyphens (not at the start or end), up to 63 characters, then ${SOLD_LIST}.`,
    );
  }
}

export class ExtensionNotSoldError extends DomainError {
  override readonly name = 'ExtensionNotSoldError';
  readonly code = 'extension_not_available';
  constructor(readonly extension: string) {
    super(`We register ${SOLD_LIST} names only; ${extension || 'that ending'} is not available.`);
  }
}

export class DomainNotApplicableError extends DomainError {
  override readonly name = 'DomainNotApplicableError';
  readonly code = 'domain_not_applicable';
  constructor(readonly planId: string) {
    super('A domain name can be given only when buying a domain plan.');
  }
}

export class InvalidYearsError extends DomainError {
  override readonly name = 'InvalidYearsError';
  readonly code = 'invalid_years';
  constructor(readonly years: unknown) {
    super('Please choose a registration period of 1, 2 or 3 years.');
  }
}

export class PromoNotForDomainsError extends DomainError {
  override readonly name = 'PromoNotForDomainsError';
  readonly code = 'invalid_promo_code';
  constructor(readonly promoCode: string) {
    super('Promo codes do not apply to domain registrations.');
  }
}

/** One DNS label as /domains accepts it: letters, digits, hyphens, 1-63, no hyphen at an end. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type LabelResult = { ok: true; label: string } | { ok: false; reason: 'empty' | 'invalid' };

/**
 * What a visitor typed on /domains, as one label: lowercase, without spaces, a protocol, "www.",
 * a path or an ending ("https://www.My Shop.com/about" → "myshop").
 */
export function normaliseLabel(input: string): LabelResult {
  let value = input.trim().toLowerCase().replace(/\s+/g, '');
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  value = value.replace(/[/?#].*$/, '');
  value = value.replace(/^www\./, '');
  value = value.split('.')[0] ?? '';
  if (value === '') return { ok: false, reason: 'empty' };
  if (!LABEL.test(value)) return { ok: false, reason: 'invalid' };
  return { ok: true, label: value };
}

export interface DomainName {
  /** The full name, lowercase: "asharao.com". */
  name: string;
  label: string;
  extension: DomainExtension;
}

/**
 * The domain of an order: exactly `label.extension`, the label valid as /domains requires and the
 * extension one we sell. Case and surrounding spaces are forgiven; anything else is refused (an
 * order must not register a name other than the one the buyer saw).
 */
export function parseDomainName(input: unknown): DomainName {
  if (input === undefined || input === null || (typeof input === 'string' && !input.trim())) {
    throw new DomainRequiredError();
  }
  if (typeof input !== 'string') throw new InvalidDomainError(String(input));
  const name = input.trim().toLowerCase();
  const dot = name.indexOf('.');
  const label = dot === -1 ? name : name.slice(0, dot);
  const extension = dot === -1 ? '' : name.slice(dot);
  if (!LABEL.test(label)) throw new InvalidDomainError(input);
  if (!Object.hasOwn(DOMAIN_EXTENSIONS, extension)) throw new ExtensionNotSoldError(extension);
  return { name, label, extension: extension as DomainExtension };
}

export function parseDomainYears(value: unknown): DomainYears {
  if (!(DOMAIN_YEARS as readonly unknown[]).includes(value)) throw new InvalidYearsError(value);
  return value as DomainYears;
}

/** The price of one year of `planId` for a name ending in `extension`, before GST. */
export function domainPricePerYear(planId: DomainPlanId, extension: DomainExtension): Paise {
  return (
    DOMAIN_EXTENSIONS[extension].registrationPaisePerYear + DOMAIN_TIER_FEE_PAISE_PER_YEAR[planId]
  );
}

/** A domain's price as checkout shows it and the order charges it. */
export interface DomainQuote {
  planId: DomainPlanId;
  planName: string;
  domain: string;
  extension: DomainExtension;
  years: DomainYears;
  /** The service period, for the renewal date: 12 × years. */
  months: 12 | 24 | 36;
  yearlyPricePaise: Paise;
  /** yearly × years; no discount for more years (the registry charges by the year). */
  basePaise: Paise;
  subtotalPaise: Paise;
  feePercent: typeof FEE_PERCENT;
  feePaise: Paise;
  totalPaise: Paise;
  /** A renewal of a name the buyer holds (D14): same yearly price, no promo. */
  renewal: boolean;
}

export interface DomainQuoteRequest {
  planId: string;
  planName: string;
  domain: unknown;
  years: unknown;
  promoCode?: string | null;
  renewal?: boolean;
}

/**
 *   yearly   = extension's registration per year + the plan's tier fee per year
 *   subtotal = yearly × years
 *   fee      = subtotal × 18 %   (GST, rounded half up to the paisa)
 *   total    = subtotal + fee
 */
export function quoteDomain(request: DomainQuoteRequest): DomainQuote {
  if (!isDomainPlanId(request.planId)) throw new DomainNotApplicableError(request.planId);
  const { name, extension } = parseDomainName(request.domain);
  const years = parseDomainYears(request.years);
  // An unknown code is still "not valid"; a valid one does not apply to domains.
  const promo = findPromo(request.promoCode);
  if (promo) throw new PromoNotForDomainsError(promo.code);
  const yearlyPricePaise = domainPricePerYear(request.planId, extension);
  const subtotalPaise = yearlyPricePaise * years;
  const feePaise = percentOf(subtotalPaise, FEE_PERCENT);
  return {
    planId: request.planId,
    planName: request.planName,
    domain: name,
    extension,
    years,
    months: (years * 12) as 12 | 24 | 36,
    yearlyPricePaise,
    basePaise: subtotalPaise,
    subtotalPaise,
    feePercent: FEE_PERCENT,
    feePaise,
    totalPaise: subtotalPaise + feePaise,
    renewal: request.renewal === true,
  };
}

/** Refuses a domain on an order for anything but a domain plan (`?domain=` on a hosting plan). */
export function assertNoDomainUnlessDomainPlan(planId: string, domain: unknown): void {
  if (domain !== undefined && domain !== null && domain !== '' && !isDomainPlanId(planId)) {
    throw new DomainNotApplicableError(planId);
  }
}

/** One row of a search: a name under one extension we sell, at its yearly price before GST. */
export interface DomainSearchRow {
  domain: string;
  extension: DomainExtension;
  pricePerYearPaise: Paise;
}

/**
 * The names a search for `label` asks the registrar about, one per extension we sell, in the
 * table's order, each at Basic Domain's yearly price (the registration alone).
 */
export function searchRows(label: string): DomainSearchRow[] {
  return SOLD_EXTENSIONS.map((extension) => ({
    domain: `${label}${extension}`,
    extension,
    pricePerYearPaise: DOMAIN_EXTENSIONS[extension].registrationPaisePerYear,
  }));
}
