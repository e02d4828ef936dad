/**
 * An in-memory dynalite in this process, with every table of the system created as the local
 * stack creates them (infra/local/dynamodb.ts), for adapter tests and port contract specs.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { ensureTables } from '../../infra/local/dynamodb';
import { HOME_REGION, localTableName, type TableId } from '../../lambdas/system/facts';

type DynaliteFactory = (options: Record<string, unknown>) => Server;
const dynalite = createRequire(import.meta.url)('dynalite') as DynaliteFactory;

export interface Dynalite {
  client: DynamoDBDocumentClient;
  /** Its loopback port, for a client in another process (the bench's). */
  port: number;
  /** The table-name getter an adapter takes. */
  table(id: TableId): () => string;
  stop(): Promise<void>;
}

export async function startDynalite(): Promise<Dynalite> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const raw = new DynamoDBClient({
    region: HOME_REGION,
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTables(raw);
  const client = DynamoDBDocumentClient.from(raw, {
    marshallOptions: { removeUndefinedValues: true },
  });
  return {
    client,
    port,
    table: (id) => () => localTableName(id),
    async stop() {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
