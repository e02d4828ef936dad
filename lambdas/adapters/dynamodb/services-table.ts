import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  PROVISIONING_VIEW_FIELDS,
  SERVICE_SUMMARY_FIELDS,
  type LifeQueue,
  type LifeRecord,
  queuedServiceOf,
  type QueuedService,
  type ServiceFact,
  type ServiceIdentity,
  type ServicePartItem,
  type ServicePeriod,
  type ServicePlan,
  type ServiceRecord,
  type ServicesStore,
  type ServiceSummary,
  type ServiceWithdrawal,
  type TransferRecord,
} from '../../ports/services';
import { lifeQueueOf } from '../../domain/lifecycle';
import type { VpsRecord, VpsReinstall, VpsTransientField } from '../../domain/vps';
import { renewalScheduleFor } from '../../domain/renewal-schedule';
import { isConditionFailure, sendIfConditionHolds } from './clients';
import { queryAll } from './query-all';
import { projection } from './projection';

/** The summary's attributes, and of the provisioning map only what the dashboard shows. */
const SUMMARY_PROJECTION = projection([
  ...SERVICE_SUMMARY_FIELDS,
  ...Object.keys(PROVISIONING_VIEW_FIELDS).map((field) => `provisioning.${field}`),
]);

/** The services table: one item per service, keyed (userId, serviceId). */
export class DynamoServicesStore implements ServicesStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async getService(userId: string, serviceId: string): Promise<ServiceRecord | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table(), Key: { userId, serviceId }, ConsistentRead: true }),
    );
    return Item as ServiceRecord | undefined;
  }

  async listServices(userId: string): Promise<ServiceRecord[]> {
    return queryAll<ServiceRecord>(this.client, {
      TableName: this.table(),
      KeyConditionExpression: 'userId = :user',
      ExpressionAttributeValues: { ':user': userId },
      ConsistentRead: true,
    });
  }

  async listServiceSummaries(userId: string): Promise<ServiceSummary[]> {
    return queryAll<ServiceSummary>(this.client, {
      TableName: this.table(),
      KeyConditionExpression: 'userId = :user',
      ExpressionAttributeValues: { ':user': userId },
      ...SUMMARY_PROJECTION,
      ConsistentRead: true,
    });
  }

  async extendService(
    service: ServiceIdentity,
    period: ServicePeriod,
    expectedVersion: number,
    at: string,
    plan?: ServicePlan,
  ): Promise<boolean> {
    try {
      if (expectedVersion === 0) {
        const created: ServiceRecord = {
          ...service,
          ...plan,
          createdAt: at,
          updatedAt: at,
          renewalDate: period.renewalDate,
          version: 1,
          periods: { [period.purchaseId]: period },
          ...renewalScheduleFor(service.serviceId, period.renewalDate, period.purchaseDate),
        };
        await this.client.send(
          new PutCommand({
            TableName: this.table(),
            Item: created,
            ConditionExpression: 'attribute_not_exists(serviceId)',
          }),
        );
      } else {
        // Only the fields extensions own: status and provisioning are left as they are; the
        // renewal schedule starts again from the new date (its steps done stay keyed by the old).
        const schedule = renewalScheduleFor(
          service.serviceId,
          period.renewalDate,
          period.purchaseDate,
        );
        const base =
          'SET renewalDate = :renewal, version = :next, periods.#purchase = :period, updatedAt = :at, nextDueAt = :due, dueShard = :shard';
        await this.client.send(
          new UpdateCommand({
            TableName: this.table(),
            Key: { userId: service.userId, serviceId: service.serviceId },
            UpdateExpression: plan
              ? // A plan change (D26) names the plan from now on and gives no time back.
                `${base}, planId = :planId, planName = :planName REMOVE pendingPlan`
              : // A payment after a cancellation gives the service time again: it is no longer
                // cancelled (lambdas/domain/refunds.ts isCancelled).
                `${base} REMOVE cancelledAt`,
            ConditionExpression: 'version = :expected',
            ExpressionAttributeNames: { '#purchase': period.purchaseId },
            ExpressionAttributeValues: {
              ':renewal': period.renewalDate,
              ':next': expectedVersion + 1,
              ':period': period,
              ':at': at,
              ':expected': expectedVersion,
              ':due': schedule.nextDueAt,
              ':shard': schedule.dueShard,
              ...(plan ? { ':planId': plan.planId, ':planName': plan.planName } : {}),
            },
          }),
        );
      }
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async withdrawPeriods(
    ref: { userId: string; serviceId: string },
    withdrawal: ServiceWithdrawal,
    expectedVersion: number,
  ): Promise<boolean> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {
      ':renewal': withdrawal.renewalDate,
      ':next': expectedVersion + 1,
      ':at': withdrawal.at,
      ':expected': expectedVersion,
    };
    const set = ['renewalDate = :renewal', 'version = :next', 'updatedAt = :at'];
    if (withdrawal.plan) {
      // A refunded plan change: the plan before it again (D26).
      set.push('planId = :planId', 'planName = :planName');
      values[':planId'] = withdrawal.plan.planId;
      values[':planName'] = withdrawal.plan.planName;
    }
    withdrawal.purchaseIds.forEach((purchaseId, index) => {
      names[`#p${index}`] = purchaseId;
      set.push(`periods.#p${index}.refundedAt = if_not_exists(periods.#p${index}.refundedAt, :at)`);
    });
    let remove = '';
    if (withdrawal.cancelledAt) {
      // Ended: nothing is due any more, so it leaves the renewal job's index.
      set.push('cancelledAt = :cancelled');
      values[':cancelled'] = withdrawal.cancelledAt;
      remove = ' REMOVE nextDueAt, dueShard';
    } else {
      const schedule = renewalScheduleFor(ref.serviceId, withdrawal.renewalDate);
      set.push('nextDueAt = :due', 'dueShard = :shard');
      values[':due'] = schedule.nextDueAt;
      values[':shard'] = schedule.dueShard;
    }
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { userId: ref.userId, serviceId: ref.serviceId },
        UpdateExpression: `SET ${set.join(', ')}${remove}`,
        ConditionExpression: 'version = :expected',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
      }),
    );
  }

  async changeFacts(
    ref: { userId: string; serviceId: string },
    fact: ServiceFact,
    expectedVersion: number,
    at: string,
  ): Promise<boolean> {
    const key = { userId: ref.userId, serviceId: ref.serviceId };
    const versioned = { ':next': expectedVersion + 1, ':at': at, ':expected': expectedVersion };
    const write = (
      update: string,
      condition: string,
      values: Record<string, unknown> = {},
      names?: Record<string, string>,
    ) =>
      sendIfConditionHolds(
        this.client,
        new UpdateCommand({
          TableName: this.table(),
          Key: key,
          UpdateExpression: update,
          ConditionExpression: `version = :expected AND ${condition}`,
          ...(names ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: { ...versioned, ...values },
        }),
      );
    const bump = 'version = :next, updatedAt = :at';
    switch (fact.kind) {
      case 'dispute':
        // The map is made by the first dispute; later ones set their payment's entry in it.
        return (
          (await write(`SET disputes = :first, ${bump}`, 'attribute_not_exists(disputes)', {
            ':first': { [fact.paymentId]: fact.state },
          })) ||
          write(
            `SET disputes.#payment = :dispute, ${bump}`,
            'attribute_exists(disputes)',
            { ':dispute': fact.state },
            { '#payment': fact.paymentId },
          )
        );
      case 'hold':
        // `hold` is one of DynamoDB's reserved words: named through #hold.
        return write(
          `SET #hold = :hold, ${bump}`,
          'attribute_exists(serviceId)',
          { ':hold': { at, ...(fact.note ? { note: fact.note } : {}) } },
          { '#hold': 'hold' },
        );
      case 'unhold':
        return write(
          `SET ${bump} REMOVE #hold`,
          'attribute_exists(serviceId)',
          {},
          {
            '#hold': 'hold',
          },
        );
      case 'schedule-plan':
        return fact.inForce
          ? write(
              `SET pendingPlan = :plan, planId = :planId, planName = :planName, ${bump}`,
              'attribute_exists(serviceId)',
              {
                ':plan': fact.plan,
                ':planId': fact.inForce.planId,
                ':planName': fact.inForce.planName,
              },
            )
          : write(`SET pendingPlan = :plan, ${bump}`, 'attribute_exists(serviceId)', {
              ':plan': fact.plan,
            });
      case 'cancel-plan':
        return write(`SET ${bump} REMOVE pendingPlan`, 'attribute_exists(serviceId)');
      case 'end':
        return write(
          `SET endedAt = if_not_exists(endedAt, :at), ${bump}`,
          'attribute_exists(serviceId)',
        );
      case 'remove':
        return write(
          `SET removedAt = if_not_exists(removedAt, :at), ${bump}`,
          'attribute_exists(serviceId)',
        );
      case 'extend': {
        // The renewal date moves with the ledger's end; the renewal steps start again from it.
        const given = { days: fact.days, at, ...(fact.note ? { note: fact.note } : {}) };
        const schedule = renewalScheduleFor(ref.serviceId, fact.renewalDate);
        const moved = {
          ':renewal': fact.renewalDate,
          ':due': schedule.nextDueAt,
          ':shard': schedule.dueShard,
        };
        const dates = 'renewalDate = :renewal, nextDueAt = :due, dueShard = :shard';
        return (
          (await write(
            `SET goodwill = :first, ${dates}, ${bump}`,
            'attribute_not_exists(goodwill)',
            { ...moved, ':first': { [fact.key]: given } },
          )) ||
          write(
            `SET goodwill.#key = :given, ${dates}, ${bump}`,
            'attribute_exists(goodwill) AND attribute_not_exists(goodwill.#key)',
            { ...moved, ':given': given },
            { '#key': fact.key },
          )
        );
      }
    }
  }

  async recordLife(
    ref: { userId: string; serviceId: string },
    life: LifeRecord,
    seen: { version: number; provisioningState?: string },
  ): Promise<boolean> {
    const queue = lifeQueueOf(life);
    const values: Record<string, unknown> = { ':life': life, ':version': seen.version };
    let condition = 'version = :version';
    const names: Record<string, string> = {};
    if (seen.provisioningState === undefined) {
      condition += ' AND attribute_not_exists(#p.#state)';
    } else {
      condition += ' AND #p.#state = :state';
      values[':state'] = seen.provisioningState;
    }
    names['#p'] = 'provisioning';
    names['#state'] = 'state';
    let update = 'SET life = :life';
    if (queue) {
      update += ', lifeQueue = :queue, lifeQueueAt = :queueAt';
      values[':queue'] = queue.queue;
      values[':queueAt'] = queue.at;
    } else {
      update += ' REMOVE lifeQueue, lifeQueueAt';
    }
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { userId: ref.userId, serviceId: ref.serviceId },
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }

  async addPart(part: ServicePartItem, at: string): Promise<boolean> {
    const item: ServiceRecord = {
      ...part,
      periods: {},
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    return sendIfConditionHolds(
      this.client,
      new PutCommand({
        TableName: this.table(),
        Item: item,
        ConditionExpression: 'attribute_not_exists(serviceId)',
      }),
    );
  }

  async setPartPlan(
    ref: { userId: string; serviceId: string },
    plan: ServicePlan,
    fromPlanId: string,
    at: string,
  ): Promise<boolean> {
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { userId: ref.userId, serviceId: ref.serviceId },
        UpdateExpression:
          'SET planId = :planId, planName = :planName, updatedAt = :at ADD version :one',
        ConditionExpression: 'attribute_exists(partOf) AND planId = :from',
        ExpressionAttributeValues: {
          ':planId': plan.planId,
          ':planName': plan.planName,
          ':from': fromPlanId,
          ':at': at,
          ':one': 1,
        },
      }),
    );
  }

  async updateVps(
    ref: { userId: string; serviceId: string },
    fields: Partial<VpsRecord>,
    remove: readonly VpsTransientField[] = [],
  ): Promise<boolean> {
    const Key = { userId: ref.userId, serviceId: ref.serviceId };
    const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
    if (entries.length === 0 && remove.length === 0) return true;
    // The map is made by the first write (the buyer's choices); later ones set their fields in it.
    if (fields.os !== undefined && fields.hostname !== undefined && fields.sshKeys !== undefined) {
      const made = await sendIfConditionHolds(
        this.client,
        new UpdateCommand({
          TableName: this.table(),
          Key,
          UpdateExpression: 'SET vps = :vps',
          ConditionExpression: 'attribute_exists(serviceId) AND attribute_not_exists(vps)',
          ExpressionAttributeValues: { ':vps': Object.fromEntries(entries) },
        }),
      );
      if (made) return true;
    }
    const names: Record<string, string> = { '#vps': 'vps' };
    const values: Record<string, unknown> = {};
    const sets = entries.map(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      return `#vps.#f${i} = :v${i}`;
    });
    const removes = remove.map((field, i) => {
      names[`#r${i}`] = field;
      return `#vps.#r${i}`;
    });
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key,
        UpdateExpression: [
          sets.length > 0 ? `SET ${sets.join(', ')}` : '',
          removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join(' '),
        ConditionExpression: 'attribute_exists(#vps)',
        ExpressionAttributeNames: names,
        ...(sets.length > 0 ? { ExpressionAttributeValues: values } : {}),
      }),
    );
  }

  async requestReinstall(
    ref: { userId: string; serviceId: string },
    reinstall: VpsReinstall,
  ): Promise<boolean> {
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { userId: ref.userId, serviceId: ref.serviceId },
        UpdateExpression: 'SET #vps.#reinstall = :reinstall',
        // One at a time: a second while one is recorded is refused.
        ConditionExpression: 'attribute_exists(#vps) AND attribute_not_exists(#vps.#reinstall)',
        ExpressionAttributeNames: { '#vps': 'vps', '#reinstall': 'reinstall' },
        ExpressionAttributeValues: { ':reinstall': reinstall },
      }),
    );
  }

  async chooseDomain(
    ref: { userId: string; serviceId: string },
    name: string,
    replacing?: string,
  ): Promise<boolean> {
    const names: Record<string, string> = { '#domain': 'domain', '#category': 'category' };
    if (replacing === undefined) names['#partOf'] = 'partOf';
    const values: Record<string, string> = { ':name': name, ':domain': 'domain' };
    if (replacing !== undefined) {
      Object.assign(names, {
        '#p': 'provisioning',
        '#state': 'state',
        '#waits': 'provisioningWaits',
      });
      Object.assign(values, { ':old': replacing, ':failed': 'failed' });
    }
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { userId: ref.userId, serviceId: ref.serviceId },
        UpdateExpression:
          replacing === undefined ? 'SET #domain = :name' : 'SET #domain = :name REMOVE #p, #waits',
        ConditionExpression:
          replacing === undefined
            ? 'attribute_exists(#partOf) AND #category = :domain AND attribute_not_exists(#domain)'
            : '#category = :domain AND #domain = :old AND #p.#state = :failed',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }

  async putTransfer(
    ref: { userId: string; serviceId: string },
    transfer: TransferRecord,
    from?: TransferRecord['state'],
  ): Promise<boolean> {
    return sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { userId: ref.userId, serviceId: ref.serviceId },
        // The whole map is written: a code left out (asked for already) is gone from the item.
        UpdateExpression: 'SET #transfer = :transfer',
        ConditionExpression:
          from === undefined
            ? 'attribute_exists(serviceId) AND attribute_not_exists(#transfer)'
            : 'attribute_exists(serviceId) AND #transfer.#state = :from',
        ExpressionAttributeNames: {
          '#transfer': 'transfer',
          ...(from === undefined ? {} : { '#state': 'state' }),
        },
        ExpressionAttributeValues: {
          ':transfer': transfer,
          ...(from === undefined ? {} : { ':from': from }),
        },
      }),
    );
  }

  async listQueue(queue: LifeQueue, limit: number): Promise<QueuedService[]> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: 'lifeQueue',
        KeyConditionExpression: 'lifeQueue = :queue',
        ExpressionAttributeValues: { ':queue': queue },
        Limit: limit,
      }),
    );
    return (Items as ServiceRecord[]).map(queuedServiceOf);
  }

  async findServicesByDomain(domain: string): Promise<QueuedService[]> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: 'byDomain',
        KeyConditionExpression: '#domain = :domain',
        ExpressionAttributeNames: { '#domain': 'domain' },
        ExpressionAttributeValues: { ':domain': domain },
        Limit: 50,
      }),
    );
    return (Items as ServiceRecord[]).map(queuedServiceOf);
  }
}
