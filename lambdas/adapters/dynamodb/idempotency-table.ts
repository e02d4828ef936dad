import { randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { AccessCredential, ProcessedEvents, WelcomeMailClaims } from '../../ports/idempotency';
import { isConditionFailure } from './clients';

const DAY_SECONDS = 24 * 60 * 60;
/** Razorpay retries a webhook for up to a day; keep its id well beyond that. */
const WEBHOOK_EVENT_TTL_SECONDS = 30 * DAY_SECONDS;
/**
 * A claim older than this was left by a crashed attempt and may be taken over. Longer than the
 * welcome-mail Lambda's timeout (30 s), so a live attempt is never overtaken.
 */
export const WELCOME_CLAIM_LEASE_MS = 60 * 1000;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

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

export class DynamoWelcomeMailClaims implements WelcomeMailClaims {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
    private readonly newToken: () => string = randomUUID,
    private readonly leaseMs: number = WELCOME_CLAIM_LEASE_MS,
  ) {}

  async isSent(purchaseId: string): Promise<boolean> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table(),
        Key: { id: `welcome-mail#${purchaseId}` },
        ConsistentRead: true,
      }),
    );
    return Item?.status === 'sent';
  }

  async claim(purchaseId: string, now: Date): Promise<string | null> {
    const token = this.newToken();
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.table(),
          Item: {
            id: `welcome-mail#${purchaseId}`,
            status: 'sending',
            claimToken: token,
            claimedAt: now.getTime(),
          },
          ConditionExpression:
            'attribute_not_exists(id) OR (#status = :sending AND claimedAt < :staleBefore)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':sending': 'sending',
            ':staleBefore': now.getTime() - this.leaseMs,
          },
        }),
      );
      return token;
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  async complete(
    purchaseId: string,
    token: string,
    credential: AccessCredential | null,
    at: Date,
  ): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.table(),
        Key: { id: `welcome-mail#${purchaseId}` },
        UpdateExpression: credential
          ? 'SET #status = :sent, sentAt = :at, accessUsername = :username, temporaryPasswordHash = :hash, mustChangePassword = :true'
          : 'SET #status = :sent, sentAt = :at',
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sent': 'sent',
          ':at': at.toISOString(),
          ':token': token,
          ...(credential
            ? {
                ':username': credential.username,
                ':hash': credential.passwordHash,
                ':true': true,
              }
            : {}),
        },
      }),
    );
  }

  async release(purchaseId: string, token: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteCommand({
          TableName: this.table(),
          Key: { id: `welcome-mail#${purchaseId}` },
          ConditionExpression: 'claimToken = :token AND #status = :sending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':token': token, ':sending': 'sending' },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
