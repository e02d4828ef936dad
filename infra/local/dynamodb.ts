/**
 * The DynamoDB stand-in: dynalite in this process, on disk under DATA_DIR/dynamodb. The tables come
 * from the same definitions as the CDK stack, and the catalog is seeded by the same calls
 * (infra/lib/definitions/catalog-seed.ts).
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import {
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  paginateScan,
  PutItemCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
  type AttributeDefinition,
  type CreateTableCommandInput,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import {
  TABLES,
  localTableName,
  type TableDefinition,
  type TableId,
} from '../../lambdas/system/facts';
import { CATALOG } from '../../lambdas/domain/catalog';
import type { Plan } from '../../lambdas/domain/plan';
import { HOME_REGION } from '../../lambdas/system/facts';
import { catalogSeedPuts, planDelete } from '../lib/definitions/catalog-seed';

type DynaliteFactory = (options: {
  path: string;
  createTableMs: number;
  deleteTableMs: number;
  updateTableMs: number;
}) => Server;

const require = createRequire(import.meta.url);

export function localDynamoClient(port: number): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: HOME_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startDynalite(dataDir: string, port: number): Promise<Server> {
  const path = join(dataDir, 'dynamodb');
  mkdirSync(path, { recursive: true });
  const dynalite = require('dynalite') as DynaliteFactory;
  const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise());
  });
  return server;
}

function createTableInput(table: TableDefinition): CreateTableCommandInput {
  const attributes = new Map<string, AttributeDefinition>();
  const key = (name: string, type: 'S' | 'N') =>
    attributes.set(name, { AttributeName: name, AttributeType: type });
  const keySchema = (
    pk: TableDefinition['partitionKey'],
    sk?: TableDefinition['sortKey'],
  ): KeySchemaElement[] => {
    key(pk.name, pk.type);
    const schema: KeySchemaElement[] = [{ AttributeName: pk.name, KeyType: 'HASH' }];
    if (sk) {
      key(sk.name, sk.type);
      schema.push({ AttributeName: sk.name, KeyType: 'RANGE' });
    }
    return schema;
  };
  const input: CreateTableCommandInput = {
    TableName: localTableName(table.id as TableId),
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: keySchema(table.partitionKey, table.sortKey),
    AttributeDefinitions: [],
  };
  if (table.globalSecondaryIndexes?.length) {
    input.GlobalSecondaryIndexes = table.globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: keySchema(index.partitionKey, index.sortKey),
      Projection: { ProjectionType: 'ALL' },
    }));
  }
  input.AttributeDefinitions = [...attributes.values()];
  return input;
}

/**
 * Creates the tables that do not exist yet, and rebuilds a table whose global secondary indexes
 * are not the definition's (a DATA_DIR made before an index was added): dynalite cannot add an
 * index to a table, so the table is copied aside, made anew and filled back. dynalite keeps no
 * TTL expiry; the setting is recorded all the same.
 */
export async function ensureTables(client: DynamoDBClient): Promise<string[]> {
  const existing = await tableNames(client);
  const created: string[] = [];
  for (const table of TABLES as readonly TableDefinition[]) {
    const name = localTableName(table.id as TableId);
    const aside = `${name}${ASIDE_SUFFIX}`;
    if (existing.has(aside)) {
      if (existing.has(name) && !(await indexesMatch(client, table))) {
        // Cut short while copying aside: the table itself is still whole; copy again.
        await deleteAndWait(client, aside);
      } else {
        // Cut short after the copy was whole: the table is gone or half refilled.
        await recreateFrom(client, table, aside, existing.has(name));
        continue;
      }
    }
    if (existing.has(name)) {
      if (await indexesMatch(client, table)) continue;
      await copyTable(client, name, aside, createTableInput(table));
      await recreateFrom(client, table, aside, true);
      console.log(`Rebuilt ${name} with the indexes of its definition (its items kept).`);
      continue;
    }
    await createTable(client, table);
    created.push(name);
  }
  return created;
}

const ASIDE_SUFFIX = '-rebuilding';

