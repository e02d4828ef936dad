import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { listedMail } from '../../domain/mail-log';
import type { MailLog, MailLogEntry, StoredMail } from '../../ports/mail-log';
import { queryAll } from './query-all';

/** The newest mails a customer's page lists. */
export const MAIL_LOG_PAGE = 200;

/**
 * The mail logs on DynamoDB: one item per mail, under the buyer's id, sorted by `mailId` (which
 * starts with the time sent). Only PutItem and reads: an entry is never changed.
 */
export class DynamoMailLog implements MailLog {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async record(mail: StoredMail): Promise<void> {
    await this.client.send(new PutCommand({ TableName: this.table(), Item: mail }));
  }

  async listForCustomer(userId: string): Promise<MailLogEntry[]> {
    const answer = await this.client.send(
      new QueryCommand({
        TableName: this.table(),
        KeyConditionExpression: 'userId = :user',
        ExpressionAttributeValues: { ':user': userId },
        // The bodies stay in the table: the list needs none of them.
        ProjectionExpression:
          'mailId, userId, #at, kind, subject, #to, #status, #error, #ref, resendOf',
        ExpressionAttributeNames: {
          '#at': 'at',
          '#to': 'to',
          '#status': 'status',
          '#error': 'error',
          '#ref': 'ref',
        },
        ScanIndexForward: false,
        Limit: MAIL_LOG_PAGE,
      }),
    );
    return ((answer.Items ?? []) as StoredMail[]).map(listedMail);
  }

  /** One DeleteItem per mail (no function batch-writes), after a query of the keys alone. */
  async eraseCustomer(userId: string): Promise<void> {
    const keys = await queryAll<{ userId: string; mailId: string }>(this.client, {
      TableName: this.table(),
      KeyConditionExpression: 'userId = :user',
      ExpressionAttributeValues: { ':user': userId },
      ProjectionExpression: 'userId, mailId',
      ConsistentRead: true,
    });
    for (const key of keys) {
      await this.client.send(new DeleteCommand({ TableName: this.table(), Key: key }));
    }
  }

  async getMail(userId: string, mailId: string): Promise<StoredMail | undefined> {
    const answer = await this.client.send(
      new GetCommand({ TableName: this.table(), Key: { userId, mailId }, ConsistentRead: true }),
    );
    return answer.Item as StoredMail | undefined;
  }
}
