import type { LifeQueue, LifeRecord } from '../domain/lifecycle';
import type { LedgerEntry } from '../domain/ledger';

export type { LifeQueue, LifeRecord };
import type { Category } from '../domain/plan';
import type { ServicePeriod, ServiceTerm } from '../domain/service-periods';
import type { ProvisioningView } from '../domain/provisioning';
import type { VpsRecord, VpsReinstall, VpsTransientField } from '../domain/vps';
import type { StoragePartRecord } from './object-storage';
import type { StoredProvisioning } from './provisioning';
import type { AutoRenewRecord } from './auto-renew';

export type { ServicePeriod };

/** Which service: the buyer, its id (serviceIdFor), and what it is. */
export interface ServiceIdentity {
  userId: string;
  serviceId: string;
  planId: string;
  planName: string;
  category: Category;
  domain?: string;
}

/**
 * What a buyer holds of one plan (lambdas/domain/service-periods.ts), keyed by (userId,
 * serviceId): its renewal date, its version and every period paid for it.
 */
export interface ServiceRecord extends ServiceIdentity, ServiceTerm {
  periods: Record<string, ServicePeriod>;
  /** When its first period was given. */
  createdAt: string;
  updatedAt: string;
  /**
   * Its delivery, written by ProvisioningRecords alone (lambdas/ports/provisioning.ts); absent
   * until provisioning begins.
   */
  provisioning?: StoredProvisioning;
  /** A storage service's bucket, key id, quota and usage (D24), written by StoragePartStore. */
  storage?: StoragePartRecord;
  /**
   * Its renewal life (lambdas/domain/renewal-schedule.ts), written by RenewalSchedule
   * (lambdas/ports/renewals.ts) and, for `nextDueAt`/`dueShard`, by every write of a new renewal
   * date: when its next renewal step falls due (absent: none left), the steps done as
   * `renewalDate|step`, and the claim of the job run acting on a step.
   */
  nextDueAt?: string;
  dueShard?: string;
  renewalDone?: Set<string>;
  renewalClaim?: { token: string; key: string; until: number };
  /** Auto-renew (D25): lambdas/ports/auto-renew.ts, written by AutoRenewStore alone. */
  autoRenew?: AutoRenewRecord;
  /** When the auto-renew job next has something to do (its sparse index); absent: nothing. */
  autoRenewDueAt?: string;
  /** Set when the buyer cancelled it (D16): it has ended, and no renewal mail is sent for it. */
  cancelledAt?: string;
  /** Facts of its life (D22) besides its ledger and cancellation, each written by changeFacts. */
  disputes?: Record<string, 'open' | 'won' | 'lost'>;
  hold?: { at: string; note?: string };
  /** A move to a smaller plan chosen for the renewal (D26): the plan from `from` on. */
  pendingPlan?: PendingPlan;
  endedAt?: string;
  removedAt?: string;
  /**
   * Operators' goodwill extensions (issue #27), by key: days added to the ledger at no charge
   * (goodwillEntries), each written once.
   */
  goodwill?: Record<string, Goodwill>;
  /** What converge last found and did (D22), written by recordLife alone. */
  life?: LifeRecord;
  /** The sparse lifeQueue index's keys: out of step, or due for removal (recordLife). */
  lifeQueue?: LifeQueue;
  lifeQueueAt?: string;
  /** A VPS's choices and what its provider last said (D24), written by updateVps alone. */
  vps?: VpsRecord;
  /**
   * Set on a bundle's part (D24, lambdas/domain/bundle-parts.ts): the bundle's serviceId. A part
   * has no ledger of its own: its life is its bundle's.
   */
  partOf?: string;
  /** A domain transferred in rather than registered (D23), written by putTransfer alone. */
  transfer?: TransferRecord;
}

/** A bundle's part as addPart makes it (D24): its identity, its bundle and the buyer's choices. */
export interface ServicePartItem extends ServiceIdentity {
  partOf: string;
  /** The bundle's renewal date when the part was made (the part's life reads the bundle's). */
  renewalDate: string;
  /** A VPS part's choices (os, hostname, keys), as updateVps's first write gives them. */
  vps?: VpsRecord;
}

/**
 * A domain moving in from another registrar (D23): `requested` until converge asks the registrar
 * (the auth code is kept only until then, and never logged, mailed or shown), then as the
 * registrar says: `pending`, `completed` (the name is ours) or `failed` (refunded in full).
 */
export interface TransferRecord {
  state: 'requested' | 'pending' | 'completed' | 'failed';
  authCode?: string;
  /** The registrar's sentence: the transfer's progress, or why it failed. */
  detail?: string;
  /** When it was last written (a pending transfer: when the registrar was last asked). */
  at: string;
  /** A pending transfer: since when (the waits between asks grow with it). */
  since?: string;
}

