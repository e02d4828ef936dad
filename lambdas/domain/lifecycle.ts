/**
 * A service's life (docs/decisions.md D22): from the facts recorded on it (its ledger of paid
 * periods, a cancellation, open disputes, an operator's hold or end, a removal) and the time now,
 * one pure function says what the service should be: its **desired state**. Converge
 * (lambdas/use-cases/converge-service.ts) then drives each provider part to it and records what it
 * found (the **actual** state). Nothing else decides whether a service is live.
 *
 * | desired | when | on the provider |
 * |---|---|---|
 * | `setting_up` | paid and live, not delivered yet | being created |
 * | `active` | paid time covers now | live |
 * | `grace` | expired at most 7 days ago | still live |
 * | `suspended` | expired over 7 days ago, a dispute open, an operator's hold | suspended, data kept |
 * | `ended` | cancelled with a refund, every period refunded, a dispute lost, ended by an operator | suspended, data kept |
 * | `removed` | an operator confirmed its removal (listed 30 days after it ended) | gone |
 *
 * Pure: time is an input.
 */
import { ledgerOf, type Ledger, type LedgerEntry } from './ledger';
import { dueAt } from './renewals';

export const SERVICE_STATES = [
  'setting_up',
  'active',
  'grace',
  'suspended',
  'ended',
  'removed',
] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** Why a service is suspended. (A cancellation ends a service rather than suspending it.) */
export const SUSPENSION_REASONS = ['expired', 'dispute', 'operator'] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];

/** A service is listed for removal this many days after it ended; removal is never automatic. */
export const REMOVAL_AFTER_DAYS = 30;
/** A service out of step this long is listed for operators and converged by the reconciler. */
export const OUT_OF_STEP_AFTER_MS = 15 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The facts recorded on a service that its life is decided from. */
export interface LifeFacts {
  periods: readonly LedgerEntry[] | Readonly<Record<string, LedgerEntry>>;
  /** When the buyer cancelled it (or a refund ended it): ended unless paid time runs past it. */
  cancelledAt?: string;
  /** Payments under dispute at Razorpay (payment id → its state). */
  disputes?: Readonly<Record<string, 'open' | 'won' | 'lost'>>;
  /** An operator's hold: suspended until lifted. */
  hold?: { at: string; note?: string };
  /** An operator ended it. */
  endedAt?: string;
  /** An operator confirmed its removal from every provider. */
  removedAt?: string;
  /** Whether its provider parts were ever delivered (the panel account made, set up by hand). */
  delivered: boolean;
}

export interface Life {
  state: ServiceState;
  /** Why it is suspended (empty unless `suspended`). */
  reasons: SuspensionReason[];
  ledger: Ledger;
  /** When it ended (ended and removed). */
  endedAt?: string;
  /** When it may be removed: REMOVAL_AFTER_DAYS after it ended. */
  removableFrom?: string;
}

export type DisputeState = 'open' | 'won' | 'lost';

/**
 * A dispute only moves forward: opened, then decided (won or lost), and a decision is final.
 * Razorpay's webhooks come in any order and a failed delivery is retried under its own event id,
 * so a late `payment.dispute.created` must not open a decided dispute again.
 */
export function canMoveDispute(from: DisputeState | undefined, to: DisputeState): boolean {
  if (from === undefined) return true;
  return from === 'open' && to !== 'open';
}

/** Whether the provider should be serving it: the panel login works, the VM runs. */
export function isLive(state: ServiceState): boolean {
  return state === 'active' || state === 'grace' || state === 'setting_up';
}

/** When the service ended, or undefined while it has not. */
function endOf(facts: LifeFacts, ledger: Ledger): string | undefined {
  if (facts.endedAt) return facts.endedAt;
  if (ledger.paidUntil === undefined) {
    // Every period withdrawn: it ended with the last withdrawal (or when cancelled).
    const last = ledger.withdrawn
      .map((entry) => entry.refundedAt ?? '')
      .reduce((latest, at) => (at > latest ? at : latest), '');
    return facts.cancelledAt ?? (last || undefined);
  }
  if (facts.cancelledAt && ledger.paidUntil <= facts.cancelledAt) return facts.cancelledAt;
  return undefined;
}

