/**
 * ProvisioningRecords on the services table: a service's delivery is kept ON its item, in one map
 * attribute `provisioning`, so the dashboard reads it with the service in its one query. Every
 * write here updates that map alone, each conditioned so that racing deliveries agree; the
 * service's version, renewal date and periods belong to extensions (lambdas/domain/service-periods.ts)
 * and are never written here.
 *
 * The claim lives in the map too (`provisioning.claim = {token, by, at}`): taken when absent or
 * older than the lease, and every write that needs it is conditioned on its token.
 */
import { randomUUID } from 'node:crypto';
import {
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Category } from '../../domain/plan';
import { canMoveProvisioning, type ProvisioningState } from '../../domain/provisioning';
import {
  ProvisioningClaimLostError,
  ProvisioningNotInStateError,
  ProvisioningRecordNotFoundError,
  ProvisioningStateConflictError,
  ServiceOvertakenError,
  type ChosenAccount,
  type ExpectedService,
  type ProvisioningClaim,
  type ProvisioningOutcome,
  type ProvisioningRecord,
  type ProvisioningRecords,
  type StoredProvisioning,
  type WaitingService,
  type WaitingState,
} from '../../ports/provisioning';
import type { ServiceRecord } from '../../ports/services';
import { isConditionFailure } from './clients';

/** The item as far as this adapter reads it. */
interface ServiceItem {
  userId: string;
  serviceId: string;
  provisioning?: StoredProvisioning;
  renewalDate?: string;
  cancelledAt?: string;
}

