/**
 * What the services table's two job indexes share (the renewal job's `byNextDue`, auto-renew's
 * `autoRenewDue`, D17 and D25): a service carries, in one of ALL_DUE_SHARDS partitions, the instant
 * its next step falls due, so a job reads the services due by one query per shard and never the
 * whole table; and a job reads the one service it acts on again, strongly consistent.
 */
import { GetCommand, paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ALL_DUE_SHARDS } from '../../domain/renewal-schedule';
import type { ServiceRef } from '../../ports/renewals';
import type { ServiceRecord } from '../../ports/services';

/** The services whose `dueKey` is at or before `now`, shard by shard, from a sharded due index. */
export async function* servicesDue(
  client: DynamoDBDocumentClient,
  index: { tableName: string; indexName: string; shardKey: string; dueKey: string },
  now: Date,
): AsyncIterable<ServiceRecord> {
  for (const shard of ALL_DUE_SHARDS) {
    const pages = paginateQuery(
      { client },
      {
        TableName: index.tableName,
        IndexName: index.indexName,
        KeyConditionExpression: '#shard = :shard AND #due <= :now',
        ExpressionAttributeNames: { '#shard': index.shardKey, '#due': index.dueKey },
        ExpressionAttributeValues: { ':shard': shard, ':now': now.toISOString() },
      },
    );
    for await (const page of pages) {
      for (const item of page.Items ?? []) yield item as ServiceRecord;
    }
  }
}

/** The service's key on the table. */
export function serviceKey(ref: ServiceRef): { userId: string; serviceId: string } {
  return { userId: ref.userId, serviceId: ref.serviceId };
}

/** The service as stored now (a strongly consistent read). */
export async function serviceNow(
  client: DynamoDBDocumentClient,
  tableName: string,
  ref: ServiceRef,
): Promise<ServiceRecord | undefined> {
  const { Item } = await client.send(
    new GetCommand({ TableName: tableName, Key: serviceKey(ref), ConsistentRead: true }),
  );
  return Item as ServiceRecord | undefined;
}
