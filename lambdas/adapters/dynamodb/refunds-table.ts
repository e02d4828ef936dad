import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  paginateQuery,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type {
  GatewayRefundFacts,
  RefundRecord,
  RefundsStore,
  StepClaim,
} from '../../ports/refunds';
import { isConditionFailure, sendIfConditionHolds } from './clients';
import { takeLeaseClaim } from './lease-claim';
import { queryAll } from './query-all';

/** The sparse index of records a person must look at (lambdas/system/facts.ts). */
const ATTENTION_INDEX = 'needsAttention';
/** The sparse index of store refunds the worker has not finished, for the reconciler. */
const AWAITING_INDEX = 'awaitingWorker';
/** Store and outside refunds by the UTC day they were made (`madeOn`), for the console's Today. */
const DAY_INDEX = 'byDay';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The item as written: a record plus the index keys derived from it. */
function itemOf(record: RefundRecord): RefundRecord & { madeOn?: string } {
  const awaiting =
    record.kind === 'store' && record.status === 'requested'
      ? { awaitingWorker: 'yes' as const, awaitingSince: record.awaitingSince ?? record.createdAt }
      : {};
  const madeOn = record.kind === 'dispute' ? {} : { madeOn: record.createdAt.slice(0, 10) };
  return { ...record, ...awaiting, ...madeOn };
}