/** A fact written onto a service, each in one write conditioned on its version (D22). */
export type ServiceFact =
  | { kind: 'dispute'; paymentId: string; state: 'open' | 'won' | 'lost' }
  | { kind: 'hold'; note?: string }
  /**
   * D26: a smaller plan (a domain: any other tier, #29) from the renewal date on; `cancel-plan`
   * takes the choice back. `inForce`: an earlier choice whose date has come is the service's plan
   * now, so it becomes `planId`/`planName` before the new choice replaces it.
   */
  | { kind: 'schedule-plan'; plan: PendingPlan; inForce?: ServicePlan }
  | { kind: 'cancel-plan' }
  | { kind: 'unhold' }
  | { kind: 'end' }
  | { kind: 'remove' }
  /**
   * An operator's goodwill extension: `days` more, no charge, once per key; the renewal date moves
   * to `renewalDate` (the ledger's end with it) and the renewal schedule starts again from there.
   */
  | { kind: 'extend'; key: string; days: number; renewalDate: string; note?: string };

/** An operator's goodwill extension as the service keeps it. */
export interface Goodwill {
  days: number;
  at: string;
  note?: string;
}

/**
 * The service's ledger entries (D22): its paid periods, and its goodwill days while a paid period
 * still stands (after `withdraw` is taken back too): goodwill extends paid time, it never keeps a
 * service whose every payment was refunded alive.
 */
export function ledgerEntriesOf(
  service: Pick<ServiceRecord, 'periods' | 'goodwill'>,
  withdraw: ReadonlySet<string> = new Set(),
): LedgerEntry[] {
  const periods = Object.values(service.periods);
  const paid = periods.some((p) => !p.refundedAt && !withdraw.has(p.purchaseId));
  return paid && service.goodwill ? [...periods, ...goodwillEntries(service.goodwill)] : periods;
}

/** The goodwill extensions as ledger entries: laid in order of when they were given, unpaid. */
export function goodwillEntries(goodwill: ServiceRecord['goodwill']): LedgerEntry[] {
  return Object.entries(goodwill ?? {}).map(([key, given]) => ({
    purchaseId: `goodwill#${key}`,
    paymentId: `goodwill#${key}`,
    purchaseDate: given.at,
    months: 0,
    days: given.days,
    amountPaise: 0,
  }));
}

/** A service listed by the lifeQueue index. */
export interface QueuedService {
  userId: string;
  serviceId: string;
  planId: string;
  planName: string;
  category: Category;
  domain?: string;
  lifeQueueAt: string;
  life?: LifeRecord;
}

/** What the dashboard reads of a service (serviceOfRecord): the item without its bookkeeping. */
export const SERVICE_SUMMARY_FIELDS = [
  'serviceId',
  'planId',
  'planName',
  'category',
  'domain',
  'createdAt',
  'renewalDate',
  'version',
  'periods',
  'cancelledAt',
  'disputes',
  'hold',
  'pendingPlan',
  'endedAt',
  'removedAt',
  'goodwill',
  'vps',
  'storage',
  'autoRenew',
  'partOf',
  // A domain transferred in (D23): the card shows its state (serviceOfRecord drops the code).
  'transfer',
] as const satisfies readonly (keyof ServiceRecord)[];

/** What the dashboard shows of a service's delivery (serviceProvisioningOf), nothing of its claim. */
export const PROVISIONING_VIEW_FIELDS = {
  state: true,
  username: true,
  server: true,
  panelUrl: true,
  nameservers: true,
  details: true,
  // Shown only for a domain that could not be registered (D23).
  failureReason: true,
  // Not shown: compared with the plan's package, for "Updating…" after a plan change (D26).
  package: true,
} as const satisfies Record<keyof ProvisioningView, true>;

export type ServiceSummary = Pick<ServiceRecord, (typeof SERVICE_SUMMARY_FIELDS)[number]> & {
  provisioning?: ProvisioningView;
};

export interface ServicesStore extends ServicesLifeStore {
  getService(userId: string, serviceId: string): Promise<ServiceRecord | undefined>;
  /** Every service of the buyer, in one query. */
  listServices(userId: string): Promise<ServiceRecord[]>;
  /**
   * Every service of the buyer as the dashboard shows it, in one query that reads only the
   * SERVICE_SUMMARY_FIELDS and the provisioning's PROVISIONING_VIEW_FIELDS.
   */
  listServiceSummaries(userId: string): Promise<ServiceSummary[]>;
  /**
   * Gives `period` to the service in one conditional write, only while the service is still at
   * `expectedVersion` (0: it must not exist yet; it is created from `service`). Sets its renewal
   * date to the period's, adds one to its version, and keeps the period under its purchase id;
   * sets the renewal schedule for the new date (renewalScheduleFor: the reminders start again);
   * touches nothing else on the item. Answers false, writing nothing, when another write came
   * first: read the service again and recompute.
   * With `plan` (a plan change's entry, D26), the same write also names the service's plan from
   * now on and leaves a cancellation as it is (a change gives no time back).
   */
  extendService(
    service: ServiceIdentity,
    period: ServicePeriod,
    expectedVersion: number,
    at: string,
    plan?: ServicePlan,
  ): Promise<boolean>;
  /**
   * Takes periods back after their payments were refunded (D16), in one write conditioned on the
   * service's version, like an extension: marks each period `refundedAt` (kept, so a retry of its
   * payment finds it given), sets the renewal date to `renewalDate` (what is still paid for), adds
   * one to the version, and either ends the service (`cancelledAt`, out of the renewal index) or
   * sets the renewal schedule for the new date. False, writing nothing, when another write came
   * first: read the service again and recompute.
   */
  withdrawPeriods(
    ref: { userId: string; serviceId: string },
    withdrawal: ServiceWithdrawal,
    expectedVersion: number,
  ): Promise<boolean>;
}

