/**
 * The bench's DynamoDB meter: a document client whose `send` counts what each call read and wrote,
 * in items, as DynamoDB bills them (items each Query returns, a GetItem that found one, each item
 * a BatchGetItem returns; one a Put, Update or Delete, each request of a BatchWrite or a
 * TransactWrite), and the requests that did it, by command. Only the bench wraps a client so.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoItems } from '../lambdas/adapters/usage-meter';

export interface DynamoCounts {
  itemsRead: number;
  itemsWritten: number;
  readRequests: number;
  writeRequests: number;
  /** Requests by command name (QueryCommand, UpdateCommand, ...). */
  byCommand: Record<string, number>;
}

export interface CountingClient {
  client: DynamoDBDocumentClient;
  counts(): DynamoCounts;
  reset(): void;
}

const READS = /^(Get|Query|Scan|BatchGet|TransactGet)Command$/;
const WRITES = /^(Put|Update|Delete|BatchWrite|TransactWrite)Command$/;

function emptyCounts(): DynamoCounts {
  return { itemsRead: 0, itemsWritten: 0, readRequests: 0, writeRequests: 0, byCommand: {} };
}

/** Counts, on top of `client`, every call made through the returned one. */
export function countingClient(client: DynamoDBDocumentClient): CountingClient {
  let counts = emptyCounts();
  const send = async (command: Parameters<typeof client.send>[0]) => {
    const name = command.constructor.name;
    const input = (command as { input?: Record<string, unknown> }).input ?? {};
    counts.byCommand[name] = (counts.byCommand[name] ?? 0) + 1;
    let output: unknown;
    try {
      output = await client.send(command);
      return output;
    } finally {
      // A refused conditional write is counted too: DynamoDB bills it.
      const items = dynamoItems(name, input, output);
      if (WRITES.test(name)) {
        counts.writeRequests += 1;
        counts.itemsWritten += items;
      }
      if (READS.test(name)) {
        counts.readRequests += 1;
        counts.itemsRead += items;
      }
    }
  };
  // The paginators check that they were given a document client: keep its prototype.
  const counted = new Proxy(client, {
    get: (target, key, receiver) => (key === 'send' ? send : Reflect.get(target, key, receiver)),
  });
  return {
    client: counted,
    counts: () => structuredClone(counts),
    reset: () => {
      counts = emptyCounts();
    },
  };
}

/** What happened between two readings of a meter. */
export function countsSince(before: DynamoCounts, after: DynamoCounts): DynamoCounts {
  const byCommand: Record<string, number> = {};
  for (const [name, n] of Object.entries(after.byCommand)) {
    const d = n - (before.byCommand[name] ?? 0);
    if (d) byCommand[name] = d;
  }
  return {
    itemsRead: after.itemsRead - before.itemsRead,
    itemsWritten: after.itemsWritten - before.itemsWritten,
    readRequests: after.readRequests - before.readRequests,
    writeRequests: after.writeRequests - before.writeRequests,
    byCommand,
  };
}
