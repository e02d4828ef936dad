/**
 * The store's record of money going back (docs/decisions.md D16), one table keyed by the buyer
 * and the payment:
 * - `store`: the refund a cancellation (or an operator) asked for, one per payment, written as an
 *   intent before Razorpay is called, with the receipt that finds it again at Razorpay;
 * - `outside`: a refund made in Razorpay's dashboard (no receipt of ours), one per Razorpay refund;
 * - `dispute`: a chargeback opened on a payment, one per dispute.
 *
 * Work on a record that must happen once (calling Razorpay, each mail, each event) is a named
 * step: a claim with a lease lets one worker act at a time, and `done` remembers it, so racing
 * deliveries and retries after a crash act once.
 */
import type { Paise } from '../domain/money';
import type { Category } from '../domain/plan';

export type RefundKind = 'store' | 'outside' | 'dispute';
export type RefundOrigin = 'buyer' | 'operator' | 'razorpay';

/**
 * A store refund: `requested` (intent recorded, Razorpay not yet known to have it) → `pending`
 * (Razorpay has it) → `processed` | `failed`; `failed` → `requested` again as the next attempt.
 * An outside refund is `pending`, `processed` or `failed`; a dispute keeps Razorpay's status.
 */
export type RefundRecordStatus = 'requested' | 'pending' | 'processed' | 'failed';

/** What the record says about the purchase the payment made (for mails and the dashboard). */
export interface RefundedPurchase {
  purchaseId: string;
  serviceId?: string;
  planId: string;
  planName: string;
  category: Category;
  domain?: string;
  /** A hosting's free first-year domain (D23): the refund keeps nothing back and leaves it theirs. */
  freeDomain?: string;
  email: string;
  name: string;
}

export interface RefundRecord {
  userId: string;
  /** `paymentId` for the store's refund; `paymentId#rfnd_…` and `paymentId#disp_…` otherwise. */
  refundKey: string;
  kind: RefundKind;
  paymentId: string;
  orderId: string;
  /** Absent when the payment made no purchase (an order an operator refunded from review). */
  purchase?: RefundedPurchase;
  origin: RefundOrigin;
  reason?: string;
  /** What the payment was. */
  paidPaise: Paise;
  /** What this refund gives back (a dispute: the amount disputed). */
  amountPaise: Paise;
  /** What a bundle's refund keeps back for its domain. */
  deductionPaise: Paise;
  status: RefundRecordStatus;
  /** Store refunds: which attempt at Razorpay this is (1 first). */
  attempt: number;
  /** Store refunds: the receipt of the current attempt (refundReceipt). */
  receipt?: string;
  /** Razorpay's refund of the current attempt, once known. */
  gatewayRefundId?: string;
  /** Razorpay's ids of earlier attempts that failed. */
  failedRefundIds?: string[];
  failureReason?: string;
  /** When the record was made: the cancellation's moment. */
  createdAt: string;
  updatedAt: string;
  /** Fixed once, when Razorpay reported it processed: the credit note's instant. */
  processedAt?: string;
  /** Outside refunds: whether it gave back the whole payment. */
  full?: boolean;
  /** Disputes: Razorpay's dispute and its status (open, under_review, won, lost, closed). */
  disputeId?: string;
  disputeStatus?: string;
  /** Set while a person must look at it (the operator's console lists these). */
  attention?: 'yes';
  attentionReason?: string;
  /**
   * Set while the refunds worker has not finished an attempt of a store refund (asking Razorpay,
   * the first mail), from when it was asked for: the payments reconciler re-publishes what the
   * worker never got (a cancel that died before publishing, a worker that died mid-way, a lost
   * RefundFailed). The store sets it on `create` (a store refund at `requested`), on `settle` as
   * failed (the retry is the worker's) and on `nextAttempt`.
   */
  awaitingWorker?: 'yes';
  awaitingSince?: string;
  /** Steps done once, by name, with their instant. */
  done: Record<string, string>;
  /** Steps being done, by name: whose claim and until when (epoch ms). */
  claims: Record<string, { token: string; until: number }>;
}

