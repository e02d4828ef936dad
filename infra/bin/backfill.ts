/**
 * `npm run backfill -- --orders-table NAME`: the one-off data changes a deploy of this version
 * needs on tables that already hold data (infra/lib/backfills/). Each is safe to run again and
 * beside live traffic. Credentials and region come from the usual AWS environment (AWS_PROFILE,
 * AWS_REGION); the table's name is the stack's OrdersTableName output.
 */
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HOME_REGION } from '../../lambdas/system/facts';
import { backfillUnsettledOrders } from '../lib/backfills/unsettled-orders';

const USAGE = 'Usage: npm run backfill -- --orders-table NAME [--region REGION] [--endpoint URL]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'orders-table': { type: 'string' },
      region: { type: 'string' },
      endpoint: { type: 'string' },
    },
  });
  const table = values['orders-table'];
  if (!table) throw new Error(USAGE);
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: values.region ?? process.env.AWS_REGION ?? HOME_REGION,
      ...(values.endpoint ? { endpoint: values.endpoint } : {}),
    }),
  );
  try {
    const { read, updated } = await backfillUnsettledOrders(client, table);
    console.log(
      `${table}: ${read} failed or in-review orders read, ${updated} given the dashboard's index key.`,
    );
  } finally {
    client.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
