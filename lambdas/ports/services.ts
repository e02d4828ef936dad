import type { Category } from '../domain/plan';
import type { ServicePeriod, ServiceTerm } from '../domain/service-periods';
import type { ProvisioningView } from '../domain/provisioning';
import type { StoredProvisioning } from './provisioning';

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
  /** Set when the buyer cancelled it (D16): it has ended, and no renewal mail is sent for it. */
  cancelledAt?: string;
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
] as const satisfies readonly (keyof ServiceRecord)[];

/** What the dashboard shows of a service's delivery (serviceProvisioningOf), nothing of its claim. */
export const PROVISIONING_VIEW_FIELDS = {
  state: true,
  username: true,
  server: true,
  panelUrl: true,
  nameservers: true,
  details: true,
} as const satisfies Record<keyof ProvisioningView, true>;

export type ServiceSummary = Pick<ServiceRecord, (typeof SERVICE_SUMMARY_FIELDS)[number]> & {
  provisioning?: ProvisioningView;
};

export interface ServicesStore {
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

export interface ServiceWithdrawal {
  purchaseIds: readonly string[];
  renewalDate: string;
  /** Set when the service ends now. */
  cancelledAt?: string;
  at: string;
}
