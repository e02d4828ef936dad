import {
  paginateQuery,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';

/**
 * Every item a query matches, page after page (DynamoDB answers at most 1 MB a page), as the
 * adapter's record type: the table holds only what the adapter wrote.
 */
export async function queryAll<T>(
  client: DynamoDBDocumentClient,
  input: QueryCommandInput,
): Promise<T[]> {
  const items: T[] = [];
  for await (const page of paginateQuery({ client }, input)) {
    items.push(...((page.Items ?? []) as T[]));
  }
  return items;
}
