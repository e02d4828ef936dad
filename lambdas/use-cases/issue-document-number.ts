/**
 * Numbers tax invoices and credit notes (docs/decisions.md D15): consecutive per financial year,
 * each number on exactly one purchase, none skipped, however many times a fulfilment is retried,
 * crashes or runs at once with others. No transactions (dynalite has none): a counter item per
 * series and a write-once number on the purchase, moved in this order:
 *
 *   1. reserve  the counter goes from `last` (nothing pending) to `last + 1`, pending for the owner
 *               (a conditional write on the state read, so exactly one of concurrent callers wins)
 *   2. write    the number on the owner's purchase, only if it holds none (write-once)
 *   3. settle   the purchase holds this number → confirm (the reservation is dropped, the number
 *               stays taken); it holds another one (an earlier attempt got there) → withdraw (the
 *               counter goes back to `last`, so the next reservation takes the same number again)
 *
 * A counter with a reservation pending refuses every new reservation, and whoever finds one
 * pending, the owner's retry at once or anybody else's fulfilment when it is still there after a
 * short pause, does steps 2-3 for it before anything else. So at any moment every number up to `last` is on exactly one purchase, except `last`
 * itself while its reservation is pending:
 * - no duplicate: a number is written only on the owner it was reserved for, once; it is handed
 *   out again only after a withdrawal, which happens only when that owner holds another number
 *   and so can never take this one;
 * - no gap: a reserved number is either on its owner or given back; a number is reserved only
 *   for a purchase that is already recorded (fulfilPayment writes it first), so step 2 can always
 *   be done by whoever comes next;
 * - the one window: a crash between steps 1 and 2 leaves `last` pending, on no purchase, until the
 *   next call for that series, the owner's own retry (Razorpay redelivers an unacknowledged
 *   webhook) or any other buyer's fulfilment, settles it. Until then the purchase shows no number
 *   and no later number exists, so the series still has no gap, and no money moves here.
 */
import {
  documentSeries,
  formatDocumentNumber,
  MAX_SEQUENCE,
  type DocumentKind,
} from '../domain/invoice';
import type {
  DocumentCounters,
  DocumentOwner,
  PendingReservation,
} from '../ports/document-counters';
import type { LogPort } from '../ports/logger';
import type { PurchaseRecord, PurchasesStore } from '../ports/purchases';

export interface IssueDocumentNumberDeps {
  counters: DocumentCounters;
  purchases: Pick<PurchasesStore, 'setDocumentNumber'>;
  log: LogPort;
  /**
   * Waits after losing a race for the counter or finding another's reservation pending; by
   * default a few random milliseconds, more after each lost race.
   */
  pauseAfterLostRace?: (attempt: number) => Promise<void>;
}

export interface DocumentRequest {
  kind: DocumentKind;
  owner: DocumentOwner;
  /**
   * The document's instant, fixed on the owner's record before the first attempt (an invoice's is
   * its purchase's `createdAt`), so every retry draws from the same financial year's series.
   */
  issuedAt: string;
}

/** Enough for dozens of fulfilments at once: each lost race means another caller progressed. */
export const MAX_ATTEMPTS = 200;

export class SeriesExhaustedError extends Error {
  override readonly name = 'SeriesExhaustedError';
  constructor(readonly series: string) {
    super(`The document series ${series} has used all ${MAX_SEQUENCE} numbers.`);
  }
}

export class DocumentCounterBusyError extends Error {
  override readonly name = 'DocumentCounterBusyError';
  constructor(readonly series: string) {
    super(`No number of ${series} could be taken in ${MAX_ATTEMPTS} attempts; retry.`);
  }
}

export class DocumentOwnerMissingError extends Error {
  override readonly name = 'DocumentOwnerMissingError';
  constructor(readonly owner: DocumentOwner) {
    super(`No purchase ${owner.purchaseId} of user ${owner.userId} to number.`);
  }
}

