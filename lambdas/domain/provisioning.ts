/**
 * Delivering what was sold (D18). Hosting, and a bundle's hosting part, is created on the panel
 * (WHM) with the package its plan names; VPS, storage and domains have no automated upstream yet
 * and wait for an operator (`manual`). Pure: the rules for states, usernames and domains; the
 * panel's protocol lives in its adapter.
 */
import type { ServiceState } from './lifecycle';
import type { CatalogPlan, Category } from './plan';

export const PROVISIONING_STATES = [
  'pending',
  'ready',
  'manual',
  'failed',
  'suspended',
  'terminated',
] as const;

/**
 * - `pending`: the panel account is being created (the buyer sees "Setting up");
 * - `manual`: waiting for an operator to set it up and enter its access details;
 * - `failed`: the panel refused for good (a domain already on the server, a missing package);
 *   an operator looks at it, and a redrive puts it back to `pending`;
 * - `ready`, `suspended`, `terminated`: the account's life on the panel.
 */
export type ProvisioningState = (typeof PROVISIONING_STATES)[number];

/** How a service is delivered: created on the panel, or set up by a person. */
export type DeliveryMode = 'panel' | 'manual';

export function deliveryModeOf(category: Category): DeliveryMode {
  return category === 'hosting' || category === 'bundle' ? 'panel' : 'manual';
}

/** The state a new service starts in. */
export function initialProvisioningState(category: Category): 'pending' | 'manual' {
  return deliveryModeOf(category) === 'panel' ? 'pending' : 'manual';
}

/** What delivering a plan takes: a panel account with the plan's package, or an operator. */
export type ProvisioningTarget = { mode: 'panel'; whmPackage: string } | { mode: 'manual' };

export class CatalogProvisioningError extends Error {
  override readonly name = 'CatalogProvisioningError';
}

export function provisioningTargetOf(
  plan: Pick<CatalogPlan, 'id' | 'category' | 'whmPackage'>,
): ProvisioningTarget {
  if (deliveryModeOf(plan.category) === 'manual') return { mode: 'manual' };
  if (!plan.whmPackage) {
    // A catalog mistake, not a buyer's: thrown so that it is seen, never a silent manual setup.
    throw new CatalogProvisioningError(
      `Plan ${plan.id} is delivered on the panel but names no WHM package.`,
    );
  }
  return { mode: 'panel', whmPackage: plan.whmPackage };
}

/**
 * The moves a service's provisioning may make. State only moves along these, so a late or
 * repeated step (a retry of an old event) cannot undo a newer one.
 */
const NEXT: Readonly<Record<ProvisioningState, readonly ProvisioningState[]>> = {
  pending: ['ready', 'failed'],
  // A redrive tries the panel again; an operator may also finish it by hand.
  failed: ['pending', 'ready'],
  manual: ['ready'],
  ready: ['suspended', 'terminated'],
  suspended: ['ready', 'terminated'],
  terminated: [],
};

export function canMoveProvisioning(from: ProvisioningState, to: ProvisioningState): boolean {
  return NEXT[from].includes(to);
}

/**
 * Whether the provisioning claim's holder is a converge delivered by the bus: named by its event's
 * id, where every other holder is named `kind:id` (`operator:…`, `renewal-reminders:…`,
 * `buyer:…`, `storage-key:…`). Such a holder reads the service again after it gives the claim
 * back, and the bus delivers it again if it crashes, so a converge that finds the claim held by it
 * may hand its run over to it (issue #30) instead of failing for the bus to retry.
 */
export function isBusDeliveryHolder(heldBy: string | undefined): heldBy is string {
  return heldBy !== undefined && heldBy !== '' && !heldBy.includes(':');
}

/** Why "Open control panel" is refused (docs/api.md: 409 with these codes). */
export type PanelLoginRefusal = 'service_not_ready' | 'service_suspended' | 'service_ended';

/**
 * Whether the buyer may be signed in to the panel now (D22): only a panel service whose desired
 * state is live (active, or in its 7 days of grace) and whose account is ready. The provisioning
 * record alone is not enough: between a cancellation and converge's suspension it still says
 * ready. A service that has no panel (VPS, storage, domains) is never "ready" for a panel login.
 */
