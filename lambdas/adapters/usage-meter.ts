/**
 * The bench's meter on the AWS SDK clients (issue #30, the cost of a purchase): where
 * STOREFRONT_USAGE_LOG names a file (the bench sets it on the local stack; never set in AWS, so
 * nothing here runs there), each call a client makes is appended to it as one JSON line: the
 * service, the command, the items it read or wrote and, for DynamoDB, the capacity units DynamoDB
 * says it consumed (ReturnConsumedCapacity TOTAL is asked for on every call that takes it), plus
 * the function that made it where the local stack's runtime says (LOCAL_INVOCATION_KEY).
 */
import type { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { ENV, LOCAL_INVOCATION_KEY } from '../system/facts';

export type MeteredService = 'dynamodb' | 'ses' | 'eventbridge' | 'secretsmanager';

export interface UsageLine {
  service: MeteredService;
  command: string;
  /** The function that made the call, locally. */
  fn?: string;
  requestId?: string;
  /** DynamoDB: items read (returned) or written; SES: recipients; EventBridge: entries. */
  items: number;
  /** DynamoDB: whether the command reads. */
  read?: boolean;
  /** DynamoDB: the capacity units the answer says were consumed. */
  capacityUnits?: number;
  /** The call failed (a refused conditional write is still billed). */
  failed?: boolean;
}

const DYNAMO_READS = /^(Get|Query|Scan|BatchGet|TransactGet)/;
const DYNAMO_WRITES = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;

/** Items a DynamoDB call read (from its answer) or wrote (from its request), as billed by item. */
export function dynamoItems(command: string, input: unknown, output: unknown): number {
  if (DYNAMO_READS.test(command)) {
    const { Items, Item, Responses } = (output ?? {}) as {
      Items?: unknown[];
      Item?: unknown;
      Responses?: Record<string, unknown[]> | unknown[];
    };
    let items = (Items?.length ?? 0) + (Item ? 1 : 0);
    if (Array.isArray(Responses)) items += Responses.length;
    else for (const list of Object.values(Responses ?? {})) items += list.length;
    return items;
  }
  if (DYNAMO_WRITES.test(command)) {
    const { RequestItems, TransactItems } = (input ?? {}) as {
      RequestItems?: Record<string, unknown[]>;
      TransactItems?: unknown[];
    };
    if (RequestItems) return Object.values(RequestItems).reduce((n, list) => n + list.length, 0);
    if (TransactItems) return TransactItems.length;
    return 1;
  }
  return 0;
}

function capacityOf(output: unknown): number | undefined {
  const consumed = (output as { ConsumedCapacity?: unknown } | undefined)?.ConsumedCapacity;
  if (consumed === undefined) return undefined;
  const list = (Array.isArray(consumed) ? consumed : [consumed]) as { CapacityUnits?: number }[];
  return list.reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
}

function itemsOf(service: MeteredService, command: string, input: unknown, output: unknown) {
  switch (service) {
    case 'dynamodb':
      return dynamoItems(command, input, output);
    case 'ses': {
      const to = (input as { Destination?: { ToAddresses?: unknown[] } }).Destination?.ToAddresses;
      return to?.length ?? 1;
    }
    case 'eventbridge':
      return ((input as { Entries?: unknown[] }).Entries ?? []).length;
    case 'secretsmanager':
      return 1;
  }
}

function invocation(): { fn?: string; requestId?: string } {
  const storage = (globalThis as Record<symbol, unknown>)[Symbol.for(LOCAL_INVOCATION_KEY)] as
    AsyncLocalStorage<{ fn: string; requestId: string }> | undefined;
  return storage?.getStore() ?? {};
}

interface MiddlewareClient {
  middlewareStack: {
    add(
      middleware: (
        next: (args: { input: Record<string, unknown> }) => Promise<{ output: unknown }>,
        context: { commandName?: string },
      ) => (args: { input: Record<string, unknown> }) => Promise<{ output: unknown }>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
}

/** Adds the meter to `client` when STOREFRONT_USAGE_LOG is set; otherwise leaves it as it is. */
export function metered<C>(client: C, service: MeteredService): C {
  const file = process.env[ENV.usageLog];
  if (!file) return client;
  (client as unknown as MiddlewareClient).middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      if (service === 'dynamodb' && (DYNAMO_READS.test(command) || DYNAMO_WRITES.test(command))) {
        args.input.ReturnConsumedCapacity = 'TOTAL';
      }
      let output: unknown;
      let failed = false;
      try {
        const result = await next(args);
        output = result.output;
        return result;
      } catch (error) {
        // A refused conditional write is billed too.
        failed = true;
        throw error;
      } finally {
        const line: UsageLine = {
          service,
          command,
          ...invocation(),
          items: failed ? 1 : itemsOf(service, command, args.input, output),
        };
        if (failed) line.failed = true;
        if (service === 'dynamodb') {
          line.read = DYNAMO_READS.test(command);
          const units = capacityOf(output);
          if (units !== undefined) line.capacityUnits = units;
        }
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      }
    },
    { step: 'initialize', name: 'storefrontUsageMeter' },
  );
  return client;
}
