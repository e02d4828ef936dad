/**
 * One-off data change for the orders table's `unsettledByUser` index (the dashboard's failed and
 * in-review payments). Orders marked failed or in review before the index existed lack its sort
 * key, so the dashboard would no longer list them: this gives each one the key, as marking it would
 * have (its last move's time). Safe to run any number of times and beside live traffic: an order
 * that already has the key, or has moved on to paid or refunded since it was read, is left alone.
 * Run by the local stack at every start and, after a deploy, by `npm run backfill` (README).
 */
import { paginateQuery, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLES, UNSETTLED_ORDER_STATUSES } from '../../../lambdas/system/facts';

const orders = TABLES.find((table) => table.id === 'orders')!;
const indexNamed = (name: string) =>
  orders.globalSecondaryIndexes.find((i) => i.indexName === name)!;
const BY_STATUS = indexNamed('byStatus');
const UNSETTLED = indexNamed('unsettledByUser');
const KEY = UNSETTLED.sortKey!.name;

export interface BackfillResult {
  /** Unsettled orders read from the status index. */
  read: number;
  /** Of those, the ones given the index's key now. */
  updated: number;
}

export async function backfillUnsettledOrders(
  client: DynamoDBDocumentClient,
  tableName: string,
): Promise<BackfillResult> {
  const result: BackfillResult = { read: 0, updated: 0 };
  for (const status of UNSETTLED_ORDER_STATUSES) {
    const pages = paginateQuery(
      { client },
      {
        TableName: tableName,
        IndexName: BY_STATUS.indexName,
        KeyConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': BY_STATUS.partitionKey.name },
        ExpressionAttributeValues: { ':status': status },
      },
    );
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
        result.read += 1;
        if (item[KEY] !== undefined) continue;
        if (await giveKey(client, tableName, item, status)) result.updated += 1;
      }
    }
  }
  return result;
}

async function giveKey(
  client: DynamoDBDocumentClient,
  tableName: string,
  item: Record<string, unknown>,
  status: string,
): Promise<boolean> {
  const key = { [orders.partitionKey.name]: item[orders.partitionKey.name] };
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET #key = :at',
        // Still in the status it was read in, and still without the key.
        ConditionExpression: '#status = :status AND attribute_not_exists(#key)',
        ExpressionAttributeNames: { '#key': KEY, '#status': BY_STATUS.partitionKey.name },
        ExpressionAttributeValues: {
          ':at': item[BY_STATUS.sortKey!.name] ?? item.createdAt,
          ':status': status,
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