export interface ServicesLifeStore {
  /**
   * Records a fact on the service in one write conditioned on `expectedVersion`, adding one to the
   * version (so a converge that read the facts before it loses its write). False, writing nothing,
   * when another write came first.
   */
  changeFacts(
    ref: { userId: string; serviceId: string },
    fact: ServiceFact,
    expectedVersion: number,
    at: string,
  ): Promise<boolean>;
  /**
   * Keeps what converge found, only while the service is still at `seen.version` (its facts as
   * converge read them) and its provisioning in `seen.provisioningState`: a stale converge loses
   * to a newer one. Puts the service on the lifeQueue index (`out-of-step` from its
   * outOfStepSince, or `removal` from its removableFrom) or takes it off.
   */
  recordLife(
    ref: { userId: string; serviceId: string },
    life: LifeRecord,
    seen: { version: number; provisioningState?: string },
  ): Promise<boolean>;
  /** Services on one lifeQueue, oldest first, up to `limit`. */
  listQueue(queue: LifeQueue, limit: number): Promise<QueuedService[]>;
  /** The services of a domain name, any buyer (the byDomain index), for the console's search. */
  findServicesByDomain(domain: string): Promise<QueuedService[]>;
  /**
   * Writes these of the service's VPS fields (D24) and nothing else on the item; the first write
   * must give the buyer's choices (os, hostname, sshKeys). False when the service does not exist,
   * or (a partial write) has no VPS fields yet. `remove` names fields removed in the same write
   * (a reinstall done, a task followed to its end).
   */
  updateVps(
    ref: { userId: string; serviceId: string },
    fields: Partial<VpsRecord>,
    remove?: readonly VpsTransientField[],
  ): Promise<boolean>;
  /**
   * Records the buyer's reinstall (D24) on a service with VPS fields, unless one is recorded
   * already: false then (one at a time), or when the service has no VPS fields.
   */
  requestReinstall(
    ref: { userId: string; serviceId: string },
    reinstall: VpsReinstall,
  ): Promise<boolean>;
  /**
   * Makes a bundle's part item (D24) unless it exists: no ledger, no renewal schedule, version 1.
   * True when this call made it; false when it was there already (nothing written).
   */
  addPart(part: ServicePartItem, at: string): Promise<boolean>;
  /**
   * Moves a bundle's part item (D24) to the plan its bundle's plan now names (D26: the bundle
   * changed plan, or went back when the change was refunded), only while the item is a part and
   * still on `fromPlanId`; adds one to its version. True when this call moved it; false, writing
   * nothing, when it is not a part or another write moved it first.
   */
  setPartPlan(
    ref: { userId: string; serviceId: string },
    plan: ServicePlan,
    fromPlanId: string,
    at: string,
  ): Promise<boolean>;
  /**
   * A bundle's domain part bought without a name (D24) gets the buyer's name: one conditional
   * write that holds only while the item is a domain part with no name. With `replacing`, a
   * domain whose registration failed for that name (a hosting's free domain or a bundle's part,
   * taken meanwhile: D23, D24) gets the new name and its failed delivery removed, so converge registers
   * it afresh; it holds only while the item still has that name and that failure. False otherwise.
   */
  chooseDomain(
    ref: { userId: string; serviceId: string },
    name: string,
    replacing?: string,
  ): Promise<boolean>;
  /**
   * Writes the service's transfer (D23) when the one it has is in state `from` (none, when
   * `from` is undefined). False when the service does not exist or its transfer moved on.
   */
  putTransfer(
    ref: { userId: string; serviceId: string },
    transfer: TransferRecord,
    from?: TransferRecord['state'],
  ): Promise<boolean>;
}

/** A smaller plan chosen for the renewal (D26). */
export interface PendingPlan {
  planId: string;
  planName: string;
  /** The renewal date when it was chosen: the plan from then on. ISO-8601. */
  from: string;
  chosenAt: string;
}

/** The plan a service is on (D26): what its card and its provider part follow. */
export interface ServicePlan {
  planId: string;
  planName: string;
}

export interface ServiceWithdrawal {
  purchaseIds: readonly string[];
  /** Set when a refunded plan change puts the service back on the plan before it (D26). */
  plan?: ServicePlan;
  renewalDate: string;
  /** Set when the service ends now. */
  cancelledAt?: string;
  at: string;
}

/** A service item as the lifeQueue lists it. */
export function queuedServiceOf(item: ServiceRecord): QueuedService {
  return {
    userId: item.userId,
    serviceId: item.serviceId,
    planId: item.planId,
    planName: item.planName,
    category: item.category,
    ...(item.domain ? { domain: item.domain } : {}),
    lifeQueueAt: item.lifeQueueAt ?? '',
    ...(item.life ? { life: item.life } : {}),
  };
}