const sameOwner = (a: DocumentOwner, b: DocumentOwner) =>
  a.userId === b.userId && a.purchaseId === b.purchaseId;

/** Random, growing with each lost race, so that a crowd of callers spreads out instead of spinning. */
const randomPause = (attempt: number) =>
  new Promise<void>((resolve) =>
    setTimeout(resolve, 10 + Math.random() * Math.min(250, 20 * attempt)),
  );

/**
 * Steps 2-3 for a pending reservation. Answers the number its owner holds afterwards, or
 * undefined when the owner has no purchase record (a caller's bug: the number is given back, so
 * the series does not stall).
 */
async function settle(
  deps: IssueDocumentNumberDeps,
  kind: DocumentKind,
  series: string,
  pending: PendingReservation,
): Promise<string | undefined> {
  const number = formatDocumentNumber(kind, pending.issuedAt, pending.sequence);
  const { userId, purchaseId } = pending.owner;
  const held = await deps.purchases.setDocumentNumber(
    userId,
    purchaseId,
    kind,
    number,
    pending.issuedAt,
  );
  if (held === number) {
    await deps.counters.confirm(series, pending.sequence, pending.owner);
  } else {
    await deps.counters.withdraw(series, pending.sequence, pending.owner);
  }
  return held;
}

/** The owner's number of `kind`: the one it holds, or the next of the series, taken exactly once. */
export async function issueDocumentNumber(
  deps: IssueDocumentNumberDeps,
  request: DocumentRequest,
): Promise<string> {
  const { kind, owner, issuedAt } = request;
  const series = documentSeries(kind, issuedAt);
  const pause = deps.pauseAfterLostRace ?? randomPause;
  // Another owner's reservation, as last seen: settled only when it is still there after a
  // pause, so a crowd of callers leaves a live owner to finish its own instead of all piling in.
  let waitedOn: string | undefined;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const counter = await deps.counters.read(series);
    const { pending } = counter;
    if (pending && sameOwner(pending.owner, owner)) {
      // Ours, from a concurrent or crashed attempt of this same purchase.
      const held = await settle(deps, kind, series, pending);
      if (held === undefined) throw new DocumentOwnerMissingError(owner);
      return held;
    }
    if (pending) {
      const key = `${pending.sequence} ${pending.owner.userId} ${pending.owner.purchaseId}`;
      if (waitedOn === key) {
        // Left by a crash (or a very slow caller): finishing it for them is what keeps the series
        // free of gaps, and it is idempotent if they finish it too.
        deps.log.info('Settling a pending document number', {
          series,
          sequence: pending.sequence,
          purchaseId: pending.owner.purchaseId,
        });
        await settle(deps, kind, series, pending);
        waitedOn = undefined;
      } else {
        waitedOn = key;
        await pause(attempt);
      }
      continue;
    }
    if (counter.last >= MAX_SEQUENCE) throw new SeriesExhaustedError(series);
    if (await deps.counters.reserve(series, counter.last, owner, issuedAt)) {
      const held = await settle(deps, kind, series, {
        sequence: counter.last + 1,
        owner,
        issuedAt,
      });
      if (held === undefined) throw new DocumentOwnerMissingError(owner);
      return held;
    }
    await pause(attempt);
  }
  throw new DocumentCounterBusyError(series);
}

/**
 * The purchase with its tax invoice's number: the one it holds, or the next of its financial
 * year's series, issued at the purchase's own instant (D15). Call it only once the purchase is
 * recorded.
 */
export async function withInvoiceNumber(
  deps: IssueDocumentNumberDeps,
  purchase: PurchaseRecord,
): Promise<PurchaseRecord> {
  if (purchase.invoiceNumber) return purchase;
  const invoiceNumber = await issueDocumentNumber(deps, {
    kind: 'invoice',
    owner: { userId: purchase.userId, purchaseId: purchase.purchaseId },
    issuedAt: purchase.createdAt,
  });
  return { ...purchase, invoiceNumber, invoiceIssuedAt: purchase.createdAt };
}
