import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type {
  ContactMessage,
  MailClaim,
  MessagesStore,
  StoredContactMessage,
} from '../../ports/messages';
import { isConditionFailure } from './clients';

const PENDING = 'pending';

export class DynamoMessagesStore implements MessagesStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async saveMessage(message: ContactMessage): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.table(),
        // mailState marks the message in the sparse pendingMail index until it is mailed.
        Item: { ...message, mailState: PENDING },
        ConditionExpression: 'attribute_not_exists(messageId)',
      }),
    );
  }

  async listPendingMail(receivedBefore: Date, limit: number): Promise<string[]> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        IndexName: 'pendingMail',
        KeyConditionExpression: 'mailState = :pending AND createdAt < :before',
        ExpressionAttributeValues: { ':pending': PENDING, ':before': receivedBefore.toISOString() },
        Limit: limit,
      }),
    );
    return Items.map((item) => String(item.messageId));
  }

  async getMessage(messageId: string): Promise<StoredContactMessage | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table(), Key: { messageId }, ConsistentRead: true }),
    );
    return Item as StoredContactMessage | undefined;
  }

  async claimMail(messageId: string, now: Date, leaseMs: number): Promise<MailClaim> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { messageId },
          UpdateExpression: 'SET mailLeaseUntil = :until',
          ConditionExpression:
            'attribute_exists(messageId) AND attribute_not_exists(mailedAt) AND ' +
            '(attribute_not_exists(mailLeaseUntil) OR mailLeaseUntil < :now)',
          ExpressionAttributeValues: {
            ':until': new Date(now.getTime() + leaseMs).toISOString(),
            ':now': now.toISOString(),
          },
        }),
      );
      return 'claimed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const stored = await this.getMessage(messageId);
      if (!stored) throw new Error(`No contact message ${messageId}`, { cause: error });
      return stored.mailedAt ? 'sent' : 'busy';
    }
  }

  async markMailed(messageId: string, at: Date): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.table(),
        Key: { messageId },
        UpdateExpression: 'SET mailedAt = :at REMOVE mailLeaseUntil, mailState',
        ConditionExpression: 'attribute_exists(messageId)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    );
  }

  async releaseMail(messageId: string): Promise<void> {
    await this.client
      .send(
        new UpdateCommand({
          TableName: this.table(),
          Key: { messageId },
          UpdateExpression: 'REMOVE mailLeaseUntil',
          ConditionExpression: 'attribute_exists(messageId) AND attribute_not_exists(mailedAt)',
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
}
