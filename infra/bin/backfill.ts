/**
 * `npm run backfill -- --orders-table NAME --services-table NAME --event-bus NAME --purchases-table
 * NAME --users-table NAME`: the one-off
 * data changes a deploy of this version needs on tables that already hold data
 * (infra/lib/backfills/). Each is safe to run again and beside live traffic. Credentials and region
 * come from the usual AWS environment (AWS_PROFILE, AWS_REGION); the names are the stack's
 * OrdersTableName, ServicesTableName and EventBusName outputs. Each table's backfill runs when its
 * name is given.
 */
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HOME_REGION } from '../../lambdas/system/facts';
import { backfillDocumentMonths } from '../lib/backfills/document-months';
import { backfillServiceLife } from '../lib/backfills/service-life';
import { backfillUnsettledOrders } from '../lib/backfills/unsettled-orders';
import { backfillUserNames } from '../lib/backfills/user-names';

const USAGE =
  'Usage: npm run backfill -- [--orders-table NAME] [--services-table NAME --event-bus NAME] [--purchases-table NAME] [--users-table NAME] [--region REGION] [--endpoint URL]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'orders-table': { type: 'string' },
      'services-table': { type: 'string' },
      'event-bus': { type: 'string' },
      'purchases-table': { type: 'string' },
      'users-table': { type: 'string' },
      region: { type: 'string' },
      endpoint: { type: 'string' },
    },
  });
  const orders = values['orders-table'];
  const services = values['services-table'];
  const bus = values['event-bus'];
  const purchases = values['purchases-table'];
  const users = values['users-table'];
  if ((!orders && !services && !purchases && !users) || (services && !bus)) throw new Error(USAGE);
  const region = values.region ?? process.env.AWS_REGION ?? HOME_REGION;
  const endpoint = values.endpoint ? { endpoint: values.endpoint } : {};
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region, ...endpoint }));
  const events = new EventBridgeClient({ region });
  try {
    if (orders) {
      const { read, updated } = await backfillUnsettledOrders(client, orders);
      console.log(
        `${orders}: ${read} failed or in-review orders read, ${updated} given the dashboard's index key.`,
      );
    }
    if (purchases) {
      const { read, updated } = await backfillDocumentMonths(client, purchases);
      console.log(
        `${purchases}: ${read} purchases read, ${updated} invoices and credit notes given their month (GSTR-1's index).`,
      );
    }
    if (users) {
      const { read, updated } = await backfillUserNames(client, users);
      console.log(
        `${users}: ${read} users read, ${updated} given their name's keys (the console's search by name).`,
      );
    }
    if (services && bus) {
      const { read, published } = await backfillServiceLife(client, services, async (entries) => {
        const answer = await events.send(
          new PutEventsCommand({
            Entries: entries.map((entry) => ({ ...entry, EventBusName: bus })),
          }),
        );
        if (answer.FailedEntryCount) {
          throw new Error(`${answer.FailedEntryCount} ServiceChanged events were refused`);
        }
        return entries.length;
      });
      console.log(
        `${services}: ${read} services without a life record, ${published} handed to converge (ServiceChanged).`,
      );
    }
  } finally {
    client.destroy();
    events.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
