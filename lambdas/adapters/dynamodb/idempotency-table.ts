import { randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type {
  FailedWelcomeMail,
  ProcessedEvents,
  WelcomeMailClaim,
  WelcomeMailClaims,
  WelcomeMailFailure,
  WelcomeMailState,
} from '../../ports/idempotency';
import { isConditionFailure, sendIfConditionHolds } from './clients';

const DAY_SECONDS = 24 * 60 * 60;
/** Razorpay retries a webhook for up to a day; keep its id well beyond that. */
const WEBHOOK_EVENT_TTL_SECONDS = 30 * DAY_SECONDS;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The sparse index of welcome mails whose last attempt failed (lambdas/system/facts.ts). */
const FAILED_MAIL_INDEX = 'failedMail';
const FAILED_WELCOME_MAIL = 'welcome-mail';

export class DynamoProcessedEvents implements ProcessedEvents {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async isProcessed(eventId: string): Promise<boolean> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table(),
        Key: { id: `razorpay-event#${eventId}` },
        ConsistentRead: true,
      }),
    );
    return Item !== undefined;
  }

  async markProcessed(eventId: string, at: Date): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.table(),
        Item: {
          id: `razorpay-event#${eventId}`,
          processedAt: at.toISOString(),
          expiration: epochSeconds(at) + WEBHOOK_EVENT_TTL_SECONDS,
        },
      }),
    );
  }
}

/**
 * The welcome-mail claim: one item per purchase, `sending` while an attempt holds it (with the
 * bus delivery that took it), `sent` for good once the mail is out. A `sending` item older than
 * the lease was left by a crashed attempt and is taken over.
 */
export class DynamoWelcomeMailClaims implements WelcomeMailClaims {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
    /** How long a claim holds (lambdas/system/facts.ts WELCOME_MAIL_LEASE_SECONDS). */
    private readonly leaseMs: number,
    private readonly newToken: () => string = randomUUID,
  ) {}

  async claim(purchaseId: string, deliveryId: string, now: Date): Promise<WelcomeMailClaim> {
    // A holder may release or its lease may run out between the refused write and the read:
    // then claim again, a few times at most.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const token = this.newToken();
      if (await this.tryClaim(purchaseId, deliveryId, token, now))
        return { state: 'claimed', token };
      const { Item } = await this.client.send(
        new GetCommand({
          TableName: this.table(),
          Key: { id: `welcome-mail#${purchaseId}` },
          ConsistentRead: true,
        }),
      );
      if (!Item || Item.status === 'failed') continue;
      if (Item.status === 'sent') return { state: 'sent' };
      if (typeof Item.claimedAt === 'number' && Item.claimedAt < now.getTime() - this.leaseMs) {
        continue;
      }
      return {
        state: 'held',
        heldBy: typeof Item.claimedBy === 'string' ? Item.claimedBy : undefined,
      };
    }
    return { state: 'held', heldBy: undefined };
  }

  private async tryClaim(
    purchaseId: string,
    deliveryId: string,
    token: string,
    now: Date,
  ): Promise<boolean> {
    return sendIfConditionHolds(
      this.client,
      new PutCommand({
        TableName: this.table(),
        Item: {
          id: `welcome-mail#${purchaseId}`,
          status: 'sending',
          claimToken: token,
          claimedBy: deliveryId,
          claimedAt: now.getTime(),
        },
        // A failed attempt's item (release with a failure) is free to claim, like no item.
        ConditionExpression:
          'attribute_not_exists(id) OR #status = :failed OR ' +
          '(#status = :sending AND claimedAt < :staleBefore)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':failed': 'failed',
          ':staleBefore': now.getTime() - this.leaseMs,
        },
      }),
    );
  }

  async complete(purchaseId: string, token: string, at: Date): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.table(),
        Key: { id: `welcome-mail#${purchaseId}` },
        UpdateExpression: 'SET #status = :sent, sentAt = :at',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent', ':at': at.toISOString(), ':token': token },
      }),
    );
  }

  async release(purchaseId: string, token: string, failure?: WelcomeMailFailure): Promise<void> {
    const key = { id: `welcome-mail#${purchaseId}` };
    const condition = {
      ConditionExpression: 'claimToken = :token AND #status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
    };
    try {
      if (!failure) {
        await this.client.send(
          new DeleteCommand({
            TableName: this.table(),
            Key: key,
            ...condition,
            ExpressionAttributeValues: { ':token': token, ':sending': 'sending' },
          }),
        );
        return;
      }
      // failedMail puts the item in the sparse failedMail index until the next claim replaces it.
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: key,
          UpdateExpression:
            'SET #status = :failed, failedMail = :kind, failedAt = :at, userId = :user, ' +
            'lastError = :reason, purchaseId = :purchase REMOVE claimToken',
          ...condition,
          ExpressionAttributeValues: {
            ':token': token,
            ':sending': 'sending',
            ':failed': 'failed',
            ':kind': FAILED_WELCOME_MAIL,
            ':at': failure.at.toISOString(),
            ':user': failure.userId,
            ':reason': failure.reason.slice(0, 500),
            ':purchase': purchaseId,
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async listFailed(limit: number): Promise<FailedWelcomeMail[]> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: FAILED_MAIL_INDEX,
        KeyConditionExpression: 'failedMail = :kind',
        ExpressionAttributeValues: { ':kind': FAILED_WELCOME_MAIL },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items.filter((item) => item.status === 'failed').map((item) => ({
      purchaseId: String(item.purchaseId),
      userId: String(item.userId),
      failedAt: String(item.failedAt),
      reason: String(item.lastError ?? ''),
    }));
  }

  async stateOf(purchaseId: string): Promise<WelcomeMailState | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table(),
        Key: { id: `welcome-mail#${purchaseId}` },
        ConsistentRead: true,
      }),
    );
    if (!Item) return undefined;
    if (Item.status === 'sent')
      return typeof Item.sentAt === 'string'
        ? { state: 'sent', at: Item.sentAt }
        : { state: 'sent' };
    if (Item.status === 'failed')
      return {
        state: 'failed',
        at: String(Item.failedAt),
        reason: String(Item.lastError ?? ''),
        userId: String(Item.userId),
      };
    return { state: 'sending', at: new Date(Number(Item.claimedAt)).toISOString() };
  }
}
