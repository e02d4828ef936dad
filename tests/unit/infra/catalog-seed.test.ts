/**
 * The one catalog seeder (infra/lib/definitions/catalog-seed.ts) as the local stack sends it to
 * dynalite, the same calls the deploy's custom resources make: missing or changed plans are
 * written, unchanged ones left alone, plans that left the catalog deleted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../../../lambdas/domain/catalog';
import { localTableName } from '../../../lambdas/system/facts';
import {
  ensureTables,
  localDynamoClient,
  seedCatalog,
  startDynalite,
} from '../../../infra/local/dynamodb';
import { planItem } from '../../../infra/lib/definitions/catalog-seed';

let server: Server;
let client: DynamoDBClient;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-seed-'));
  server = await startDynalite(dataDir, 0);
  client = localDynamoClient((server.address() as AddressInfo).port);
  await ensureTables(client);
});
afterAll(async () => {
  client.destroy();
  await new Promise((r) => server.close(r));
  rmSync(dataDir, { recursive: true, force: true });
});

const TABLE = localTableName('plans');
const raw = () => client;
const row = async (id: string) =>
  (await raw().send(new GetItemCommand({ TableName: TABLE, Key: { id: { S: id } } }))).Item;

describe('seeding the catalog', () => {
  it('writes every plan once, and nothing on the next start', async () => {
    const first = await seedCatalog(raw());
    expect(first).toEqual({ written: CATALOG.map((p) => p.id), deleted: [] });
    expect(await seedCatalog(raw())).toEqual({ written: [], deleted: [] });
  });

  it('rewrites only a plan whose seed changed, and deletes a plan that left the catalog', async () => {
    const [kept, changed] = CATALOG;
    const removed = CATALOG.at(-1);
    // A mark on the unchanged row shows whether it was written again.
    await raw().send(
      new UpdateItemCommand({
        TableName: TABLE,
        Key: { id: { S: kept!.id } },
        UpdateExpression: 'SET untouched = :yes',
        ExpressionAttributeValues: { ':yes': { BOOL: true } },
      }),
    );
    const catalog = [
      kept!,
      { ...changed!, monthlyPricePaise: changed!.monthlyPricePaise + 10_000 },
      // Dropping the last plan moves no other plan's place in the listing.
      ...CATALOG.slice(2, -1),
    ];

    const result = await seedCatalog(raw(), catalog);

    expect(result).toEqual({ written: [changed!.id], deleted: [removed!.id] });
    expect((await row(kept!.id))?.untouched).toEqual({ BOOL: true });
    expect((await row(changed!.id))?.monthlyPricePaise).toEqual({
      N: String(changed!.monthlyPricePaise + 10_000),
    });
    expect(await row(removed!.id)).toBeUndefined();
  });

  it('rewrites a row written before rows carried their seed’s hash', async () => {
    const [plan] = CATALOG;
    const { seedHash: _hash, ...withoutHash } = planItem(plan!, 0);
    await raw().send(new PutItemCommand({ TableName: TABLE, Item: withoutHash }));

    const result = await seedCatalog(raw());

    expect(result.written).toContain(plan!.id);
    expect((await row(plan!.id))?.seedHash).toEqual(planItem(plan!, 0).seedHash);
  });
});