export function panelLoginRefusal(service: {
  category: Category;
  desired: ServiceState;
  state: ProvisioningState;
}): PanelLoginRefusal | undefined {
  if (service.desired === 'ended' || service.desired === 'removed') return 'service_ended';
  if (service.desired === 'suspended' || service.state === 'suspended') return 'service_suspended';
  if (deliveryModeOf(service.category) !== 'panel' || service.state !== 'ready') {
    return 'service_not_ready';
  }
  return undefined;
}

/**
 * `detail` of `ServiceProvisioned` (source `storefront.provisioning`): a service is ready to use.
 * For a panel service it names the account; for one an operator set up, `details` holds what they
 * entered. Never a password (D18).
 */
export interface ServiceProvisionedDetail {
  serviceId: string;
  userId: string;
  email: string;
  name: string;
  planId: string;
  planName: string;
  category: Category;
  /** The account's domain: the buyer's own, or its placeholder. */
  domain?: string;
  username?: string;
  server?: string;
  nameservers?: string[];
  panelUrl?: string;
  details?: Record<string, string>;
  provisionedAt: string;
}

/**
 * `Service.provisioning` (docs/api.md): where a service stands on its upstream, and what the buyer
 * needs to reach it. The account's name, server and panel appear once the account exists (ready,
 * then suspended or terminated), never while it is being made; never a password (D18).
 */
export interface ServiceProvisioning {
  state: ProvisioningState;
  username?: string;
  server?: string;
  panelUrl?: string;
  nameservers?: string[];
  /** What an operator entered for a service set up by hand (label → value). */
  details?: Record<string, string>;
  /** Why a domain could not be registered (D23: taken meanwhile), in a sentence for the buyer. */
  reason?: string;
}

/** The provisioning fields as the store keeps them, as far as the buyer may see them. */
export interface ProvisioningView {
  state: ProvisioningState;
  username?: string;
  server?: string;
  panelUrl?: string;
  nameservers?: readonly string[];
  details?: Readonly<Record<string, string>>;
  failureReason?: string;
  /** The panel package the account is on: read to tell a changed plan still updating (D26). */
  package?: string;
}

/**
 * What the API shows of a service's provisioning. A service whose delivery has not begun yet (the
 * consumer has not run, or the service predates delivery) is in its category's first state.
 */
export function serviceProvisioningOf(
  category: Category,
  stored: ProvisioningView | undefined,
): ServiceProvisioning {
  if (!stored) return { state: initialProvisioningState(category) };
  const view: ServiceProvisioning = { state: stored.state };
  // A domain's refusal is the registry's (the name was taken, D23): the buyer is told why. A
  // panel's stays the operator's to read.
  if (category === 'domain' && stored.state === 'failed' && stored.failureReason) {
    view.reason = stored.failureReason;
  }
  const accountExists =
    stored.state === 'ready' || stored.state === 'suspended' || stored.state === 'terminated';
  if (accountExists) {
    if (stored.username) view.username = stored.username;
    if (stored.server) view.server = stored.server;
    if (stored.panelUrl) view.panelUrl = stored.panelUrl;
    if (stored.nameservers?.length) view.nameservers = [...stored.nameservers];
    if (stored.details && Object.keys(stored.details).length > 0) {
      view.details = { ...stored.details };
    }
  }
  return view;
}

// ---------------------------------------------------------------------------------------------
// Usernames

export const WHM_USERNAME_MAX_LENGTH = 16;
const USERNAME_SHAPE = /^[a-z][a-z0-9]*$/;
/** Letters of the domain kept at the front, so that a buyer recognises the name. */
const STEM_LENGTH = 3;
const USERNAME_HASH_LENGTH = 8;

/**
 * WHM's rule for a new account's name (cPanel's createacct): at most 16 characters, lowercase
 * letters and digits, not starting with a digit or with `test`.
 */
export function isValidWhmUsername(name: string): boolean {
  return (
    name.length <= WHM_USERNAME_MAX_LENGTH && USERNAME_SHAPE.test(name) && !name.startsWith('test')
  );
}

