/**
 * A service's ledger of paid periods (docs/decisions.md D22): the one place where a service's paid
 * time is computed. Refunds, renewals, cancellations, the dashboard, invoices and the console read
 * it; nothing else adds months to dates.
 *
 * - One entry per captured payment (ServicePeriod, kept on the service by purchase id), each
 *   `months` long.
 * - Entries are laid end to end in payment order, from the first payment: an entry starts where
 *   the one before it ends, or when it was paid if that is later (a service renewed after it had
 *   lapsed starts again on the day of the payment, D5). A period never starts before it was paid
 *   for.
 * - A refunded or charged-back entry is withdrawn (`refundedAt`): it counts for nothing, and the
 *   entries after it move up. So a refunded first year of a service renewed once leaves the
 *   renewal's month alone, starting when it was paid.
 * - The renewal date is the end of the last entry still paid.
 * - A plan change (D26) is an entry too, paid for by its own payment, but it adds no time: it
 *   says which plan the service is on from that moment (`change`), and the renewal date stays.
 *   A refunded change is withdrawn like any entry, and the plan goes back to the one before it.
 *
 * Pure: no clock, no I/O.
 */
import type { Paise } from './money';
import { addMonths } from './services';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One entry as the service keeps it (a ServicePeriod's fields the ledger reads). */
export interface LedgerEntry {
  purchaseId: string;
  paymentId: string;
  /** When the payment was fulfilled (ServicePeriod.purchaseDate). ISO-8601. */
  purchaseDate: string;
  months: number;
  /** Days on top of the months: an operator's goodwill extension (months 0, nothing paid). */
  days?: number;
  amountPaise: Paise;
  /** Set once the payment was refunded or charged back: the entry is withdrawn. */
  refundedAt?: string;
  /** Set on a plan change's entry (D26): it adds no time, it changes the plan. */
  change?: PlanChangeFacts;
}

/** What a plan change's payment bought: the plan from then on, for the days left of the period. */
export interface PlanChangeFacts {
  fromPlanId: string;
  fromPlanName: string;
  toPlanId: string;
  toPlanName: string;
  /** The difference paid before GST (charge − credit). */
  taxablePaise: Paise;
  /** India calendar days from the change to the renewal date, of the period's `periodDays`. */
  remainingDays: number;
  periodDays: number;
}

/** A plan change still paid, in payment order. */
export interface LaidChange extends PlanChangeFacts {
  purchaseId: string;
  paymentId: string;
  paidAt: string;
}

/** An entry still paid, laid on the calendar. Dates are ISO-8601. */
export interface LaidPeriod {
  purchaseId: string;
  paymentId: string;
  paidAt: string;
  startDate: string;
  renewalDate: string;
  months: number;
  amountPaise: Paise;
}

export interface Ledger {
  /** Entries still paid, in payment order, laid end to end. */
  periods: LaidPeriod[];
  /** Entries withdrawn by a refund or a chargeback, in payment order. */
  withdrawn: LedgerEntry[];
  /** The end of the last period still paid; undefined when none is. */
  paidUntil?: string;
  /** When the first entry still paid starts. */
  paidFrom?: string;
  /** Plan changes still paid (D26), in payment order; they add no time. */
  changes: LaidChange[];
}

/** Payment order: by when each was paid, then by purchase id (a stable order for equal times). */
function byPayment(a: LedgerEntry, b: LedgerEntry): number {
  return a.purchaseDate.localeCompare(b.purchaseDate) || a.purchaseId.localeCompare(b.purchaseId);
}

/**
 * The ledger of `entries` (any order; a record of entries by purchase id works too), with
 * `withdraw` taken out as if they were refunded too (a plan: what a cancellation would leave).
 */
export function ledgerOf(
  entries: readonly LedgerEntry[] | Readonly<Record<string, LedgerEntry>>,
  withdraw: ReadonlySet<string> = new Set(),
): Ledger {
  const all = (Array.isArray(entries) ? [...entries] : Object.values(entries)).sort(byPayment);
  const periods: LaidPeriod[] = [];
  const withdrawn: LedgerEntry[] = [];
  const changes: LaidChange[] = [];
  let end: Date | undefined;
  for (const entry of all) {
    if (entry.refundedAt !== undefined || withdraw.has(entry.purchaseId)) {
      withdrawn.push(entry);
      continue;
    }
    if (entry.change) {
      changes.push({
        ...entry.change,
        purchaseId: entry.purchaseId,
        paymentId: entry.paymentId,
        paidAt: entry.purchaseDate,
      });
      continue;
    }
    const paidAt = new Date(entry.purchaseDate);
    if (Number.isNaN(paidAt.getTime())) {
      throw new RangeError(`entry ${entry.purchaseId} has no payment date: ${entry.purchaseDate}`);
    }
    const start = end && end.getTime() > paidAt.getTime() ? end : paidAt;
    end = addMonths(start, entry.months);
    if (entry.days) end = new Date(end.getTime() + entry.days * DAY_MS);
    periods.push({
      purchaseId: entry.purchaseId,
      paymentId: entry.paymentId,
      paidAt: entry.purchaseDate,
      startDate: start.toISOString(),
      renewalDate: end.toISOString(),
      months: entry.months,
      amountPaise: entry.amountPaise,
    });
  }
  const first = periods[0];
  return {
    periods,
    withdrawn,
    changes,
    ...(end ? { paidUntil: end.toISOString() } : {}),
    ...(first ? { paidFrom: first.startDate } : {}),
  };
}

/**
 * Where a payment made at `paidAt` for `months` lands on the ledger: after every entry still paid
 * (or at `paidAt`, if that is later). The same arithmetic as ledgerOf, for one more entry.
 */
export function nextPeriod(
  ledger: Pick<Ledger, 'paidUntil'>,
  months: number,
  paidAt: Date,
): { startDate: Date; renewalDate: Date } {
  const until = ledger.paidUntil ? new Date(ledger.paidUntil) : undefined;
  const startDate = until && until.getTime() > paidAt.getTime() ? until : paidAt;
  return { startDate, renewalDate: addMonths(startDate, months) };
}

/** Whole milliseconds of paid time on the ledger: the sum of its periods still paid. */
export function paidTimeMs(ledger: Ledger): number {
  return ledger.periods.reduce(
    (sum, p) => sum + (new Date(p.renewalDate).getTime() - new Date(p.startDate).getTime()),
    0,
  );
}

/** The period of the ledger in force at `at`, or the last one when none is (expired or unpaid). */
export function periodAt(ledger: Ledger, at: Date): LaidPeriod | undefined {
  const time = at.getTime();
  return (
    ledger.periods.find(
      (p) => new Date(p.startDate).getTime() <= time && time < new Date(p.renewalDate).getTime(),
    ) ?? ledger.periods[ledger.periods.length - 1]
  );
}

/**
 * The plan the service is on (D26): the last plan change still paid, else the plan it was bought
 * as (the first change's `from`, as the service item may already name a later plan), else `base`.
 */
export function planOfLedger(
  ledger: Pick<Ledger, 'changes' | 'withdrawn'>,
  base: { planId: string; planName: string },
): { planId: string; planName: string } {
  const last = ledger.changes[ledger.changes.length - 1];
  if (last) return { planId: last.toPlanId, planName: last.toPlanName };
  const first = ledger.withdrawn.find((entry) => entry.change)?.change;
  if (first) return { planId: first.fromPlanId, planName: first.fromPlanName };
  return { planId: base.planId, planName: base.planName };
}
