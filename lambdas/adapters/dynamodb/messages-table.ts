import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage, MessagesStore } from '../../ports/messages';

export class DynamoMessagesStore implements MessagesStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async saveMessage(message: ContactMessage): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.table(),
        Item: message,
        ConditionExpression: 'attribute_not_exists(messageId)',
      }),
    );
  }
}
