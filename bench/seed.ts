/**
 * Seeding a big table quickly for the bench: BatchWrite in 25s, 8 batches in flight, each batch's
 * unprocessed items sent again until none is left.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export async function batchWrite(
  client: DynamoDBDocumentClient,
  table: string,
  items: readonly object[],
): Promise<void> {
  const batches: object[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      let unprocessed = batch.map((item) => ({ PutRequest: { Item: { ...item } } }));
      while (unprocessed.length) {
        const out = await client.send(
          new BatchWriteCommand({ RequestItems: { [table]: unprocessed } }),
        );
        unprocessed = (out.UnprocessedItems?.[table] ?? []) as typeof unprocessed;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
