/**
 * A DATA_DIR made before an index was added keeps its items when the local stack starts: dynalite
 * cannot add an index, so the table is rebuilt, and a rebuild cut short at any point is finished
 * by the next start without losing an item.
 */
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ScanCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureTables } from '../../../infra/local/dynamodb';
import { localTableName } from '../../../lambdas/system/facts';

type DynaliteFactory = (options: Record<string, unknown>) => Server;
const dynalite = createRequire(import.meta.url)('dynalite') as DynaliteFactory;

let server: Server;
let client: DynamoDBClient;
beforeEach(async () => {
  server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new DynamoDBClient({
    region: 'ap-south-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterEach(async () => {
  client.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const orders = localTableName('orders');

/** As an older start left it: a table with the orders key and no index, ready for writes. */
async function createKeysOnly(name: string): Promise<void> {
  const input: CreateTableCommandInput = {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: 'orderId', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'orderId', AttributeType: 'S' }],
  };
  await client.send(new CreateTableCommand(input));
  await waitUntilTableExists({ client, maxWaitTime: 10, minDelay: 0.01 }, { TableName: name });
}

/** The orders table as an older DATA_DIR has it: its keys, none of today's indexes. */
async function givenOldOrdersTable(count: number): Promise<void> {
  await createKeysOnly(orders);
  for (let i = 0; i < count; i += 1) {
    await client.send(
      new PutItemCommand({
        TableName: orders,
        Item: {
          orderId: { S: `order_${i}` },
          userId: { S: 'u1' },
          status: { S: 'paid' },
          createdAt: { S: '2026-11-01T00:00:00.000Z' },
          updatedAt: { S: '2026-11-01T00:00:00.000Z' },
        },
      }),
    );
  }
}

const indexesOf = async (name: string) =>
  (
    (await client.send(new DescribeTableCommand({ TableName: name }))).Table
      ?.GlobalSecondaryIndexes ?? []
  )
    .map((index) => index.IndexName)
    .sort();
const itemCount = async (name: string) =>
  (await client.send(new ScanCommand({ TableName: name }))).Items?.length ?? 0;

describe('local tables from an older DATA_DIR', () => {
  it('gets the indexes of its definition and keeps every item', async () => {
    await givenOldOrdersTable(25);

    await ensureTables(client);

    expect(await indexesOf(orders)).toEqual(['byStatus', 'byUser', 'unsettledByUser']);
    expect(await itemCount(orders)).toBe(25);
  });

  it('finishes a rebuild cut short after the table was deleted, from the copy aside', async () => {
    await givenOldOrdersTable(10);
    await ensureTables(client); // the finished rebuild gives the shape of the copy aside
    await createKeysOnly(`${orders}-rebuilding`);
    for (const item of (await client.send(new ScanCommand({ TableName: orders }))).Items ?? []) {
      await client.send(new PutItemCommand({ TableName: `${orders}-rebuilding`, Item: item }));
    }
    await client.send(new DeleteTableCommand({ TableName: orders })); // the crash came here
    await waitUntilTableNotExists(
      { client, maxWaitTime: 10, minDelay: 0.01 },
      { TableName: orders },
    );

    await ensureTables(client);

    expect(await itemCount(orders)).toBe(10);
    expect(await indexesOf(orders)).toEqual(['byStatus', 'byUser', 'unsettledByUser']);
  });

  it('starts over when cut short while copying aside: the table itself was whole', async () => {
    await givenOldOrdersTable(10);
    await createKeysOnly(`${orders}-rebuilding`); // and the crash came before any item was copied

    await ensureTables(client);

    expect(await itemCount(orders)).toBe(10);
    expect(await indexesOf(orders)).toEqual(['byStatus', 'byUser', 'unsettledByUser']);
  });
});