export type StepClaim = { state: 'claimed'; token: string } | { state: 'held' } | { state: 'done' };

/** What changes when Razorpay's answer about a store refund is written. */
export interface GatewayRefundFacts {
  attempt: number;
  gatewayRefundId: string;
}

export interface RefundsStore {
  get(userId: string, refundKey: string): Promise<RefundRecord | undefined>;
  /** Every record of the buyer (one query). */
  listForUser(userId: string): Promise<RefundRecord[]>;
  /** Writes the record only if there is none under its key; false (nothing written) otherwise. */
  create(record: RefundRecord): Promise<boolean>;
  /**
   * Claims `step` unless it is done or another live claim holds it; a claim whose holder crashed
   * lapses at `now` + `leaseMs`.
   */
  claimStep(
    userId: string,
    refundKey: string,
    step: string,
    now: Date,
    leaseMs: number,
  ): Promise<StepClaim>;
  /** Marks `step` done (keeping the first instant) and ends the claim `token` names, if any. */
  completeStep(
    userId: string,
    refundKey: string,
    step: string,
    at: string,
    token?: string,
  ): Promise<void>;
  /** Gives a claim back without doing the step; a later attempt claims it again. */
  releaseStep(userId: string, refundKey: string, step: string, token: string): Promise<void>;
  /**
   * Razorpay has this attempt's refund: keeps its id (only if the record is still at `attempt` and
   * holds no other id) and moves `requested` to `pending`. False when the record is at another
   * attempt or holds another id.
   */
  recordGatewayRefund(
    userId: string,
    refundKey: string,
    facts: GatewayRefundFacts,
  ): Promise<boolean>;
  /**
   * Razorpay settled this attempt: `processed` (fixing processedAt once) or `failed` (with its
   * reason). Only from `requested`/`pending` at that attempt, and never after `processed`. False
   * when nothing was written (settled already, or another attempt).
   */
  settle(
    userId: string,
    refundKey: string,
    attempt: number,
    outcome: { status: 'processed'; at: string } | { status: 'failed'; at: string; reason: string },
  ): Promise<boolean>;
  /**
   * A failed attempt is tried again: `failed` at `attempt` → `requested` at `attempt + 1` with its
   * receipt, the failed refund's id kept in failedRefundIds. False when it moved already.
   */
  nextAttempt(
    userId: string,
    refundKey: string,
    attempt: number,
    receipt: string,
    at: string,
  ): Promise<boolean>;
  /**
   * An outside refund's or a dispute's status as Razorpay reports it now; creates the record from
   * `record` when missing. Answers the record as stored afterwards.
   */
  upsertReported(record: RefundRecord): Promise<RefundRecord>;
  /**
   * Puts the record on the operators' list (a refund Razorpay keeps failing or refuses); a refund
   * that is processed later leaves the list by itself.
   */
  markNeedsAttention(userId: string, refundKey: string, reason: string, at: string): Promise<void>;
  /**
   * What waits for a person, latest first: store refunds that failed for good, partial refunds
   * made in Razorpay's dashboard, and disputes (a sparse index: no scan).
   */
  listNeedingAttention(limit: number): Promise<RefundRecord[]>;
  /**
   * The worker is done with `attempt` of this store refund: it leaves the reconciler's list.
   * Nothing changes when the record has moved to another attempt.
   */
  finishedByWorker(userId: string, refundKey: string, attempt: number): Promise<void>;
  /**
   * Store refunds the worker has not finished, waiting since before `before`, oldest first, at most
   * `limit` (a sparse index: no scan).
   */
  listAwaitingWorker(before: string, limit: number): Promise<RefundRecord[]>;
  /**
   * Store refunds and refunds made in Razorpay's dashboard (not disputes) made in [`from`, `to`),
   * by createdAt, oldest first (an index by day: no scan). `to` is at most 2 days after `from`.
   */
  listMadeBetween(from: string, to: string): Promise<RefundRecord[]>;
}
