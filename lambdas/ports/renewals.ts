/**
 * The renewal life of the services, as the daily job needs it (lambdas/domain/renewal-schedule.ts):
 * the services due, found by their next due time without reading the rest, and a claim on each
 * step so that it is acted on once per service and renewal date, whatever runs at once or crashed.
 * Kept on the services table's items; writes touch only the renewal fields, never the renewal date,
 * version or periods (extensions) nor the provisioning (ProvisioningRecords).
 */
import type { RenewalStep } from '../domain/renewals';
import type { ServiceRecord } from './services';

export interface ServiceRef {
  userId: string;
  serviceId: string;
}

/**
 * A claim on one step:
 * - `claimed`: this caller acts on the step now; `token` proves it when completing;
 * - `held`: another run holds a live claim on the service (a later run tries again);
 * - `stale`: the service is not as the caller read it: renewed (another renewal date), cancelled,
 *   gone, or the step is done already. Read it again and plan again.
 */
export type RenewalStepClaim =
  { state: 'claimed'; token: string } | { state: 'held' } | { state: 'stale' };

/**
 * The renewal job's claim on a step (RenewalSchedule.claim): claimed, it carries `service`, the
 * service's item as the claim's write left it (that write's own answer: as fresh as a strongly
 * consistent read just after it), so the job acts on it without reading it again (issue #30).
 */
export type ServiceStepClaim =
  | { state: 'claimed'; token: string; service: ServiceRecord }
  | Exclude<RenewalStepClaim, { state: 'claimed' }>;

export interface RenewalSchedule {
  /**
   * The services whose next step is due at or before `now`, earliest first within each shard of
   * the index: only those are read. The index is eventually consistent: plan from what it gives,
   * and let the claim's condition catch what changed.
   */
  listDue(now: Date): AsyncIterable<ServiceRecord>;
  /** The service as it is now (a strongly consistent read). */
  get(ref: ServiceRef): Promise<ServiceRecord | undefined>;
  /**
   * Claims `step` of the service for `renewalDate`, in one conditional write that holds only while
   * the service still renews on `renewalDate`, is not cancelled, has not done the step, and no
   * other live claim is on it. A claim whose holder crashed lapses at `now` + `leaseMs`.
   */
  claim(
    ref: ServiceRef,
    renewalDate: string,
    step: RenewalStep,
    now: Date,
    leaseMs: number,
  ): Promise<ServiceStepClaim>;
  /**
   * Ends the claim: `steps` (the one acted on and any it overtook) are done for `renewalDate`, and
   * the service's next due time becomes `nextDueAt` (absent: none left, it leaves the index)
   * unless its renewal date has changed meanwhile (the extension set its own).
   */
  complete(
    ref: ServiceRef,
    renewalDate: string,
    token: string,
    steps: readonly RenewalStep[],
    nextDueAt: string | undefined,
  ): Promise<void>;
  /** Gives the claim back without doing the step (acting failed): a later run tries again. */
  release(ref: ServiceRef, token: string): Promise<void>;
  /**
   * Records `steps` as done (overtaken, or nothing to act on) and the next due time, without a
   * claim, while the service still renews on `renewalDate`; false when it no longer does.
   * Steps done only grow, so racing writers never undo each other.
   */
  record(
    ref: ServiceRef,
    renewalDate: string,
    steps: readonly RenewalStep[],
    nextDueAt: string | undefined,
  ): Promise<boolean>;
  /** Takes the service out of the index (cancelled, or gone from the catalog): nothing is due. */
  unschedule(ref: ServiceRef): Promise<void>;
}