/** The desired state of a service with these facts at `now` (D22). */
export function lifeOf(facts: LifeFacts, now: Date): Life {
  const ledger = ledgerOf(facts.periods);
  const endedAt = endOf(facts, ledger);
  if (facts.removedAt) {
    return { state: 'removed', reasons: [], ledger, ...(endedAt ? { endedAt } : {}) };
  }
  if (endedAt !== undefined) {
    const removableFrom = new Date(new Date(endedAt).getTime() + REMOVAL_AFTER_DAYS * DAY_MS);
    return {
      state: 'ended',
      reasons: [],
      ledger,
      endedAt,
      removableFrom: removableFrom.toISOString(),
    };
  }
  const paidUntil = new Date(ledger.paidUntil as string);
  const reasons: SuspensionReason[] = [];
  if (now.getTime() >= dueAt('suspended', paidUntil).getTime()) reasons.push('expired');
  if (Object.values(facts.disputes ?? {}).includes('open')) reasons.push('dispute');
  if (facts.hold) reasons.push('operator');
  if (reasons.length > 0) return { state: 'suspended', reasons, ledger };
  const live = now.getTime() >= paidUntil.getTime() ? 'grace' : 'active';
  return { state: facts.delivered ? live : 'setting_up', reasons: [], ledger };
}

/**
 * What a provider part is, as converge saw it: `absent` (never made, or being made), `live`,
 * `suspended`, `removed`, `failed` (the provider refused to make it: a person must look).
 */
export type PartState = 'absent' | 'live' | 'suspended' | 'removed' | 'failed';

/** Whether a part in `actual` is where `desired` wants it. */
export function isInStep(desired: ServiceState, actual: PartState): boolean {
  switch (desired) {
    case 'setting_up':
    case 'active':
    case 'grace':
      return actual === 'live';
    case 'suspended':
    case 'ended':
      // Never made (or refused) is as good as suspended: nothing is served.
      return actual !== 'live';
    case 'removed':
      return actual !== 'live' && actual !== 'suspended';
  }
}

/**
 * Whether a service out of step since `since` is overdue for attention at `now`: listed for
 * operators, converged again by the reconciler, counted by the alarm.
 */
export function isOverdue(since: string | undefined, now: Date): boolean {
  return since !== undefined && now.getTime() - new Date(since).getTime() >= OUT_OF_STEP_AFTER_MS;
}

/**
 * Since when a service is out of step at `now`, if it is: a date ahead is when a domain's tier
 * chosen for its renewal comes into force (#29), when converge looks again, not a step missed.
 */
export function outOfStepAt(since: string | undefined, now: Date): string | undefined {
  return since !== undefined && Date.parse(since) <= now.getTime() ? since : undefined;
}

/** Whether an ended service is listed for removal at `now`. */
export function isDueForRemoval(life: Life, now: Date): boolean {
  return (
    life.state === 'ended' &&
    life.removableFrom !== undefined &&
    now.getTime() >= new Date(life.removableFrom).getTime()
  );
}

/** What converge saw and did, kept on the service (docs/api.md, Service.state). */
export interface LifeRecord {
  desired: ServiceState;
  reasons: SuspensionReason[];
  /** The provider part as converge left it. */
  actual: PartState;
  /** When converge last looked. */
  at: string;
  /** Since when actual has differed from desired (absent while in step). */
  outOfStepSince?: string;
  /** The last error a provider answered, for the operator. Never a secret. */
  lastError?: string;
  /** The end of the paid time (the ledger's), absent when nothing is paid. */
  paidUntil?: string;
  /** When an ended service may be removed. */
  removableFrom?: string;
}

/** The two queues of the services table's lifeQueue index. */
export type LifeQueue = 'out-of-step' | 'removal';

/** Where a service with this life record stands on the lifeQueue index, if anywhere. */
export function lifeQueueOf(life: LifeRecord): { queue: LifeQueue; at: string } | undefined {
  if (life.outOfStepSince) return { queue: 'out-of-step', at: life.outOfStepSince };
  if (life.desired === 'ended' && life.removableFrom) {
    return { queue: 'removal', at: life.removableFrom };
  }
  return undefined;
}