export class DynamoProvisioningRecords implements ProvisioningRecords {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /** The services table's name. */
    private readonly table: () => string,
    /** How long a claim holds before a retry may take it over; longer than the Lambda's timeout. */
    private readonly leaseMs: number,
    private readonly newToken: () => string = randomUUID,
  ) {}

  async get(userId: string, serviceId: string): Promise<ProvisioningRecord | undefined> {
    const item = await this.read(userId, serviceId);
    return item?.provisioning && toRecord(item.userId, item.serviceId, item.provisioning);
  }

  async begin(
    userId: string,
    serviceId: string,
    state: 'pending' | 'manual',
    at: Date,
  ): Promise<ProvisioningRecord> {
    const initial: StoredProvisioning = { state, updatedAt: at.toISOString() };
    try {
      await this.update(userId, serviceId, {
        // A manual service waits for a person: it joins the operators' index at once.
        UpdateExpression:
          state === 'manual'
            ? 'SET #p = :initial, #provisioningWaits = :initialState'
            : 'SET #p = :initial',
        // Only on the service fulfilment wrote, and only once: UpdateItem would otherwise make an
        // item of the keys alone.
        ConditionExpression: 'attribute_exists(#serviceId) AND attribute_not_exists(#p)',
        ExpressionAttributeValues:
          state === 'manual'
            ? { ':initial': initial, ':initialState': state }
            : { ':initial': initial },
      });
      return { userId, serviceId, ...initial };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const stored = await this.get(userId, serviceId);
    if (!stored) throw new ProvisioningRecordNotFoundError(serviceId);
    return stored;
  }

  async claim(
    userId: string,
    serviceId: string,
    deliveryId: string,
    now: Date,
    expected?: ExpectedService,
  ): Promise<ProvisioningClaim> {
    const guard = expectedCondition(expected);
    // A holder may release, or its lease run out, between the refused write and the read: then
    // claim again, a few times at most.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const token = this.newToken();
      try {
        const service = await this.update(userId, serviceId, {
          UpdateExpression: 'SET #p.#claim = :claim',
          ConditionExpression:
            'attribute_exists(#p) AND (attribute_not_exists(#p.#claim) OR #p.#claim.#at < :expired)' +
            guard.condition,
          ExpressionAttributeValues: {
            ':claim': { token, by: deliveryId, at: now.getTime() },
            ':expired': now.getTime() - this.leaseMs,
            ...guard.values,
          },
          returnItem: true,
        });
        return { state: 'claimed', token, service };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const item = await this.read(userId, serviceId);
      if (!item?.provisioning) throw new ProvisioningRecordNotFoundError(serviceId);
      const held = item.provisioning.claim;
      if (held && held.at >= now.getTime() - this.leaseMs)
        return { state: 'held', heldBy: held.by };
      if (expected && overtaken(item, expected))
        throw new ServiceOvertakenError(serviceId, item.cancelledAt !== undefined);
      if (expected?.state && item.provisioning.state !== expected.state) {
        throw new ProvisioningNotInStateError(serviceId, expected.state, item.provisioning.state);
      }
    }
    // Claims keep changing hands: report it as held, and the bus retries.
    return { state: 'held', heldBy: undefined };
  }

  async release(userId: string, serviceId: string, token: string): Promise<void> {
    try {
      await this.update(userId, serviceId, {
        UpdateExpression: 'REMOVE #p.#claim',
        ConditionExpression: '#p.#claim.#token = :token',
        ExpressionAttributeValues: { ':token': token },
      });
    } catch (error) {
      // Someone else holds it now (our lease ran out): theirs is not ours to give back.
      if (!isConditionFailure(error)) throw error;
    }
  }

  async handOver(userId: string, serviceId: string, heldBy: string, now: Date): Promise<boolean> {
    try {
      await this.update(userId, serviceId, {
        UpdateExpression: 'SET #p.#claim.#handedOver = :now',
        ConditionExpression: '#p.#claim.#by = :by AND #p.#claim.#at >= :expired',
        ExpressionAttributeValues: {
          ':now': now.getTime(),
          ':by': heldBy,
          ':expired': now.getTime() - this.leaseMs,
        },
      });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async choose(
    userId: string,
    serviceId: string,
    token: string,
    account: ChosenAccount,
    at: Date,
  ): Promise<void> {
    try {
      await this.update(userId, serviceId, {
        UpdateExpression:
          'SET #p.#username = :username, #p.#domain = :domain, #p.#package = :package, #p.#usernameAttempt = :attempt, #p.#updatedAt = :at',
        ConditionExpression: '#p.#claim.#token = :token',
        ExpressionAttributeValues: {
          ':username': account.username,
          ':domain': account.domain,
          ':package': account.package,
          ':attempt': account.usernameAttempt,
          ':at': at.toISOString(),
          ':token': token,
        },
      });
    } catch (error) {
      if (isConditionFailure(error)) throw new ProvisioningClaimLostError(serviceId);
      throw error;
    }
  }

  async settle(
    userId: string,
    serviceId: string,
    token: string,
    from: ProvisioningState,
    outcome: ProvisioningOutcome,
    at: Date,
    expected?: Pick<ExpectedService, 'renewalDate'>,
  ): Promise<ServiceRecord> {
    if (!canMoveProvisioning(from, outcome.state)) {
      throw new ProvisioningStateConflictError(serviceId, from, outcome.state);
    }
    const guard = expectedCondition(expected && { renewalDate: expected.renewalDate });
    const values: Record<string, unknown> = {
      ':from': from,
      ':to': outcome.state,
      ':at': at.toISOString(),
      ':token': token,
      ...guard.values,
    };
    const set = ['#p.#state = :to', '#p.#updatedAt = :at'];
    const remove = ['#p.#claim'];
    // The operators' index holds a service while it waits for a person (failed, here).
    if (outcome.state === 'failed') set.push('#provisioningWaits = :to');
    else remove.push('#provisioningWaits');
    if (outcome.state === 'ready') {
      set.push('#p.#server = :server', '#p.#nameservers = :nameservers', '#p.#readyAt = :at');
      values[':server'] = outcome.server;
      values[':nameservers'] = outcome.nameservers;
      if (outcome.panelUrl) {
        set.push('#p.#panelUrl = :panelUrl');
        values[':panelUrl'] = outcome.panelUrl;
      }
      remove.push('#p.#failureReason');
    } else {
      set.push('#p.#failureReason = :reason');
      values[':reason'] = outcome.reason;
    }
    try {
      return await this.update(userId, serviceId, {
        UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
        ConditionExpression: '#p.#claim.#token = :token AND #p.#state = :from' + guard.condition,
        ExpressionAttributeValues: values,
        returnItem: true,
      });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const item = await this.read(userId, serviceId);
      if (item?.provisioning?.claim?.token !== token) {
        throw new ProvisioningClaimLostError(serviceId);
      }
      if (item.provisioning.state === from && expected && overtaken(item, expected)) {
        throw new ServiceOvertakenError(serviceId, item.cancelledAt !== undefined);
      }
      throw new ProvisioningStateConflictError(serviceId, from, outcome.state);
    }
  }

  async markAnnounced(userId: string, serviceId: string, at: Date): Promise<void> {
    try {
      await this.update(userId, serviceId, {
        UpdateExpression: 'SET #p.#announcedAt = if_not_exists(#p.#announcedAt, :at)',
        ConditionExpression: 'attribute_exists(#p)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      });
    } catch (error) {
      if (isConditionFailure(error)) throw new ProvisioningRecordNotFoundError(serviceId);
      throw error;
    }
  }

  async listWaiting(state: WaitingState, limit: number): Promise<WaitingService[]> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: WAITING_INDEX,
        KeyConditionExpression: '#provisioningWaits = :state',
        ExpressionAttributeNames: { '#provisioningWaits': 'provisioningWaits' },
        ExpressionAttributeValues: { ':state': state },
        Limit: limit,
      }),
    );
    return (Items as WaitingItem[]).flatMap((item) =>
      item.provisioning ? [toWaiting(item, item.provisioning)] : [],
    );
  }

  async completeByHand(
    userId: string,
    serviceId: string,
    from: WaitingState,
    details: Record<string, string>,
    at: Date,
  ): Promise<boolean> {
    try {
      await this.update(userId, serviceId, {
        UpdateExpression:
          'SET #p.#state = :ready, #p.#details = :details, #p.#readyAt = :at, #p.#updatedAt = :at ' +
          'REMOVE #p.#failureReason, #provisioningWaits',
        ConditionExpression:
          '#p.#state = :from AND (attribute_not_exists(#p.#claim) OR #p.#claim.#at < :expired)',
        ExpressionAttributeValues: {
          ':ready': 'ready',
          ':details': details,
          ':at': at.toISOString(),
          ':from': from,
          ':expired': at.getTime() - this.leaseMs,
        },
      });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async retry(userId: string, serviceId: string, at: Date): Promise<boolean> {
    try {
      await this.update(userId, serviceId, {
        UpdateExpression:
          'SET #p.#state = :pending, #p.#updatedAt = :at REMOVE #p.#failureReason, #provisioningWaits',
        ConditionExpression:
          '#p.#state = :failed AND (attribute_not_exists(#p.#claim) OR #p.#claim.#at < :expired)',
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':failed': 'failed',
          ':at': at.toISOString(),
          ':expired': at.getTime() - this.leaseMs,
        },
      });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  private async read(userId: string, serviceId: string): Promise<ServiceItem | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table(),
        Key: { userId, serviceId },
        ConsistentRead: true,
        ProjectionExpression: '#userId, #serviceId, #p, #renewalDate, #cancelledAt',
        ExpressionAttributeNames: {
          '#userId': 'userId',
          '#serviceId': 'serviceId',
          '#p': 'provisioning',
          '#renewalDate': 'renewalDate',
          '#cancelledAt': 'cancelledAt',
        },
      }),
    );
    return Item as ServiceItem | undefined;
  }

  /**
   * One conditional update of the service's item. With `returnItem`, answers the item as the write
   * left it (ReturnValues ALL_NEW: no read, and no read capacity, to get it).
   */
  private async update(
    userId: string,
    serviceId: string,
    input: {
      UpdateExpression: string;
      ConditionExpression: string;
      ExpressionAttributeValues: Record<string, unknown>;
      returnItem: true;
    },
  ): Promise<ServiceRecord>;
  private async update(
    userId: string,
    serviceId: string,
    input: {
      UpdateExpression: string;
      ConditionExpression: string;
      ExpressionAttributeValues: Record<string, unknown>;
    },
  ): Promise<void>;
  private async update(
    userId: string,
    serviceId: string,
    input: {
      UpdateExpression: string;
      ConditionExpression: string;
      ExpressionAttributeValues: Record<string, unknown>;
      returnItem?: true;
    },
  ): Promise<ServiceRecord | void> {
    const { returnItem, ...expressionsOf } = input;
    const expressions = `${input.UpdateExpression} ${input.ConditionExpression}`;
    const { Attributes } = await this.client.send(
      new UpdateCommand({
        TableName: this.table(),
        Key: { userId, serviceId },
        ...expressionsOf,
        ExpressionAttributeNames: namesIn(expressions),
        ...(returnItem ? { ReturnValues: 'ALL_NEW' as const } : {}),
      }),
    );
    if (returnItem) return Attributes as ServiceRecord;
  }
}

