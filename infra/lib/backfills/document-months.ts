/**
 * One-off data change for the purchases table's `invoicesByMonth` and `creditNotesByMonth` indexes
 * (GSTR-1, the revenue report, the console's search by number; issue #27). A purchase numbered
 * before the indexes existed lacks `invoiceMonth` / `creditNoteMonth`, so the month's return would
 * miss it: this gives each the month its document was issued in (India's calendar), as numbering
 * it now would. A Scan, once, after the deploy; safe to run again and beside live traffic (an
 * item that has the month, or whose number changed since it was read, is left alone). Run by the
 * local stack at every start and, after a deploy, by `npm run backfill` (README).
 */
import { paginateScan, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLES } from '../../../lambdas/system/facts';

const purchases = TABLES.find((table) => table.id === 'purchases')!;
/** Each month index's keys: the month (partition) and the number (sort), and the number's instant. */
const DOCUMENTS = purchases.globalSecondaryIndexes.map((index) => {
  const number = index.sortKey.name;
  return {
    month: index.partitionKey.name,
    number,
    issuedAt: number.replace(/Number$/, 'IssuedAt'),
  };
});

const IST_OFFSET_MS = 330 * 60 * 1000;
/** India's calendar month of an instant, `YYYY-MM` (as lambdas/ports/purchases.ts documentMonthOf). */
const monthOf = (instant: string) =>
  new Date(Date.parse(instant) + IST_OFFSET_MS).toISOString().slice(0, 7);

export interface DocumentMonthsResult {
  /** Purchases read. */
  read: number;
  /** Documents given their month now. */
  updated: number;
}

export async function backfillDocumentMonths(
  client: DynamoDBDocumentClient,
  tableName: string,
): Promise<DocumentMonthsResult> {
  const result: DocumentMonthsResult = { read: 0, updated: 0 };
  for await (const page of paginateScan({ client }, { TableName: tableName })) {
    for (const item of page.Items ?? []) {
      result.read += 1;
      for (const fields of DOCUMENTS) {
        const number = item[fields.number] as string | undefined;
        if (!number || item[fields.month] !== undefined) continue;
        const issuedAt = (item[fields.issuedAt] ?? item.createdAt) as string;
        if (await giveMonth(client, tableName, item, fields, number, issuedAt)) result.updated += 1;
      }
    }
  }
  return result;
}

async function giveMonth(
  client: DynamoDBDocumentClient,
  tableName: string,
  item: Record<string, unknown>,
  fields: (typeof DOCUMENTS)[number],
  number: string,
  issuedAt: string,
): Promise<boolean> {
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { userId: item.userId, purchaseId: item.purchaseId },
        UpdateExpression: 'SET #month = :month',
        ConditionExpression: '#number = :number AND attribute_not_exists(#month)',
        ExpressionAttributeNames: { '#month': fields.month, '#number': fields.number },
        ExpressionAttributeValues: { ':month': monthOf(issuedAt), ':number': number },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