/**
 * The panel username of a service: up to three letters of its domain's first label, then eight
 * characters of a stable hash of the service id (`example.com` → `exa` + 8 characters). The same
 * service always gets the same name, so a retry after a crash looks up the account the first
 * attempt may have made instead of making a second. cPanel wants the first eight characters unique
 * on a server that prefixes database names: five or more of them are the hash, so even a hundred
 * accounts with the same three letters almost never meet there. `attempt` (0 first) gives the next
 * name when a name is taken by an account that is not this service's.
 */
export function whmUsernameFor(serviceId: string, domain: string, attempt = 0): string {
  if (!Number.isSafeInteger(attempt) || attempt < 0) {
    throw new RangeError(`attempt must be a whole number from 0, got ${attempt}`);
  }
  const label = domain.trim().toLowerCase().split('.')[0] ?? '';
  const stem =
    label
      .replace(/[^a-z0-9]/g, '')
      .replace(/^[0-9]+/, '')
      .slice(0, STEM_LENGTH) || 'web';
  const seed = attempt === 0 ? `whm-user:${serviceId}` : `whm-user:${serviceId}#${attempt}`;
  const name = `${stem}${shortHash(seed, USERNAME_HASH_LENGTH)}`;
  // `tes` + a hash starting with `t` (or a domain like testing.com) would break WHM's rule.
  return name.startsWith('test') ? `x${name}` : name;
}

// ---------------------------------------------------------------------------------------------
// Domains

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const MAX_DOMAIN_LENGTH = 253;

/**
 * A domain name as the panel takes it: lowercase, without a trailing dot, at least two labels of
 * letters, digits and inner hyphens (internationalised names in their `xn--` form), a top level
 * that is not numeric. Undefined for anything else (an address, a URL, an IP, spaces).
 */
export function normaliseDomain(input: string): string | undefined {
  const name = input.trim().toLowerCase().replace(/\.$/, '');
  if (name.length === 0 || name.length > MAX_DOMAIN_LENGTH) return undefined;
  const labels = name.split('.');
  if (labels.length < 2) return undefined;
  if (!labels.every((label) => LABEL.test(label))) return undefined;
  if (!TOP_LEVEL.test(labels[labels.length - 1] ?? '')) return undefined;
  return name;
}

export function isValidDomain(input: string): boolean {
  return normaliseDomain(input) === input;
}

export class PlaceholderDomainError extends Error {
  override readonly name = 'PlaceholderDomainError';
}

/**
 * The domain a hosting account gets when the buyer chose "I'll add it later": a name of its own
 * under the operator's placeholder domain (`site-1x2y3z4w5v.hosting.example.in`), the same for the
 * same service every time. The buyer adds their real domain on the panel later.
 */
export function placeholderDomain(serviceId: string, baseDomain: string): string {
  const base = normaliseDomain(baseDomain);
  if (!base) {
    throw new PlaceholderDomainError(
      `The placeholder domain "${baseDomain}" is not a domain name.`,
    );
  }
  const domain = `site-${shortHash(`placeholder:${serviceId}`, 10)}.${base}`;
  if (domain.length > MAX_DOMAIN_LENGTH) {
    throw new PlaceholderDomainError(`The placeholder domain "${baseDomain}" is too long.`);
  }
  return domain;
}

export function isPlaceholderDomain(domain: string, baseDomain: string): boolean {
  const base = normaliseDomain(baseDomain);
  if (!base || !domain.endsWith(`.${base}`)) return false;
  return /^site-[a-z0-9]{10}$/.test(domain.slice(0, -(base.length + 1)));
}

/** The account's domain: the buyer's own, or the service's placeholder when they had none. */
export function accountDomainFor(
  buyerDomain: string | undefined,
  serviceId: string,
  placeholderBase: string,
): string {
  const own = buyerDomain === undefined ? undefined : normaliseDomain(buyerDomain);
  return own ?? placeholderDomain(serviceId, placeholderBase);
}

// ---------------------------------------------------------------------------------------------

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;

/**
 * `length` base-36 characters of FNV-1a (64-bit) over the text's UTF-8 bytes: stable across
 * runtimes and releases, with no crypto import (the domain is pure and runs in the browser too).
 * Not a secret: it only spreads names apart.
 */
function shortHash(text: string, length: number): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  }
  return (hash % 36n ** BigInt(length)).toString(36).padStart(length, '0');
}