/**
 * The part of a condition that holds only while the service is as the renewal job expects it
 * (ExpectedService); empty without one. Appended to a write's own condition.
 */
function expectedCondition(expected: ExpectedService | undefined): {
  condition: string;
  values: Record<string, unknown>;
} {
  if (!expected) return { condition: '', values: {} };
  const values: Record<string, unknown> = { ':expectedRenewal': expected.renewalDate };
  let condition = ' AND #renewalDate = :expectedRenewal AND attribute_not_exists(#cancelledAt)';
  if (expected.state) {
    condition += ' AND #p.#state = :expectedState';
    values[':expectedState'] = expected.state;
  }
  return { condition, values };
}

function overtaken(item: ServiceItem, expected: Pick<ExpectedService, 'renewalDate'>): boolean {
  return item.renewalDate !== expected.renewalDate || item.cancelledAt !== undefined;
}

/**
 * Every attribute name goes through a placeholder (`#state` for `state`, `#p` for the map):
 * DynamoDB reserves hundreds of words, `provisioning`, `state`, `domain` and `at` among them.
 * A placeholder is the name itself, so the map is built from the names an expression uses.
 */
function namesIn(expressions: string): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [, name] of expressions.matchAll(/#(\w+)/g)) {
    if (name) names[`#${name}`] = name === 'p' ? 'provisioning' : name;
  }
  return names;
}

/** The services table's sparse index of services waiting for a person (lambdas/system/facts.ts). */
const WAITING_INDEX = 'waitingForOperator';

interface WaitingItem extends ServiceItem {
  planId: string;
  planName: string;
  category: Category;
  domain?: string;
}

function toWaiting(item: WaitingItem, stored: StoredProvisioning): WaitingService {
  return {
    ...toRecord(item.userId, item.serviceId, stored),
    planId: item.planId,
    planName: item.planName,
    category: item.category,
    ...(item.domain ? { domain: item.domain } : {}),
  };
}

function toRecord(
  userId: string,
  serviceId: string,
  stored: StoredProvisioning,
): ProvisioningRecord {
  const { claim: _claim, ...fields } = stored;
  return { userId, serviceId, ...fields };
}
