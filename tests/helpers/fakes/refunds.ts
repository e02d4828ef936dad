/**
 * The refunds port in memory, with the DynamoDB adapter's conditions (tests/unit/contracts/
 * refunds.test.ts runs one spec against both). Yields between reads and writes, as a network
 * round trip would, so concurrent callers interleave.
 */
import { randomUUID } from 'node:crypto';
import type {
  GatewayRefundFacts,
  RefundRecord,
  RefundsStore,
  StepClaim,
} from '../../../lambdas/ports/refunds';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const clone = <T>(value: T): T => structuredClone(value);

export class InMemoryRefundsStore implements RefundsStore {
  readonly items = new Map<string, RefundRecord>();
  private key = (userId: string, refundKey: string) => `${userId}#${refundKey}`;

  all(): RefundRecord[] {
    return [...this.items.values()].map(clone);
  }

  async get(userId: string, refundKey: string): Promise<RefundRecord | undefined> {
    await tick();
    const item = this.items.get(this.key(userId, refundKey));
    return item && clone(item);
  }

  async listForUser(userId: string): Promise<RefundRecord[]> {
    await tick();
    return this.all()
      .filter((r) => r.userId === userId)
      .sort((a, b) => a.refundKey.localeCompare(b.refundKey));
  }

  async create(record: RefundRecord): Promise<boolean> {
    await tick();
    const key = this.key(record.userId, record.refundKey);
    if (this.items.has(key)) return false;
    const awaiting =
      record.kind === 'store' && record.status === 'requested'
        ? {
            awaitingWorker: 'yes' as const,
            awaitingSince: record.awaitingSince ?? record.createdAt,
          }
        : {};
    this.items.set(key, clone({ ...record, ...awaiting }));
    return true;
  }

  async claimStep(
    userId: string,
    refundKey: string,
    step: string,
    now: Date,
    leaseMs: number,
  ): Promise<StepClaim> {
    await tick();
    const item = this.items.get(this.key(userId, refundKey));
    if (!item) throw new Error(`No refund record ${refundKey} to claim ${step} on`);
    if (item.done[step]) return { state: 'done' };
    const claim = item.claims[step];
    if (claim && claim.until >= now.getTime()) return { state: 'held' };
    const token = randomUUID();
    item.claims[step] = { token, until: now.getTime() + leaseMs };
    return { state: 'claimed', token };
  }

  async completeStep(
    userId: string,
    refundKey: string,
    step: string,
    at: string,
    token?: string,
  ): Promise<void> {
    await tick();
    const item = this.items.get(this.key(userId, refundKey));
    if (!item) throw new Error('ConditionalCheckFailedException');
    item.done[step] ??= at;
    item.updatedAt = at;
    const claim = item.claims[step];
    if (claim && claim.token === token) delete item.claims[step];
  }

  async releaseStep(userId: string, refundKey: string, step: string, token: string): Promise<void> {
    await tick();
    const item = this.items.get(this.key(userId, refundKey));
    if (item?.claims[step]?.token === token) delete item.claims[step];
  }

  async recordGatewayRefund(
    userId: string,
    refundKey: string,
    facts: GatewayRefundFacts,
  ): Promise<boolean> {
    await tick();
    const item = this.items.get(this.key(userId, refundKey));
    if (!item || item.attempt !== facts.attempt) return false;
    if (item.gatewayRefundId && item.gatewayRefundId !== facts.gatewayRefundId) return false;
    item.gatewayRefundId = facts.gatewayRefundId;
    if (item.status === 'requested') item.status = 'pending';
    return true;
  }

  async settle(
    userId: string,
    refundKey: string,
    attempt: number,
    outcome: { status: 'processed'; at: string } | { status: 'failed'; at: string; reason: string },
  ): Promise<boolean> {
    await tick();
    const item = this.items.get(this.key(userId, refundKey));
    if (!item || item.attempt !== attempt) return false;
    if (item.status !== 'requested' && item.status !== 'pending') return false;
    item.status = outcome.status;
    item.updatedAt = outcome.at;
    if (outcome.status === 'processed') {
      item.processedAt ??= outcome.at;
      delete item.attention;
      delete item.attentionReason;
    } else {
      item.failureReason = outcome.reason;
      item.awaitingWorker = 'yes';
      item.awaitingSince = outcome.at;
    }
    return true;
  }

  async nextAttempt(
    userId: string,
    refundKey: string,
    attempt: number,
    receipt: string,
    at: string,
  ): Promise<boolean> {
    await tick();
    const item = this.items.get(this.key(userId, refundKey));
    if (!item || item.attempt !== attempt || item.status !== 'failed') return false;
    item.failedRefundIds = [
      ...(item.failedRefundIds ?? []),
      ...(item.gatewayRefundId ? [item.gatewayRefundId] : []),
    ];
    delete item.gatewayRefundId;
    item.attempt = attempt + 1;
    item.receipt = receipt;
    item.status = 'requested';
    item.updatedAt = at;
    item.awaitingWorker = 'yes';
    item.awaitingSince = at;
    return true;
  }

  async upsertReported(record: RefundRecord): Promise<RefundRecord> {
    if (await this.create(record)) return clone(record);
    await tick();
    const item = this.items.get(this.key(record.userId, record.refundKey));
    if (!item) throw new Error(`refund record ${record.refundKey} vanished`);
    if (record.kind === 'dispute') {
      item.disputeStatus = record.disputeStatus ?? 'open';
      item.updatedAt = record.updatedAt;
    } else if (item.status === 'pending') {
      item.status = record.status;
      item.amountPaise = record.amountPaise;
      item.full = record.full ?? false;
      item.updatedAt = record.updatedAt;
      if (record.processedAt) item.processedAt ??= record.processedAt;
    }
    return clone(item);
  }

  async markNeedsAttention(
    userId: string,
    refundKey: string,
    reason: string,
    at: string,
  ): Promise<void> {
    await tick();
    const item = this.items.get(this.key(userId, refundKey));
    if (!item) throw new Error('ConditionalCheckFailedException');
    item.attention = 'yes';
    item.attentionReason = reason;
    item.updatedAt = at;
  }

  async finishedByWorker(userId: string, refundKey: string, attempt: number): Promise<void> {
    await tick();
    const item = this.items.get(this.key(userId, refundKey));
    if (!item || item.attempt !== attempt) return;
    delete item.awaitingWorker;
    delete item.awaitingSince;
  }

  async listAwaitingWorker(before: string, limit: number): Promise<RefundRecord[]> {
    await tick();
    return this.all()
      .filter((r) => r.awaitingWorker === 'yes' && (r.awaitingSince ?? '') < before)
      .sort((a, b) => (a.awaitingSince ?? '').localeCompare(b.awaitingSince ?? ''))
      .slice(0, limit);
  }

  async listMadeBetween(from: string, to: string): Promise<RefundRecord[]> {
    await tick();
    return this.all()
      .filter((r) => r.kind !== 'dispute' && r.createdAt >= from && r.createdAt < to)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async listNeedingAttention(limit: number): Promise<RefundRecord[]> {
    await tick();
    return this.all()
      .filter((r) => r.attention === 'yes')
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, limit);
  }
}
