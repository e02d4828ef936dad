/**
 * Auto-renew's record on a service (D25), as the opt-in, the webhooks and the daily job keep it on
 * the services table's item: whether it is on, the mandate, and what the job did for the current
 * renewal date (its cycle). `autoRenewDueAt` keys a sparse index of the services with a mandate
 * and something still to do, so the job reads only the services due.
 */
import type { MandateStatus } from '../domain/auto-renew';
import type { RenewalStepClaim, ServiceRef } from './renewals';
import type { ServiceRecord } from './services';

export type { ServiceRef };

/** A mandate as the store keeps it: nothing that could debit the buyer outside Razorpay. */
export interface MandateRecord {
  tokenId: string;
  customerId: string;
  method: 'card' | 'upi';
  /** What the buyer sees: "Visa •••• 4242" or a masked UPI id. */
  label: string;
  maxAmountPaise: number;
  status: MandateStatus;
  /** When Razorpay said so (its token webhook or the registration payment). */
  since: string;
}

/** The job's progress for one renewal date; a new renewal date starts a new cycle. */
export interface AutoRenewCycleRecord {
  renewalDate: string;
  noticeSentAt?: string;
  noticeAmountPaise?: number;
  payLinkSentAt?: string;
  lastAttemptAt?: string;
  /** The one order for this service and renewal date (every attempt is a payment on it). */
  orderId?: string;
  orderAmountPaise?: number;
  /** A debit created and not yet captured or failed. */
  inFlightPaymentId?: string;
  /** Failed debits the buyer was told of. */
  failedPaymentIds?: string[];
  paidPaymentId?: string;
}

export interface AutoRenewRecord {
  enabled: boolean;
  mandate?: MandateRecord;
  /** The registration order the buyer was asked to authorise (turning it on). */
  pendingOrderId?: string;
  cycle?: AutoRenewCycleRecord;
  claim?: { token: string; until: number };
  changedAt: string;
}

export interface AutoRenewStore {
  /** Services with auto-renew whose next step is due at or before `now` (the sparse index). */
  listDue(now: Date): AsyncIterable<ServiceRecord>;
  get(ref: ServiceRef): Promise<ServiceRecord | undefined>;
  /**
   * One conditional write: the service still renews on `renewalDate`, is not cancelled, has
   * auto-renew on, and no live claim is on it. A crashed holder's claim lapses after `leaseMs`.
   */
  claim(
    ref: ServiceRef,
    renewalDate: string,
    now: Date,
    leaseMs: number,
  ): Promise<RenewalStepClaim>;
  /** Writes the cycle while `token` still holds the claim (kept); false when it no longer does. */
  saveCycle(ref: ServiceRef, token: string, cycle: AutoRenewCycleRecord): Promise<boolean>;
  /** Writes the cycle, ends the claim and sets the next due time (absent: out of the index). */
  complete(
    ref: ServiceRef,
    token: string,
    cycle: AutoRenewCycleRecord,
    nextDueAt: string | undefined,
  ): Promise<void>;
  release(ref: ServiceRef, token: string): Promise<void>;
  /** Points the index at `nextDueAt` (absent: out of it) without a claim. */
  reschedule(ref: ServiceRef, nextDueAt: string | undefined): Promise<void>;
  /**
   * Turns auto-renew on or off, keeps a mandate or a pending registration order, in one write;
   * `nextDueAt` puts the service in the job's index or takes it out. The service as it is after;
   * undefined when there is no such service.
   */
  setAutoRenew(
    ref: ServiceRef,
    change: {
      enabled: boolean;
      mandate?: MandateRecord | null;
      pendingOrderId?: string | null;
      nextDueAt?: string | null;
    },
    at: string,
  ): Promise<ServiceRecord | undefined>;
  /** The service a mandate (token) belongs to. */
  findByToken(tokenId: string): Promise<ServiceRef | undefined>;
  /** The service a registration order belongs to. */
  findByPendingOrder(orderId: string): Promise<ServiceRef | undefined>;
}
