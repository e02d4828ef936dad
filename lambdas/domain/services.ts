import type { PowerState, VpsOs } from './vps';
import type { ServiceState } from './lifecycle';
import type { Paise } from './money';
import type { Category } from './plan';
import type { ServiceProvisioning } from './provisioning';
import type { Months } from './pricing';

export type ServiceStatus = 'active' | 'expired' | 'cancelled';

/** `Service` (docs/api.md): one purchased period of a plan. Dates are ISO-8601 strings. */
export interface Service {
  id: string;
  planId: string;
  name: string;
  category: Category;
  months: number;
  purchaseDate: string;
  renewalDate: string;
  status: ServiceStatus;
  /**
   * Its desired state (D22, lambdas/domain/lifecycle.ts): setting_up, active, grace, suspended,
   * ended or removed. What the card says and offers comes from it.
   */
  state: ServiceState;
  pricePaidPaise: Paise;
  domain?: string;
  /**
   * Premium/Enterprise Hosting's "Free domain for the first year" (D23): the name chosen with it,
   * which the dashboard lists as a Basic Domain service of its own.
   */
  freeDomain?: string;
  /**
   * A domain transferred in (D23): where the transfer stands, with the registrar's sentence while
   * it waits or when it failed. Never its auth code.
   */
  transfer?: { state: 'requested' | 'pending' | 'completed' | 'failed'; detail?: string };
  /**
   * A hosting's free first-year domain (D23) taken before it could be registered: the buyer may
   * choose another name on its card (`PUT /api/me/services/{id}/domain`).
   */
  chooseDomain?: true;
  /** Whether Renew opens checkout for it (D14): every service but a cancelled one. */
  renewable: boolean;
  /** Whole days in India until its renewal date; 0 on that day and once expired. */
  daysLeft: number;
  /**
   * The money-back guarantee (D16), while Cancel would refund something: until when, how much it
   * refunds now, and, when the service outlives the cancellation (a cancelled renewal), the
   * renewal date it returns to.
   */
  refundableUntil?: string;
  refundablePaise?: Paise;
  runsUntilAfterCancel?: string;
  /** Its delivery (D18): being set up, ready with how to reach it, suspended, ... */
  provisioning: ServiceProvisioning;
  /**
   * D26: the plan changed and the provider has not confirmed it yet (the card says "Updating…"
   * meanwhile; out of step for an operator if the panel refuses).
   */
  planUpdating?: boolean;
  /** D26: a smaller plan chosen for the renewal, in force from `from` (cancellable until then). */
  pendingPlan?: { planId: string; planName: string; from: string };
  /**
   * A VPS's server (D24), from the service record (never the provider per service): its OS,
   * hostname, SSH public keys, and once made its address, login user and power as last read.
   * `waitsForKey`: set-up waits for the buyer to add a key.
   */
  vps?: ServiceVps;
  /**
   * A storage service's bucket (D24), once made: where to connect, the key that works now (absent
   * until the buyer creates one; never its secret), the quota and the usage as last read, in bytes.
   */
  storage?: ServiceStorage;
  /**
   * Whether it renews by itself (D25): on only with a confirmed mandate; off by default. The API
   * always sends it; optional here only so that fixtures written before D25 stay valid.
   */
  autoRenew?: boolean;
  /** Auto-renew's details (D25), once the buyer has set it up or started to. */
  autoRenewal?: AutoRenewal;
  /**
   * A bundle's parts (D24): its hosting (this service's own account) and each other part, with
   * the part's own id (its routes take it: VPS power and keys, storage keys) and state.
   */
  parts?: ServicePart[];
}

/** Where a bundle's part stands, in the card's words (D24). */
export type ServicePartState = 'setting_up' | 'ready' | 'suspended' | 'removed' | 'failed';

/** One part of a bundle (D24; CONTRACT `parts: [{kind, state, ...that kind's fields}]`). */
export interface ServicePart {
  kind: 'hosting' | 'domain' | 'storage' | 'vps';
  /** The part's service id: the bundle's own for its hosting. */
  id: string;
  planId: string;
  /** The plan it is sized by ("Premium Domain"). */
  name: string;
  state: ServicePartState;
  provisioning: ServiceProvisioning;
  /** The part's plan changed with its bundle's (D26) and its provider is not there yet: "Updating…". */
  planUpdating?: boolean;
  domain?: string;
  /** A domain part whose name was taken meanwhile (D24): the buyer chooses another here. */
  chooseDomain?: true;
  vps?: ServiceVps;
  storage?: ServiceStorage;
}

export interface ServiceVps {
  os: VpsOs;
  hostname: string;
  sshKeys: string[];
  ip?: string;
  user?: string;
  power?: PowerState;
  /** When the power state was read from the provider. */
  powerAt?: string;
  waitsForKey: boolean;
  /**
   * A reinstall the buyer asked for is under way (D24): the OS being installed and when it was
   * asked. `os` stays the installed one until the new system runs.
   */
  reinstalling?: { os: VpsOs; requestedAt: string };
}

export interface ServiceStorage {
  endpoint: string;
  bucket: string;
  accessKeyId?: string;
  quotaBytes: number;
  usedBytes: number;
}

/** What the card shows of auto-renew (D25): never a card number or a token id. */
export interface AutoRenewal {
  /** The buyer was sent to authorise a mandate, and it is not confirmed yet. */
  pending: boolean;
  mandate?: {
    method: 'card' | 'upi';
    /** "Visa •••• 4242" or a masked UPI id. */
    label: string;
    status: 'pending' | 'confirmed' | 'paused' | 'cancelled' | 'rejected';
    maxAmountPaise: Paise;
  };
  /** When the next debit is planned (the day after the pre-debit notice); absent when off. */
  nextDebitOn?: string;
  /** Its amount, once the pre-debit notice has named it. */
  nextDebitAmountPaise?: Paise;
}

/**
 * `date` plus `months` calendar months, in UTC. A day that the target month lacks becomes its
 * last day: 31 January + 1 month = 28 (or 29) February.
 */
export function addMonths(date: Date, months: number): Date {
  if (!Number.isSafeInteger(months) || months < 0) {
    throw new RangeError(`months must be a non-negative whole number, got ${months}`);
  }
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** A service is active while its own renewal date is in the future (D4). */
export function serviceStatus(renewalDate: Date | string, now: Date): ServiceStatus {
  return new Date(renewalDate).getTime() > now.getTime() ? 'active' : 'expired';
}

export interface HeldService {
  planId: string;
  renewalDate: string;
  domain?: string;
}

/** Whether two records name the same service: the same plan and, for domains, the same name. */
export function isSameService(a: HeldService, b: { planId: string; domain?: string }): boolean {
  return a.planId === b.planId && (a.domain ?? '') === (b.domain ?? '');
}

/**
 * The period a new purchase pays for (D5). Buying a plan the user already holds, while it is still
 * active, extends it from its current renewal date; otherwise the period starts at `purchasedAt`.
 */
export function periodFor(
  held: readonly HeldService[],
  purchase: { planId: string; months: Months; domain?: string },
  purchasedAt: Date,
): { startDate: Date; renewalDate: Date } {
  const latestActiveRenewal = held
    .filter((s) => isSameService(s, purchase))
    .map((s) => new Date(s.renewalDate))
    .filter((renewal) => renewal.getTime() > purchasedAt.getTime())
    .reduce<Date | undefined>(
      (latest, renewal) => (!latest || renewal > latest ? renewal : latest),
      undefined,
    );
  const startDate = latestActiveRenewal ?? purchasedAt;
  return { startDate, renewalDate: addMonths(startDate, purchase.months) };
}
