/**
 * For the fault tests: the local stack started through start-with-faults.ts (the same stack, with
 * test-only faults patched in), plus what the tests read from outside: the DynamoDB tables, the
 * local event bus's pending and dead-letter files, the SES stand-in run by the test itself, and a
 * bounded-concurrency runner. The stack it returns has the same shape as startLocalStack's, so the
 * storefront client works with it, and startLocalStack({ dataDir, ports }) restarts it plainly.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { exited, startLocalStack, type LocalStack, type StackPorts } from '../local-stack';
import { eventually } from '../storefront-client';
import { TABLES, localTableName } from '../../../lambdas/system/facts';

export type Fault =
  | 'hold-purchase-events'
  | 'hold-welcome-mail'
  | 'detach-ses'
  | 'hold-invoice-number'
  | 'hold-refund-request'
  | 'hold-refund-answer'
  | 'hold-refund-requested-event';

export interface FaultStackOptions {
  faults: Fault[];
  dataDir?: string;
  ports?: StackPorts;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Starts the stack with `faults`, as startLocalStack does (own process group, free ports). */
export function startFaultStack(options: FaultStackOptions): Promise<LocalStack> {
  return startLocalStack({
    dataDir: options.dataDir,
    ports: options.ports,
    timeoutMs: options.timeoutMs ?? 60_000,
    entry: join('tests', 'helpers', 'faults', 'start-with-faults.ts'),
    env: { ...options.env, STOREFRONT_FAULTS: options.faults.join(',') },
  });
}

/** Waits for a `[fault] ...` line (or any text) in the stack's output. */
export function outputShows(stack: LocalStack, text: string, timeoutMs = 15_000): Promise<true> {
  return eventually(
    async () => (stack.output().includes(text) ? true : undefined),
    `"${text}" in the stack's output`,
    timeoutMs,
  );
}

/** The local stack's table names, from the one list of tables. */
export const TABLE_NAMES = TABLES.map((table) => localTableName(table.id));

export type TableName = ReturnType<typeof localTableName>;
export type Item = Record<string, unknown>;

/** A DynamoDB document client on the stack's dynalite port, with dummy credentials. */
export function dynamo(stack: LocalStack): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: `http://127.0.0.1:${stack.ports.dynamodb}`,
      region: 'ap-south-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

/** Every item of a table, page by page. */
export async function scanAll(client: DynamoDBDocumentClient, table: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export interface BusDelivery {
  deliveryId: string;
  target: string;
  event: { 'detail-type': string; detail: Record<string, unknown> };
  attempts: { at: string; error?: string }[];
}

function readBusDir(stack: LocalStack, which: 'pending' | 'dlq'): BusDelivery[] {
  const dir = join(stack.dataDir, 'eventbus', which);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(join(dir, file), 'utf8')) as BusDelivery];
      } catch {
        return []; // a file being renamed into place or away
      }
    });
}

/** The local event bus's deliveries not yet done (they are files under DATA_DIR/eventbus). */
export function pendingBusDeliveries(stack: LocalStack): BusDelivery[] {
  return readBusDir(stack, 'pending');
}

export function deadLetters(stack: LocalStack): BusDelivery[] {
  return readBusDir(stack, 'dlq');
}

/** Waits until the bus has delivered everything it accepted, so that no more mail can come. */
export function busDrained(stack: LocalStack, timeoutMs = 20_000): Promise<true> {
  return eventually(
    async () => (pendingBusDeliveries(stack).length === 0 ? true : undefined),
    'the local event bus to deliver everything',
    timeoutMs,
  );
}

const require = createRequire(import.meta.url);

export interface SesStandIn {
  pid: number;
  stop(): Promise<void>;
}

/** aws-ses-v2-local on `port`, started by the test (the stack's own one was stopped). */
export async function startSesStandIn(port: number): Promise<SesStandIn> {
  const bin = require.resolve('aws-ses-v2-local/dist/cli.js');
  const child = spawn(process.execPath, [bin, '--host', '127.0.0.1', '--port', String(port)], {
    stdio: 'ignore',
  });
  if (!child.pid) throw new Error('aws-ses-v2-local did not start.');
  const pid = child.pid;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited(child);
    clearTimeout(timer);
  };
  try {
    await eventually(
      async () => ((await fetch(`http://127.0.0.1:${port}/health-check`)).ok ? true : undefined),
      'aws-ses-v2-local to answer',
      20_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid, stop };
}

/** Runs `work` over `items`, at most `limit` at a time; answers in the items' order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
