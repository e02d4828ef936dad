/**
 * One-off data change for the users table's `byNamePrefix` index (the console's search by name,
 * issue #27). A record written before the index lacks `nameKey` / `namePrefix`, so searching its
 * name would miss it: this gives each the keys its name would get now (nameIndexOf). A Scan, once,
 * after the deploy; safe to run again and beside live traffic (a record that has them, or whose
 * name changed since it was read, is left alone). Run by the local stack at every start and, after
 * a deploy, by `npm run backfill -- --users-table NAME` (README).
 */
import { paginateScan, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { nameIndexOf } from '../../../lambdas/system/facts';

export interface UserNamesResult {
  /** Records read. */
  read: number;
  /** Records given their name keys now. */
  updated: number;
}

export async function backfillUserNames(
  client: DynamoDBDocumentClient,
  tableName: string,
): Promise<UserNamesResult> {
  const result: UserNamesResult = { read: 0, updated: 0 };
  for await (const page of paginateScan({ client }, { TableName: tableName })) {
    for (const item of page.Items ?? []) {
      result.read += 1;
      const name = typeof item.name === 'string' ? item.name : '';
      const index = nameIndexOf(name);
      if (!index || item.nameKey !== undefined) continue;
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: item.userId },
            UpdateExpression: 'SET nameKey = :key, namePrefix = :prefix',
            ConditionExpression: '#name = :name AND attribute_not_exists(nameKey)',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: {
              ':key': index.nameKey,
              ':prefix': index.namePrefix,
              ':name': name,
            },
          }),
        );
        result.updated += 1;
      } catch (error) {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      }
    }
  }
  return result;
}
