/**
 * AutoRenewStore on the services table (D25). The due services come from the sparse
 * `autoRenewDue` index (one query per `autoRenewShard`, `autoRenewDueAt <= now`); a mandate's
 * token or pending registration order from the sparse `byMandate` index (`mandateKey`). A run's
 * claim is one conditional update of the item's `autoRenew.claim`, holding only while the item
 * still renews on that date, is not cancelled and has auto-renew on; the cycle is written only
 * under the claim's token.
 */
import { randomUUID } from 'node:crypto';
import {
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dueShardOf } from '../../domain/renewal-schedule';
import type {
  AutoRenewCycleRecord,
  AutoRenewRecord,
  AutoRenewStore,
  MandateRecord,
  ServiceRef,
} from '../../ports/auto-renew';
import type { RenewalStepClaim } from '../../ports/renewals';
import type { ServiceRecord } from '../../ports/services';
import { isConditionFailure } from './clients';
import { serviceKey, serviceNow, servicesDue } from './due-services';

export const AUTO_RENEW_DUE_INDEX = 'autoRenewDue';
export const MANDATE_INDEX = 'byMandate';
/** setAutoRenew's optimistic write is tried this many times against racing writers. */
const WRITE_ATTEMPTS = 4;

export class DynamoAutoRenewStore implements AutoRenewStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /** The services table's name. */
    private readonly table: () => string,
    private readonly newToken: () => string = randomUUID,
  ) {}

  listDue(now: Date): AsyncIterable<ServiceRecord> {
    const index = {
      indexName: AUTO_RENEW_DUE_INDEX,
      shardKey: 'autoRenewShard',
      dueKey: 'autoRenewDueAt',
    };
    return servicesDue(this.client, { tableName: this.table(), ...index }, now);
  }

  get(ref: ServiceRef): Promise<ServiceRecord | undefined> {
    return serviceNow(this.client, this.table(), ref);
  }

  async claim(
    ref: ServiceRef,
    renewalDate: string,
    now: Date,
    leaseMs: number,
  ): Promise<RenewalStepClaim> {
    const token = this.newToken();
    const written = await this.tryUpdate({
      Key: serviceKey(ref),
      UpdateExpression: 'SET autoRenew.claim = :claim',
      ConditionExpression:
        'renewalDate = :renewal AND attribute_not_exists(cancelledAt) AND autoRenew.enabled = :on ' +
        'AND (attribute_not_exists(autoRenew.claim) OR autoRenew.claim.#until < :now)',
      ExpressionAttributeNames: { '#until': 'until' },
      ExpressionAttributeValues: {
        ':claim': { token, until: now.getTime() + leaseMs },
        ':renewal': renewalDate,
        ':on': true,
        ':now': now.getTime(),
      },
    });
    if (written) return { state: 'claimed', token };
    const item = await this.get(ref);
    const live =
      item?.renewalDate === renewalDate &&
      !item.cancelledAt &&
      item.autoRenew?.enabled === true &&
      item.autoRenew.claim !== undefined &&
      item.autoRenew.claim.until >= now.getTime();
    return live ? { state: 'held' } : { state: 'stale' };
  }

  saveCycle(ref: ServiceRef, token: string, cycle: AutoRenewCycleRecord): Promise<boolean> {
    return this.tryUpdate({
      Key: serviceKey(ref),
      UpdateExpression: 'SET autoRenew.#cycle = :cycle',
      ConditionExpression: 'autoRenew.claim.#token = :token',
      ExpressionAttributeNames: { '#token': 'token', '#cycle': 'cycle' },
      ExpressionAttributeValues: { ':token': token, ':cycle': cycle },
    });
  }

  async complete(
    ref: ServiceRef,
    token: string,
    cycle: AutoRenewCycleRecord,
    nextDueAt: string | undefined,
  ): Promise<void> {
    await this.tryUpdate({
      Key: serviceKey(ref),
      UpdateExpression: nextDueAt
        ? 'SET autoRenew.#cycle = :cycle, autoRenewDueAt = :next, autoRenewShard = :shard REMOVE autoRenew.claim'
        : 'SET autoRenew.#cycle = :cycle REMOVE autoRenew.claim, autoRenewDueAt, autoRenewShard',
      ConditionExpression: 'autoRenew.claim.#token = :token',
      ExpressionAttributeNames: { '#token': 'token', '#cycle': 'cycle' },
      ExpressionAttributeValues: {
        ':token': token,
        ':cycle': cycle,
        ...(nextDueAt ? { ':next': nextDueAt, ':shard': dueShardOf(ref.serviceId) } : {}),
      },
    });
  }

  async release(ref: ServiceRef, token: string): Promise<void> {
    await this.tryUpdate({
      Key: serviceKey(ref),
      UpdateExpression: 'REMOVE autoRenew.claim',
      ConditionExpression: 'autoRenew.claim.#token = :token',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: { ':token': token },
    });
  }

  async reschedule(ref: ServiceRef, nextDueAt: string | undefined): Promise<void> {
    await this.tryUpdate({
      Key: serviceKey(ref),
      UpdateExpression: nextDueAt
        ? 'SET autoRenewDueAt = :next, autoRenewShard = :shard'
        : 'REMOVE autoRenewDueAt, autoRenewShard',
      ConditionExpression: 'attribute_exists(serviceId)',
      ...(nextDueAt
        ? {
            ExpressionAttributeValues: {
              ':next': nextDueAt,
              ':shard': dueShardOf(ref.serviceId),
            },
          }
        : {}),
    });
  }

  async setAutoRenew(
    ref: ServiceRef,
    change: {
      enabled: boolean;
      mandate?: MandateRecord | null;
      pendingOrderId?: string | null;
      nextDueAt?: string | null;
    },
    at: string,
  ): Promise<ServiceRecord | undefined> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
      const item = await this.get(ref);
      if (!item) return undefined;
      const before = item.autoRenew;
      const merged: AutoRenewRecord = { ...(before ?? {}), enabled: change.enabled, changedAt: at };
      if (change.mandate === null) delete merged.mandate;
      else if (change.mandate) merged.mandate = change.mandate;
      if (change.pendingOrderId === null) delete merged.pendingOrderId;
      else if (change.pendingOrderId) merged.pendingOrderId = change.pendingOrderId;
      const mandateKey = merged.pendingOrderId ?? merged.mandate?.tokenId;

      const sets: string[] = [];
      const removes: string[] = [];
      const values: Record<string, unknown> = {};
      const names: Record<string, string> = {};
      if (before) {
        // Field by field: the job's claim and cycle on the same map are left as they are.
        names['#enabled'] = 'enabled';
        names['#changedAt'] = 'changedAt';
        sets.push('autoRenew.#enabled = :enabled', 'autoRenew.#changedAt = :at');
        values[':enabled'] = merged.enabled;
        values[':at'] = at;
        for (const field of ['mandate', 'pendingOrderId'] as const) {
          if (merged[field] === undefined) {
            if (before[field] === undefined) continue;
            removes.push(`autoRenew.#${field}`);
          } else {
            sets.push(`autoRenew.#${field} = :${field}`);
            values[`:${field}`] = merged[field];
          }
          names[`#${field}`] = field;
        }
      } else {
        sets.push('autoRenew = :record');
        values[':record'] = merged;
      }
      if (mandateKey) {
        sets.push('mandateKey = :mandateKey');
        values[':mandateKey'] = mandateKey;
      } else {
        removes.push('mandateKey');
      }
      if (change.nextDueAt) {
        sets.push('autoRenewDueAt = :next', 'autoRenewShard = :shard');
        values[':next'] = change.nextDueAt;
        values[':shard'] = dueShardOf(ref.serviceId);
      } else if (change.nextDueAt === null) {
        removes.push('autoRenewDueAt', 'autoRenewShard');
      }
      if (before) values[':prev'] = before.changedAt;
      const written = await this.tryUpdate({
        Key: serviceKey(ref),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: before
          ? 'autoRenew.#changedAt = :prev'
          : 'attribute_exists(serviceId) AND attribute_not_exists(autoRenew)',
        ...(Object.keys(names).length
          ? { ExpressionAttributeNames: { ...names, '#changedAt': 'changedAt' } }
          : {}),
        ExpressionAttributeValues: values,
      });
      if (written) return this.get(ref);
    }
    throw new Error('Auto-renew setting not written: the service kept changing');
  }

  findByToken(tokenId: string): Promise<ServiceRef | undefined> {
    return this.findByMandateKey(tokenId, (item) => item.autoRenew?.mandate?.tokenId === tokenId);
  }

  findByPendingOrder(orderId: string): Promise<ServiceRef | undefined> {
    return this.findByMandateKey(orderId, (item) => item.autoRenew?.pendingOrderId === orderId);
  }

  private async findByMandateKey(
    mandateKey: string,
    matches: (item: ServiceRecord) => boolean,
  ): Promise<ServiceRef | undefined> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: MANDATE_INDEX,
        KeyConditionExpression: 'mandateKey = :key',
        ExpressionAttributeValues: { ':key': mandateKey },
        Limit: 2,
      }),
    );
    const item = (Items ?? []).map((i) => i as ServiceRecord).find(matches);
    return item && { userId: item.userId, serviceId: item.serviceId };
  }

  /** One conditional update; false when its condition did not hold. */
  private async tryUpdate(input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
    try {
      await this.client.send(new UpdateCommand({ TableName: this.table(), ...input }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
