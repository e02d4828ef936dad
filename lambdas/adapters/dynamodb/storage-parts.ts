import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ServiceRef, StoragePartRecord, StoragePartStore } from '../../ports/object-storage';
import { sendIfConditionHolds } from './clients';

/**
 * A storage service's part (D24), kept on its item in the services table as the map `storage`,
 * beside its provisioning, so the dashboard's one query reads it. Never a secret.
 */
export class DynamoStorageParts implements StoragePartStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: () => string,
  ) {}

  async putStoragePart(ref: ServiceRef, part: StoragePartRecord): Promise<void> {
    await sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { userId: ref.userId, serviceId: ref.serviceId },
        UpdateExpression: 'SET #s = :part',
        ConditionExpression: 'attribute_exists(serviceId)',
        ExpressionAttributeNames: { '#s': 'storage' },
        ExpressionAttributeValues: { ':part': part },
      }),
    );
  }

  async updateStoragePart(
    ref: ServiceRef,
    changes: Partial<Omit<StoragePartRecord, 'uid' | 'bucket'>>,
  ): Promise<void> {
    const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (fields.length === 0) return;
    const names: Record<string, string> = { '#s': 'storage' };
    const values: Record<string, unknown> = {};
    const set = fields.map(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      return `#s.#f${i} = :v${i}`;
    });
    await sendIfConditionHolds(
      this.client,
      new UpdateCommand({
        TableName: this.table(),
        Key: { userId: ref.userId, serviceId: ref.serviceId },
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: 'attribute_exists(#s)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
}