/**
 * A created table takes writes only once ACTIVE and a deleted name is free only once gone, in
 * DynamoDB and in dynalite alike (dynalite flips the status a moment after answering); the waiters
 * poll at once and then every few milliseconds, as a local table changes in no time.
 */
const LOCAL_WAIT = { maxWaitTime: 30, minDelay: 0.01, maxDelay: 0.2 } as const;

async function createAndWait(
  client: DynamoDBClient,
  input: CreateTableCommandInput,
): Promise<void> {
  await client.send(new CreateTableCommand(input));
  await waitUntilTableExists({ client, ...LOCAL_WAIT }, { TableName: input.TableName });
}

async function deleteAndWait(client: DynamoDBClient, name: string): Promise<void> {
  await client.send(new DeleteTableCommand({ TableName: name }));
  await waitUntilTableNotExists({ client, ...LOCAL_WAIT }, { TableName: name });
}

async function tableNames(client: DynamoDBClient): Promise<Set<string>> {
  const names = new Set<string>();
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of page.TableNames ?? []) names.add(name);
    start = page.LastEvaluatedTableName;
  } while (start);
  return names;
}

async function createTable(client: DynamoDBClient, table: TableDefinition): Promise<void> {
  const name = localTableName(table.id as TableId);
  await createAndWait(client, createTableInput(table));
  if (table.timeToLiveAttribute) {
    await client
      .send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
        }),
      )
      .catch(() => undefined); // dynalite may not know the call; TTL is not enforced locally anyway
  }
}

async function indexesMatch(client: DynamoDBClient, table: TableDefinition): Promise<boolean> {
  const { Table } = await client.send(
    new DescribeTableCommand({ TableName: localTableName(table.id as TableId) }),
  );
  const have = (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort();
  const want = (table.globalSecondaryIndexes ?? []).map((index) => index.indexName).sort();
  return JSON.stringify(have) === JSON.stringify(want);
}

/** Every item of `from` into a new table `to` (created with `shape`'s keys), page by page. */
async function copyTable(
  client: DynamoDBClient,
  from: string,
  to: string,
  shape: CreateTableCommandInput,
): Promise<void> {
  await createAndWait(client, { ...shape, TableName: to });
  for await (const page of paginateScan({ client }, { TableName: from, ConsistentRead: true })) {
    for (const item of page.Items ?? []) {
      await client.send(new PutItemCommand({ TableName: to, Item: item }));
    }
  }
}

/** The table made anew from its definition and filled from the copy aside; then the copy goes. */
async function recreateFrom(
  client: DynamoDBClient,
  table: TableDefinition,
  aside: string,
  tableExists: boolean,
): Promise<void> {
  const name = localTableName(table.id as TableId);
  if (tableExists) await deleteAndWait(client, name);
  await createTable(client, table);
  for await (const page of paginateScan({ client }, { TableName: aside, ConsistentRead: true })) {
    for (const item of page.Items ?? []) {
      await client.send(new PutItemCommand({ TableName: name, Item: item }));
    }
  }
  await deleteAndWait(client, aside);
}

/**
 * Seeds the catalog by the deploy's rule: a plan is written when its row is missing or its seed
 * changed, and a row whose plan left the catalog is deleted; unchanged plans are not touched.
 */
export async function seedCatalog(
  client: DynamoDBClient,
  catalog: readonly Plan[] = CATALOG,
): Promise<{ written: string[]; deleted: string[] }> {
  const table = localTableName('plans');
  const written: string[] = [];
  for (const put of catalogSeedPuts(table, catalog)) {
    try {
      await client.send(new PutItemCommand(put));
      written.push(put.Item.id?.S ?? '');
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  const inCatalog = new Set(catalog.map((plan) => plan.id));
  const deleted: string[] = [];
  for await (const page of paginateScan(
    { client },
    { TableName: table, ProjectionExpression: 'id' },
  )) {
    for (const item of page.Items ?? []) {
      const id = item.id?.S;
      if (id === undefined || inCatalog.has(id)) continue;
      await client.send(new DeleteItemCommand(planDelete(table, id)));
      deleted.push(id);
    }
  }
  return { written, deleted };
}
