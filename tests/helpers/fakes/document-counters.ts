/**
 * The document counters in memory, with the DynamoDB adapter's conditions (the contract spec in
 * tests/unit/contracts/document-counters.test.ts runs against both), yielding before each call so
 * that concurrent callers interleave as they would over the network.
 */
import type {
  DocumentCounters,
  DocumentOwner,
  SeriesCounter,
} from '../../../lambdas/ports/document-counters';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export class InMemoryDocumentCounters implements DocumentCounters {
  readonly items = new Map<string, SeriesCounter>();

  async read(series: string): Promise<SeriesCounter> {
    await tick();
    return structuredClone(this.items.get(series) ?? { series, last: 0 });
  }

  async reserve(
    series: string,
    seenLast: number,
    owner: DocumentOwner,
    issuedAt: string,
  ): Promise<boolean> {
    await tick();
    const counter = this.items.get(series) ?? { series, last: 0 };
    if (counter.last !== seenLast || counter.pending) return false;
    const sequence = seenLast + 1;
    this.items.set(series, {
      series,
      last: sequence,
      pending: { sequence, owner: { ...owner }, issuedAt },
    });
    return true;
  }

  async confirm(series: string, sequence: number, owner: DocumentOwner): Promise<boolean> {
    await tick();
    if (!this.isPending(series, sequence, owner)) return false;
    this.items.set(series, { series, last: sequence });
    return true;
  }

  async withdraw(series: string, sequence: number, owner: DocumentOwner): Promise<boolean> {
    await tick();
    if (!this.isPending(series, sequence, owner)) return false;
    this.items.set(series, { series, last: sequence - 1 });
    return true;
  }

  private isPending(series: string, sequence: number, owner: DocumentOwner): boolean {
    const counter = this.items.get(series);
    return (
      counter?.last === sequence &&
      counter.pending?.sequence === sequence &&
      counter.pending.owner.userId === owner.userId &&
      counter.pending.owner.purchaseId === owner.purchaseId
    );
  }
}