/** The refunds table: one item per store refund, outside refund and dispute, keyed (userId, refundKey). */
export class DynamoRefundsStore implements RefundsStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  private key(userId: string, refundKey: string) {
    return { userId, refundKey };
  }

  async get(userId: string, refundKey: string): Promise<RefundRecord | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table(),
        Key: this.key(userId, refundKey),
        ConsistentRead: true,
      }),
    );
    return Item as RefundRecord | undefined;
  }

  async listForUser(userId: string): Promise<RefundRecord[]> {
    return queryAll<RefundRecord>(this.client, {
      TableName: this.table(),
      KeyConditionExpression: 'userId = :user',
      ExpressionAttributeValues: { ':user': userId },
      ConsistentRead: true,
    });
  }

  async listNeedingAttention(limit: number): Promise<RefundRecord[]> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: ATTENTION_INDEX,
        KeyConditionExpression: 'attention = :yes',
        ExpressionAttributeValues: { ':yes': 'yes' },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (Items ?? []) as RefundRecord[];
  }

  async finishedByWorker(userId: string, refundKey: string, attempt: number): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: this.key(userId, refundKey),
          UpdateExpression: 'REMOVE awaitingWorker, awaitingSince',
          ConditionExpression: 'attempt = :attempt',
          ExpressionAttributeValues: { ':attempt': attempt },
        }),
      );
    } catch (error) {
      // Moved on to another attempt (or no record): that attempt is still the worker's.
      if (!isConditionFailure(error)) throw error;
    }
  }

  async listAwaitingWorker(before: string, limit: number): Promise<RefundRecord[]> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: AWAITING_INDEX,
        KeyConditionExpression: 'awaitingWorker = :yes AND awaitingSince < :before',
        ExpressionAttributeValues: { ':yes': 'yes', ':before': before },
        Limit: limit,
      }),
    );
    return (Items ?? []) as RefundRecord[];
  }

  async listMadeBetween(from: string, to: string): Promise<RefundRecord[]> {
    const first = Date.parse(from.slice(0, 10));
    const last = Date.parse(new Date(Date.parse(to) - 1).toISOString().slice(0, 10));
    if (!(last - first <= 2 * DAY_MS)) {
      throw new RangeError(`refunds are listed for at most 2 days: ${from} to ${to}`);
    }
    const records: RefundRecord[] = [];
    for (let day = first; day <= last; day += DAY_MS) {
      const pages = paginateQuery(
        { client: this.client },
        {
          TableName: this.table(),
          IndexName: DAY_INDEX,
          // BETWEEN includes `to`; the day's end is left out below.
          KeyConditionExpression: 'madeOn = :day AND createdAt BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':day': new Date(day).toISOString().slice(0, 10),
            ':from': from,
            ':to': to,
          },
        },
      );
      for await (const page of pages) records.push(...((page.Items ?? []) as RefundRecord[]));
    }
    return records.filter((r) => r.createdAt < to);
  }

  async create(record: RefundRecord): Promise<boolean> {
    return sendIfConditionHolds(
      this.client,
      new PutCommand({
        TableName: this.table(),
        Item: itemOf(record),
        ConditionExpression: 'attribute_not_exists(refundKey)',
      }),
    );
  }

  async claimStep(
    userId: string,
    refundKey: string,
    step: string,
    now: Date,
    leaseMs: number,
  ): Promise<StepClaim> {
    const token = await takeLeaseClaim(
      this.client,
      {
        TableName: this.table(),
        Key: this.key(userId, refundKey),
        existing: 'refundKey',
        claim: 'claims.#step',
        done: 'done.#step',
        names: { '#step': step },
      },
      now,
      leaseMs,
    );
    if (token) return { state: 'claimed', token };
    const record = await this.get(userId, refundKey);
    if (!record) throw new Error(`No refund record ${refundKey} to claim ${step} on`);
    return record.done[step] ? { state: 'done' } : { state: 'held' };
  }

  async completeStep(
    userId: string,
    refundKey: string,
    step: string,
    at: string,
    token?: string,
  ): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: this.key(userId, refundKey),
          UpdateExpression:
            'SET done.#step = if_not_exists(done.#step, :at), updatedAt = :at REMOVE claims.#step',
          // A claim that lapsed and was taken over is the new holder's to end.
          ConditionExpression: token
            ? 'attribute_exists(refundKey) AND (attribute_not_exists(claims.#step) OR claims.#step.#token = :token)'
            : 'attribute_exists(refundKey) AND attribute_not_exists(claims.#step)',
          ExpressionAttributeNames: { '#step': step, ...(token ? { '#token': 'token' } : {}) },
          ExpressionAttributeValues: { ':at': at, ...(token ? { ':token': token } : {}) },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Someone else holds it now: only mark it done, leaving their claim to them.
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: this.key(userId, refundKey),
          UpdateExpression: 'SET done.#step = if_not_exists(done.#step, :at), updatedAt = :at',
          ConditionExpression: 'attribute_exists(refundKey)',
          ExpressionAttributeNames: { '#step': step },
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    }
  }

  async releaseStep(userId: string, refundKey: string, step: string, token: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: this.key(userId, refundKey),
          UpdateExpression: 'REMOVE claims.#step',
          ConditionExpression: 'claims.#step.#token = :token',
          ExpressionAttributeNames: { '#step': step, '#token': 'token' },
          ExpressionAttributeValues: { ':token': token },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async recordGatewayRefund(
    userId: string,
    refundKey: string,
    facts: GatewayRefundFacts,
  ): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: this.key(userId, refundKey),
          UpdateExpression: 'SET gatewayRefundId = :id',
          ConditionExpression:
            'attempt = :attempt AND (attribute_not_exists(gatewayRefundId) OR gatewayRefundId = :id)',
          ExpressionAttributeValues: { ':id': facts.gatewayRefundId, ':attempt': facts.attempt },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
    // requested → pending, only from requested (a settle may have come first).
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: this.key(userId, refundKey),
          UpdateExpression: 'SET #status = :pending',
          ConditionExpression: '#status = :requested AND attempt = :attempt',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':requested': 'requested',
            ':attempt': facts.attempt,
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return true;
  }

  async settle(
    userId: string,
    refundKey: string,
    attempt: number,
    outcome: { status: 'processed'; at: string } | { status: 'failed'; at: string; reason: string },
  ): Promise<boolean> {
    const processed = outcome.status === 'processed';
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: this.key(userId, refundKey),
        UpdateExpression: processed
          ? 'SET #status = :status, processedAt = if_not_exists(processedAt, :at), updatedAt = :at REMOVE attention'
          : // The retry (RefundFailed) is the worker's: on the reconciler's list until it is made.
            'SET #status = :status, failureReason = :reason, updatedAt = :at, ' +
            'awaitingWorker = :yes, awaitingSince = :at',
        ConditionExpression: 'attempt = :attempt AND #status IN (:requested, :pending)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':at': outcome.at,
          ':attempt': attempt,
          ':requested': 'requested',
          ':pending': 'pending',
          ...(processed ? {} : { ':reason': outcome.reason, ':yes': 'yes' }),
        },
      }),
    );
  }

  async nextAttempt(
    userId: string,
    refundKey: string,
    attempt: number,
    receipt: string,
    at: string,
  ): Promise<boolean> {
    const record = await this.get(userId, refundKey);
    if (!record || record.attempt !== attempt || record.status !== 'failed') return false;
    const failedIds = [
      ...(record.failedRefundIds ?? []),
      ...(record.gatewayRefundId ? [record.gatewayRefundId] : []),
    ];
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: this.key(userId, refundKey),
        UpdateExpression:
          'SET attempt = :next, receipt = :receipt, #status = :requested, failedRefundIds = :failed, updatedAt = :at, ' +
          'awaitingWorker = :yes, awaitingSince = :at REMOVE gatewayRefundId',
        ConditionExpression: 'attempt = :attempt AND #status = :failedStatus',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':next': attempt + 1,
          ':receipt': receipt,
          ':requested': 'requested',
          ':failed': failedIds,
          ':at': at,
          ':attempt': attempt,
          ':failedStatus': 'failed',
          ':yes': 'yes',
        },
      }),
    );
  }

  async markNeedsAttention(
    userId: string,
    refundKey: string,
    reason: string,
    at: string,
  ): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.table(),
        Key: this.key(userId, refundKey),
        UpdateExpression: 'SET attention = :yes, attentionReason = :reason, updatedAt = :at',
        ConditionExpression: 'attribute_exists(refundKey)',
        ExpressionAttributeValues: { ':yes': 'yes', ':reason': reason, ':at': at },
      }),
    );
  }

  async upsertReported(record: RefundRecord): Promise<RefundRecord> {
    if (await this.create(record)) return record;
    const dispute = record.kind === 'dispute';
    try {
      const { Attributes } = await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: this.key(record.userId, record.refundKey),
          UpdateExpression: dispute
            ? 'SET disputeStatus = :dispute, updatedAt = :at'
            : 'SET #status = :status, amountPaise = :amount, #full = :full, updatedAt = :at' +
              (record.processedAt
                ? ', processedAt = if_not_exists(processedAt, :processedAt)'
                : ''),
          // An outside refund's status moves forward only: pending → processed | failed.
          ConditionExpression: dispute
            ? 'attribute_exists(refundKey)'
            : 'attribute_exists(refundKey) AND #status = :pending',
          ...(dispute
            ? {}
            : { ExpressionAttributeNames: { '#status': 'status', '#full': 'full' } }),
          ExpressionAttributeValues: dispute
            ? { ':dispute': record.disputeStatus ?? 'open', ':at': record.updatedAt }
            : {
                ':status': record.status,
                ':amount': record.amountPaise,
                ':full': record.full ?? false,
                ':at': record.updatedAt,
                ':pending': 'pending',
                ...(record.processedAt ? { ':processedAt': record.processedAt } : {}),
              },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as RefundRecord;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const stored = await this.get(record.userId, record.refundKey);
    if (!stored) throw new Error(`refund record ${record.refundKey} vanished`);
    return stored;
  }
}
