/**
 * The counters that number tax invoices and credit notes (docs/decisions.md D15): one per series
 * (`INV/26-27`, `CN/26-27`), each holding the last sequence number handed out and at most one
 * reservation that is not yet written on the purchase it was taken for. Every write is conditional
 * on what the caller read, so two writers can never both move a counter from the same state.
 * How a number is taken exactly once, without gaps, is lambdas/use-cases/issue-document-number.ts.
 */

/** The purchase a number was reserved for. */
export interface DocumentOwner {
  userId: string;
  purchaseId: string;
}

/** A number taken from the counter but not yet written on its owner's purchase. */
export interface PendingReservation {
  /** The reserved sequence number: always the counter's `last`. */
  sequence: number;
  owner: DocumentOwner;
  /** The instant the document is issued at, fixed by the owner before it reserved. */
  issuedAt: string;
}

export interface SeriesCounter {
  series: string;
  /** The last sequence number handed out; 0 before the first. */
  last: number;
  pending?: PendingReservation;
}

export interface DocumentCounters {
  /** The counter as stored (a strongly consistent read); a series never used reads as last 0. */
  read(series: string): Promise<SeriesCounter>;
  /**
   * Takes `seenLast + 1` for `owner`: the counter moves to it with a pending reservation, only if
   * it is still at `seenLast` with nothing pending. False (and nothing written) otherwise.
   */
  reserve(
    series: string,
    seenLast: number,
    owner: DocumentOwner,
    issuedAt: string,
  ): Promise<boolean>;
  /**
   * The reservation of `sequence` for `owner` is on its purchase: the counter keeps the number and
   * drops the reservation. False (nothing written) when that reservation is not pending any more.
   */
  confirm(series: string, sequence: number, owner: DocumentOwner): Promise<boolean>;
  /**
   * The owner turned out to hold a number already: the counter goes back to `sequence - 1`, so
   * the next reservation takes `sequence` again. False (nothing written) when that reservation is
   * not pending any more.
   */
  withdraw(series: string, sequence: number, owner: DocumentOwner): Promise<boolean>;
}
