import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  paginateQuery,
  ScanCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { NAME_PREFIX_LENGTH, nameIndexOf, nameSearchKey } from '../../domain/admin';
import type { BillingDetails } from '../../domain/gst';
import type {
  CurrentPlan,
  NewUser,
  ProfileChanges,
  PurchaseApplication,
  UserRecord,
  UsersStore,
} from '../../ports/users';
import { isConditionFailure, sendIfConditionHolds } from './clients';

/** BatchGetItem's most keys a call. */
const BATCH_GET_MAX_KEYS = 100;
/**
 * Keys DynamoDB left unprocessed (throttled, or over 16 MB) are asked for again after a growing,
 * jittered wait, as AWS advises; after this many tries the read fails and its caller retries.
 */
const BATCH_GET_ATTEMPTS = 8;
const BATCH_GET_BASE_DELAY_MS = 25;
const BATCH_GET_MAX_DELAY_MS = 1_000;

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

  async getUsers(userIds: readonly string[]): Promise<Map<string, UserRecord>> {
    const ids = [...new Set(userIds)];
    const found = new Map<string, UserRecord>();
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += BATCH_GET_MAX_KEYS) {
      chunks.push(ids.slice(i, i + BATCH_GET_MAX_KEYS));
    }
    await Promise.all(
      chunks.map(async (chunk) => {
        for (const item of await this.batchGet(chunk)) {
          const user = toUser(item);
          found.set(user.userId, user);
        }
      }),
    );
    return found;
  }

  /** One BatchGetItem of up to 100 keys, asking again for what it left unprocessed. */
  private async batchGet(userIds: readonly string[]): Promise<Record<string, unknown>[]> {
    const table = this.table();
    const items: Record<string, unknown>[] = [];
    let keys: Record<string, unknown>[] = userIds.map((userId) => ({ userId }));
    for (let attempt = 1; keys.length; attempt += 1) {
      if (attempt > BATCH_GET_ATTEMPTS) {
        throw new Error(
          `${keys.length} users were still unprocessed after ${BATCH_GET_ATTEMPTS} batch reads`,
        );
      }
      if (attempt > 1) await sleep(backoffMs(attempt - 1));
      const output = await this.client.send(
        new BatchGetCommand({
          RequestItems: { [table]: { Keys: keys, ConsistentRead: true } },
        }),
      );
      items.push(...(output.Responses?.[table] ?? []));
      keys = output.UnprocessedKeys?.[table]?.Keys ?? [];
    }
    return items;
  }

  async createUserIfMissing(user: NewUser): Promise<UserRecord> {
    // Read first: the record exists on nearly every call, and a read costs less than a refused write.
    const stored = await this.getUser(user.userId);
    if (stored) return stored;
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.table(),
          Item: { ...user, ...nameIndexOf(user.name) },
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
    return sendIfConditionHolds(
      this.client,
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
    // The console's name search follows the name (issue #27).
    if (changes.name !== undefined) {
      const index = nameIndexOf(changes.name);
      if (index) {
        set.push('nameKey = :nameKey', 'namePrefix = :namePrefix');
        values[':nameKey'] = index.nameKey;
        values[':namePrefix'] = index.namePrefix;
      } else remove.push('nameKey', 'namePrefix');
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

  async changeEmail(
    userId: string,
    from: string,
    to: string,
    at: string,
  ): Promise<UserRecord | undefined> {
    try {
      const { Attributes } = await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { userId },
          UpdateExpression: 'SET email = :to, updatedAt = :at',
          ConditionExpression: 'email = :from',
          ExpressionAttributeValues: { ':to': to, ':from': from, ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? toUser(Attributes) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  async deleteUser(userId: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.table(), Key: { userId } }));
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

  async findUsersByPhone(phone: string): Promise<UserRecord[]> {
    const users: UserRecord[] = [];
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.table(),
        IndexName: 'byPhone',
        KeyConditionExpression: 'phone = :phone',
        ExpressionAttributeValues: { ':phone': phone },
      },
    );
    for await (const page of pages) users.push(...(page.Items ?? []).map(toUser));
    return users;
  }

  async findUsersByNamePrefix(prefix: string, limit: number): Promise<UserRecord[]> {
    const key = nameSearchKey(prefix);
    if (key.length < NAME_PREFIX_LENGTH) return [];
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: 'byNamePrefix',
        KeyConditionExpression: 'namePrefix = :prefix AND begins_with(nameKey, :key)',
        ExpressionAttributeValues: {
          ':prefix': key.slice(0, NAME_PREFIX_LENGTH),
          ':key': key,
        },
        Limit: limit,
      }),
    );
    return (Items ?? []).map(toUser);
  }

  /**
   * A page of the table (a Scan with a Limit: listing every customer is reading them all, one
   * bounded page at a time); the cursor is the last key, base64url-encoded.
   */
  async listUsersPage(
    limit: number,
    after?: string,
  ): Promise<{ users: UserRecord[]; next?: string }> {
    const start = after
      ? (JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as { userId: string })
      : undefined;
    const { Items = [], LastEvaluatedKey } = await this.client.send(
      new ScanCommand({
        TableName: this.table(),
        Limit: limit,
        ...(start && typeof start.userId === 'string'
          ? { ExclusiveStartKey: { userId: start.userId } }
          : {}),
      }),
    );
    return {
      users: Items.map(toUser),
      ...(LastEvaluatedKey
        ? { next: Buffer.from(JSON.stringify(LastEvaluatedKey)).toString('base64url') }
        : {}),
    };
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
    return sendIfConditionHolds(
      this.client,
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
  }
}

/** Full jitter on an exponential step: retries of many callers spread out instead of colliding. */
function backoffMs(retry: number): number {
  const ceiling = Math.min(BATCH_GET_MAX_DELAY_MS, BATCH_GET_BASE_DELAY_MS * 2 ** retry);
  return Math.random() * ceiling;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}
