/**
 * RenewalSchedule on the services table. The due services come from the sparse `byNextDue` index
 * (one query per `dueShard`, `nextDueAt <= now`): a run reads the services due and no others.
 * A step's claim is one conditional update of the service's item (`renewalClaim`), holding only
 * while the item still renews on the date the step belongs to, is not cancelled, and has not done
 * the step (`renewalDone`, a string set that only grows: ADD merges racing writers).
 */
import { randomUUID } from 'node:crypto';
import {
  UpdateCommand,
  type DynamoDBDocumentClient,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { stepKey } from '../../domain/renewal-schedule';
import type { RenewalStep } from '../../domain/renewals';
import type { RenewalSchedule, ServiceRef, ServiceStepClaim } from '../../ports/renewals';
import type { ServiceRecord } from '../../ports/services';
import { isConditionFailure } from './clients';
import { serviceKey, serviceNow, servicesDue } from './due-services';

export const DUE_INDEX = 'byNextDue';

export class DynamoRenewalSchedule implements RenewalSchedule {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /** The services table's name. */
    private readonly table: () => string,
    private readonly newToken: () => string = randomUUID,
  ) {}

  listDue(now: Date): AsyncIterable<ServiceRecord> {
    const index = { indexName: DUE_INDEX, shardKey: 'dueShard', dueKey: 'nextDueAt' };
    return servicesDue(this.client, { tableName: this.table(), ...index }, now);
  }

  get(ref: ServiceRef): Promise<ServiceRecord | undefined> {
    return serviceNow(this.client, this.table(), ref);
  }

  async claim(
    ref: ServiceRef,
    renewalDate: string,
    step: RenewalStep,
    now: Date,
    leaseMs: number,
  ): Promise<ServiceStepClaim> {
    const token = this.newToken();
    const claimKey = stepKey(renewalDate, step);
    const written = await this.write({
      Key: serviceKey(ref),
      UpdateExpression: 'SET renewalClaim = :claim',
      ConditionExpression:
        'renewalDate = :renewal AND attribute_not_exists(cancelledAt) ' +
        'AND NOT contains(renewalDone, :key) ' +
        'AND (attribute_not_exists(renewalClaim) OR renewalClaim.#until < :now)',
      ExpressionAttributeNames: { '#until': 'until' },
      ExpressionAttributeValues: {
        ':claim': { token, key: claimKey, until: now.getTime() + leaseMs },
        ':renewal': renewalDate,
        ':key': claimKey,
        ':now': now.getTime(),
      },
      // The item as claimed comes back with the write (no read capacity): the job acts on it.
      ReturnValues: 'ALL_NEW',
    });
    if (written) return { state: 'claimed', token, service: written.Attributes as ServiceRecord };
    // Which condition failed: a live claim of another run, or a service that has moved on.
    const item = await this.get(ref);
    const live =
      item?.renewalDate === renewalDate &&
      !item.cancelledAt &&
      !item.renewalDone?.has(claimKey) &&
      item.renewalClaim !== undefined &&
      item.renewalClaim.until >= now.getTime();
    return live ? { state: 'held' } : { state: 'stale' };
  }

  async complete(
    ref: ServiceRef,
    renewalDate: string,
    token: string,
    steps: readonly RenewalStep[],
    nextDueAt: string | undefined,
  ): Promise<void> {
    const done = new Set(steps.map((step) => stepKey(renewalDate, step)));
    const schedule = nextDueAt
      ? 'SET nextDueAt = :next REMOVE renewalClaim'
      : 'REMOVE nextDueAt, renewalClaim';
    const common = {
      Key: serviceKey(ref),
      ExpressionAttributeNames: { '#token': 'token' },
    };
    // The usual case: still ours, still the same renewal date.
    if (
      await this.tryUpdate({
        ...common,
        UpdateExpression: `ADD renewalDone :done ${schedule}`,
        ConditionExpression: 'renewalClaim.#token = :token AND renewalDate = :renewal',
        ExpressionAttributeValues: {
          ':done': done,
          ':token': token,
          ':renewal': renewalDate,
          ...(nextDueAt ? { ':next': nextDueAt } : {}),
        },
      })
    )
      return;
    // Renewed meanwhile: its schedule is the extension's; only end the claim.
    if (
      await this.tryUpdate({
        ...common,
        UpdateExpression: 'ADD renewalDone :done REMOVE renewalClaim',
        ConditionExpression: 'renewalClaim.#token = :token',
        ExpressionAttributeValues: { ':done': done, ':token': token },
      })
    )
      return;
    // The lease ran out and another run took the claim over: the step is done all the same.
    await this.tryUpdate({
      Key: serviceKey(ref),
      UpdateExpression: 'ADD renewalDone :done',
      ConditionExpression: 'attribute_exists(serviceId)',
      ExpressionAttributeValues: { ':done': done },
    });
  }

  async release(ref: ServiceRef, token: string): Promise<void> {
    await this.tryUpdate({
      Key: serviceKey(ref),
      UpdateExpression: 'REMOVE renewalClaim',
      ConditionExpression: 'renewalClaim.#token = :token',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: { ':token': token },
    });
  }

  async record(
    ref: ServiceRef,
    renewalDate: string,
    steps: readonly RenewalStep[],
    nextDueAt: string | undefined,
  ): Promise<boolean> {
    const actions: string[] = [];
    const values: Record<string, unknown> = { ':renewal': renewalDate };
    if (steps.length) {
      actions.push('ADD renewalDone :done');
      values[':done'] = new Set(steps.map((step) => stepKey(renewalDate, step)));
    }
    if (nextDueAt) {
      actions.push('SET nextDueAt = :next');
      values[':next'] = nextDueAt;
    } else {
      actions.push('REMOVE nextDueAt');
    }
    return this.tryUpdate({
      Key: serviceKey(ref),
      UpdateExpression: actions.join(' '),
      ConditionExpression: 'renewalDate = :renewal AND attribute_not_exists(cancelledAt)',
      ExpressionAttributeValues: values,
    });
  }

  async unschedule(ref: ServiceRef): Promise<void> {
    await this.tryUpdate({
      Key: serviceKey(ref),
      UpdateExpression: 'REMOVE nextDueAt',
      ConditionExpression: 'attribute_exists(serviceId)',
    });
  }

  /** One conditional update; false when its condition did not hold. */
  private async tryUpdate(input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
    return (await this.write(input)) !== undefined;
  }

  /** One conditional update: what it answered, or undefined when its condition did not hold. */
  private async write(
    input: Omit<UpdateCommandInput, 'TableName'>,
  ): Promise<UpdateCommandOutput | undefined> {
    try {
      return await this.client.send(new UpdateCommand({ TableName: this.table(), ...input }));
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
}
