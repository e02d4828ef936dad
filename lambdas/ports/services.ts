import type { LifeQueue, LifeRecord } from '../domain/lifecycle';

export type { LifeQueue, LifeRecord };
import type { Category } from '../domain/plan';
import type { ServicePeriod, ServiceTerm } from '../domain/service-periods';
import type { ProvisioningView } from '../domain/provisioning';
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
  endedAt?: string;
  removedAt?: string;
  /** What converge last found and did (D22), written by recordLife alone. */
  life?: LifeRecord;
  /** The sparse lifeQueue index's keys: out of step, or due for removal (recordLife). */
  lifeQueue?: LifeQueue;
  lifeQueueAt?: string;
}

/** A fact written onto a service, each in one write conditioned on its version (D22). */
export type ServiceFact =
  | { kind: 'dispute'; paymentId: string; state: 'open' | 'won' | 'lost' }
  | { kind: 'hold'; note?: string }
  | { kind: 'unhold' }
  | { kind: 'end' }
  | { kind: 'remove' };

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
  'endedAt',
  'removedAt',
  'autoRenew',
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
   */
  extendService(
    service: ServiceIdentity,
    period: ServicePeriod,
    expectedVersion: number,
    at: string,
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
}

export interface ServiceWithdrawal {
  purchaseIds: readonly string[];
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
