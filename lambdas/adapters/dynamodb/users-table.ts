import {
  GetCommand,
  PutCommand,
  paginateQuery,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { BillingDetails } from '../../domain/gst';
import type {
  CurrentPlan,
  NewUser,
  ProfileChanges,
  PurchaseApplication,
  UserRecord,
  UsersStore,
} from '../../ports/users';
import { isConditionFailure } from './clients';

/** The users table's index by email (lambdas/system/facts.ts). */
export const USERS_BY_EMAIL_INDEX = 'byEmail';

function toUser(item: Record<string, unknown>): UserRecord {
  const text = (key: string) => (typeof item[key] === 'string' ? (item[key] as string) : '');
  const user: UserRecord = {
    userId: text('userId'),
    email: text('email'),
    name: text('name'),
    phone: text('phone'),
    createdAt: text('createdAt'),
  };
  if (typeof item.currentPlan === 'string') user.currentPlan = item.currentPlan;
  if (typeof item.expiry === 'string') user.expiry = item.expiry;
  const billing = toBilling(item.billing);
  if (billing) user.billing = billing;
  return user;
}

/** The stored billing map, when it has every required field. */
function toBilling(value: unknown): BillingDetails | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const map = value as Record<string, unknown>;
  const text = (key: string) => (typeof map[key] === 'string' ? (map[key] as string) : undefined);
  const [name, line1, city, state, pincode] = ['name', 'line1', 'city', 'state', 'pincode'].map(
    text,
  );
  if (!name || !line1 || !city || !state || !pincode) return undefined;
  const line2 = text('line2');
  const gstin = text('gstin');
  return {
    name,
    line1,
    ...(line2 ? { line2 } : {}),
    city,
    state,
    pincode,
    ...(gstin ? { gstin } : {}),
  };
}

export class DynamoUsersStore implements UsersStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async getUser(userId: string): Promise<UserRecord | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table(), Key: { userId }, ConsistentRead: true }),
    );
    return Item ? toUser(Item) : undefined;
  }

  async createUserIfMissing(user: NewUser): Promise<UserRecord> {
    // Read first: the record exists on nearly every call, and a read costs less than a refused write.
    const stored = await this.getUser(user.userId);
    if (stored) return stored;
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.table(),
          Item: { ...user },
          ConditionExpression: 'attribute_not_exists(userId)',
        }),
      );
      return { ...user };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const existing = await this.getUser(user.userId);
      return existing ?? { ...user };
    }
  }

  async applyPurchase(a: PurchaseApplication): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { userId: a.userId },
          UpdateExpression:
            'SET currentPlan = :plan, expiry = :expiry, updatedAt = :at, ' +
            'email = if_not_exists(email, :email), #name = if_not_exists(#name, :name), ' +
            'phone = if_not_exists(phone, :empty), createdAt = if_not_exists(createdAt, :at) ' +
            'ADD appliedPurchaseIds :purchase',
          // ISO-8601 UTC instants of one format sort as text.
          ConditionExpression:
            '(attribute_not_exists(appliedPurchaseIds) OR NOT contains(appliedPurchaseIds, :purchaseId)) ' +
            'AND (attribute_not_exists(expiry) OR expiry <= :expiry)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: {
            ':plan': a.currentPlan,
            ':expiry': a.expiry,
            ':at': a.at,
            ':email': a.email,
            ':name': a.name,
            ':empty': '',
            ':purchase': new Set([a.purchaseId]),
            ':purchaseId': a.purchaseId,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async updateProfile(
    userId: string,
    changes: ProfileChanges,
    at: string,
  ): Promise<UserRecord | undefined> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':at': at };
    const set = ['updatedAt = :at'];
    const remove: string[] = [];
    for (const key of ['name', 'phone', 'billing'] as const) {
      const value = changes[key];
      if (value === undefined) continue;
      names[`#${key}`] = key;
      if (value === null) remove.push(`#${key}`);
      else {
        set.push(`#${key} = :${key}`);
        values[`:${key}`] = value;
      }
    }
    try {
      const { Attributes } = await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { userId },
          UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
          // Never a partial record: one without an email could not be billed or mailed.
          ConditionExpression: 'attribute_exists(userId)',
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? toUser(Attributes) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  async findUsersByEmail(email: string): Promise<UserRecord[]> {
    const users: UserRecord[] = [];
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.table(),
        IndexName: USERS_BY_EMAIL_INDEX,
        KeyConditionExpression: 'email = :email',
        ExpressionAttributeValues: { ':email': email },
      },
    );
    for await (const page of pages) users.push(...(page.Items ?? []).map(toUser));
    return users;
  }

  async replaceCurrentPlan(
    userId: string,
    seen: CurrentPlan | null,
    next: CurrentPlan | null,
    at: string,
  ): Promise<boolean> {
    const values: Record<string, unknown> = { ':at': at };
    const condition = seen
      ? 'currentPlan = :seenPlan AND expiry = :seenExpiry'
      : 'attribute_not_exists(currentPlan) AND attribute_not_exists(expiry)';
    if (seen) {
      values[':seenPlan'] = seen.currentPlan;
      values[':seenExpiry'] = seen.expiry;
    }
    if (next) {
      values[':plan'] = next.currentPlan;
      values[':expiry'] = next.expiry;
    }
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { userId },
          UpdateExpression: next
            ? 'SET currentPlan = :plan, expiry = :expiry, updatedAt = :at'
            : 'SET updatedAt = :at REMOVE currentPlan, expiry',
          ConditionExpression: `attribute_exists(userId) AND ${condition}`,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
